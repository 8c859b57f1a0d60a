/**
 * Stage: React pages. A React page (`src/pages/team/index.tsx`) is rendered
 * at build time in the component box (pipeline/io/site-components.ts) and
 * held to the schema of site-code output there; this stage makes of that
 * HTML a page of the site like a Markdown page: a `Page` at the path
 * Docusaurus gives the file, and a `Content` whose body is the HTML as a
 * tree, so the routes, the link check, the search records and the renderer
 * treat it as any other page.
 */
import { parseFragment } from 'parse5';
import { fromParse5 } from 'hast-util-from-parse5';
import { toString } from 'hast-util-to-string';
import { visit } from 'unist-util-visit';
import type { Element, Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import { startOfFile, type Place } from '../problem.ts';
import type { Content, LinkRef, Page, Site, TocItem } from '../types.ts';
import { pagePermalink } from './resolve/permalinks.ts';

/** A React page as the box rendered it. */
export interface RenderedReactPage {
  /** Path inside the pages folder: `team/index.tsx`. */
  readonly rel: string;
  /** The file as messages name it. */
  readonly display: string;
  /** Its HTML, already held to the schema of site-code output. */
  readonly html: string;
  /** What its `Layout` (or `Head`) said. */
  readonly title?: string | undefined;
  readonly description?: string | undefined;
  readonly wrapperClassName?: string | undefined;
  readonly noFooter?: boolean | undefined;
  /** The ids of the stylesheets its code imports (pipeline/stages/site-styles.ts). */
  readonly styles?: ReadonlyArray<string> | undefined;
  /** Where a route a plugin added (`addRoute`) is published; left out, where Docusaurus publishes the file (`reactPagePermalink`). */
  readonly permalink?: string | undefined;
  /** The page's source text, to point a link's problem at the place where the page writes it; left out, at the start of the file. */
  readonly source?: string | undefined;
}

/** Where a rendered React page is published. */
const permalinkOf = (rendered: RenderedReactPage): string => rendered.permalink ?? reactPagePermalink(rendered.rel);

/** The page's id as Docusaurus takes it: the path without its extension (`team/index`). */
export const reactPageId = (rel: string): string => rel.replace(/\.(tsx|jsx|ts|js)$/, '');

/** Where Docusaurus publishes a React page: `index.tsx` → `/`, `team/index.tsx` → `/team/`, `foo.tsx` → `/foo`. */
export const reactPagePermalink = (rel: string): string => pagePermalink(reactPageId(rel));

/** The words of a text, as the other pages count them. */
const wordCount = (text: string): number => text.split(/\s+/).filter(Boolean).length;

/** An internal link of the page as a site path (`/docs/intro#x`), or null when it leaves the site or is no link. */
function sitePath(href: string, permalink: string): string | null {
  if (/^[a-z][a-z\d+.-]*:|^\/\//i.test(href)) return null;
  const url = new URL(href, `https://site.invalid${permalink}`);
  if (url.host !== 'site.invalid') return null;
  return `${url.pathname}${url.hash}`;
}

/**
 * Where the page's source writes a link: the first string literal in it that
 * is the link as rendered (`to="/docs/intro"`, `href={'/blog'}`). A link the
 * code builds (a template, a variable, `useBaseUrl`) is not found: then the
 * start of the file, as the rendered HTML has no places of its own.
 */
export function placeInSource(source: string, href: string): Place {
  for (const quote of ['"', "'", '`']) {
    const at = source.indexOf(`${quote}${href}${quote}`);
    if (at < 0) continue;
    const before = source.slice(0, at);
    const line = before.split('\n').length;
    return { line, column: at - before.lastIndexOf('\n') };
  }
  return startOfFile;
}

/** The body tree of a page's HTML and what the other stages read of it (ids, links, headings, words); `source` places its links. */
export function reactPageContent(html: string, permalink: string, display: string, source?: string): Content {
  const body = fromParse5(parseFragment(html)) as HastRoot;
  const anchors: string[] = [];
  const links: LinkRef[] = [];
  const toc: TocItem[] = [];
  let firstParagraph: string | null = null;
  visit(body, 'element', (node: Element) => {
    const id = node.properties.id;
    if (typeof id === 'string' && id !== '') anchors.push(id);
    const href = node.properties.href;
    if (node.tagName === 'a' && typeof href === 'string') {
      const url = sitePath(href, permalink);
      if (url !== null) links.push({ url, file: display, place: source === undefined ? startOfFile : placeInSource(source, href) });
    }
    const depth = /^h([23])$/.exec(node.tagName)?.[1];
    if (depth && typeof id === 'string' && id !== '') toc.push({ id, text: toString(node).trim(), depth: Number(depth) });
    if (node.tagName === 'p' && firstParagraph === null) {
      const text = toString(node).replace(/\s+/g, ' ').trim();
      if (text !== '') firstParagraph = text;
    }
  });
  return { body, excerpt: null, toc, anchors, links, words: wordCount(toString(body)), firstParagraph, hasMermaid: false, docCardList: false };
}

/** The page of the site a React page is: its title from `Layout` or `Head`, else its first `h1`, else its file name. */
function reactPage(rendered: RenderedReactPage, content: Content): Page {
  let h1: string | null = null;
  visit(content.body, 'element', (node: Element) => {
    if (h1 === null && node.tagName === 'h1') h1 = toString(node).trim();
  });
  const id = rendered.permalink !== undefined ? rendered.permalink.replace(/^\/+|\/+$/g, '') || 'index' : reactPageId(rendered.rel);
  const title = rendered.title ?? h1 ?? id.split('/').filter((p) => p !== 'index').pop() ?? id;
  const tree: MdastRoot = { type: 'root', children: [] };
  return {
    entry: {
      kind: 'page', id, file: { path: rendered.rel, display: rendered.display, text: '' }, tree, locate: () => startOfFile,
      // Its own h1, when it has one: the theme then draws no title above it.
      contentTitle: h1,
      frontmatter: { title, ...(rendered.description !== undefined ? { description: rendered.description } : {}), ...(rendered.wrapperClassName !== undefined ? { wrapperClassName: rendered.wrapperClassName } : {}) },
      react: { noFooter: rendered.noFooter === true, html: rendered.html, ...(rendered.styles?.length ? { styles: rendered.styles } : {}) },
    },
    permalink: permalinkOf(rendered),
    title,
    description: rendered.description ?? null,
    tags: [],
    draft: false,
    unlisted: false,
  };
}

/** The site with its React pages among its pages, and their contents beside the others. */
export function withReactPages<C extends ReadonlyMap<string, Content>>(site: Site, contents: C, pages: ReadonlyArray<RenderedReactPage>): { site: Site; contents: Map<string, Content> } {
  const made = pages.map((rendered) => {
    const permalink = permalinkOf(rendered);
    const content = reactPageContent(rendered.html, permalink, rendered.display, rendered.source);
    return { page: reactPage(rendered, content), content };
  });
  return {
    site: { ...site, pages: [...site.pages, ...made.map((m) => m.page)] },
    contents: new Map([...contents, ...made.map((m) => [m.page.permalink, m.content] as const)]),
  };
}
