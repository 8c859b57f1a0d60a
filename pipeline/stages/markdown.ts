/**
 * Stage 5, markdown: mdast → hast for one entry, with everything the page
 * and the link checker need: heading ids and TOC, resolved links (with their
 * source positions), hashed images, admonitions, embeds, highlighted code and
 * mermaid SVG. Pure: the highlighter and diagram SVGs come in as values made
 * at the io edge.
 *
 * Each job is a module of markdown/, with a handler for the node types it
 * changes; one walk hands every node to its handler (markdown/walk.ts), and
 * the problems the handlers return come back in the order of the page. Then
 * the excerpt is split off and both trees become hast (markdown/to-hast.ts).
 */
import type { Root as HastRoot } from 'hast';
import type { Root } from 'mdast';
import type { Assets } from './assets.ts';
import type { Highlighter } from './highlight.ts';
import type { Problem } from '../problem.ts';
import type { Content, Diagram } from '../types.ts';
import { copyTree } from './markdown/copy-tree.ts';
import { sourceOf } from './markdown/source.ts';
import { walk } from './markdown/walk.ts';
import { headingIds } from './markdown/headings-and-toc.ts';
import { linkTargets } from './markdown/links.ts';
import { imageAssets } from './markdown/images.ts';
import { rawHtml } from './markdown/raw-html.ts';
import { mermaidFigures } from './markdown/mermaid.ts';
import { codeLanguage } from './markdown/code.ts';
import { directiveElements } from './markdown/directives.ts';
import { splitExcerpt } from './markdown/excerpt.ts';
import { firstParagraph, readingWords } from './markdown/reading.ts';
import { pageHast } from './markdown/to-hast.ts';
import { mdxElements } from './markdown/mdx-elements.ts';
import { defaultComponentsFolder } from './site-component-keys.ts';

export type { Content, Diagram, LinkRef, TocItem } from '../types.ts';
export { admonitionTitles } from './markdown/admonitions.ts';
export { unsafeHtml } from './markdown/raw-html.ts';
export { safeDecode, unsafeUrl } from './markdown/urls.ts';
export { eagerImageBlocks } from './markdown/image-loading.ts';
export { languagesUsed } from './markdown/code.ts';
export { mermaidSources } from './markdown/mermaid.ts';

export interface MarkdownContext {
  /** Content path (`kennisbank/apis/index.md`) → permalink, for relative `.md` links. */
  readonly permalinks: ReadonlyMap<string, string>;
  /** Content paths of drafts left out of this build. */
  readonly drafts: ReadonlySet<string>;
  /** Content paths of Markdown files that could not be built, so a link to one says so. Left out: none. */
  readonly unbuilt?: ReadonlySet<string>;
  /** Every permalink, made once per build for the links of every page. */
  readonly routes?: ReadonlySet<string>;
  readonly assets: Assets;
  readonly highlighter: Highlighter | null;
  /**
   * Highlighted code blocks by fence, shared by the pages of one build: made
   * by whoever makes the context, so two builds never share one. Left out,
   * every block is highlighted afresh (the output is the same).
   */
  readonly highlighted?: Map<string, HastRoot>;
  /** Mermaid SVG by hash of the diagram source; absent when no browser was available. */
  readonly diagrams: ReadonlyMap<string, Diagram> | null;
  /** MDX: the site's own components and what an unknown one is; left out, the site has none and unknown components are errors. */
  readonly mdx?: MdxSettings;
}

/** The site's MDX settings (`mdx` in the site configuration) with the keys of its components (pipeline/stages/site-component-keys.ts). */
export interface MdxSettings {
  readonly unknownComponents: 'error' | 'warn';
  /** The components folder, relative to the content root. */
  readonly componentsFolder: string;
  readonly siteComponents: ReadonlySet<string>;
  /** The static folders, relative to the content root: `import x from '@site/static/img/x.png'` is `/img/x.png`. */
  readonly staticFolders: ReadonlyArray<string>;
}

const noSiteComponents: MdxSettings = { unknownComponents: 'error', componentsFolder: defaultComponentsFolder, siteComponents: new Set(), staticFolders: ['static'] };

export interface MarkdownInput {
  readonly tree: Root;
  /** Content path of the source file, for resolving relative links. */
  readonly path: string;
  /** Path as shown in messages. */
  readonly display: string;
  readonly permalink: string;
  readonly tocMin: number;
  readonly tocMax: number;
  /** The whole source file, to restore text that only looked like a directive. */
  readonly source?: string;
}

/** A page's content, and the problems found on it in the order of the page (the shape the memo and build cache keep). */
export function renderMarkdown(input: MarkdownInput, ctx: MarkdownContext): { readonly content: Content; readonly problems: ReadonlyArray<Problem> } {
  // The jobs change the tree in place: the memo and the build cache keep the original.
  const tree = copyTree(input.tree);
  const file = input.display;
  const source = sourceOf(input.source);
  const headings = headingIds(input);
  const links = linkTargets(input, ctx);
  const diagrams = mermaidFigures(file, ctx.diagrams);
  const code = codeLanguage(file, ctx.highlighter);
  const directives = directiveElements(file, source);
  const mdx = mdxElements(tree, input, { ...(ctx.mdx ?? noSiteComponents), assetUrl: (path) => ctx.assets.get(path)?.url ?? null });

  const walked = walk(tree, {
    heading: headings.heading,
    link: links.link,
    definition: links.definition,
    image: imageAssets(input.path, file, ctx.assets, links.record),
    html: rawHtml(file),
    code: (node) => (node.lang === 'mermaid' ? diagrams.code(node) : code(node)),
    containerDirective: directives.directive,
    leafDirective: directives.directive,
    textDirective: directives.directive,
    mdxJsxFlowElement: mdx.element,
    mdxJsxTextElement: mdx.element,
    mdxFlowExpression: mdx.expression,
    mdxTextExpression: mdx.expression,
    mdxjsEsm: mdx.esm,
  });
  mdx.tidy();
  const problems = [...walked, ...mdx.unknownComponents()];

  const { body, excerpt } = splitExcerpt(tree);
  const highlighting = { highlighter: ctx.highlighter, highlighted: ctx.highlighted };
  return {
    content: {
      body: pageHast(body, highlighting),
      excerpt: excerpt ? pageHast(excerpt, highlighting) : null,
      toc: headings.toc,
      anchors: headings.anchors,
      links: links.links,
      words: readingWords(body),
      firstParagraph: firstParagraph(body),
      hasMermaid: diagrams.found(),
      docCardList: directives.docCardList() || mdx.docCardList(),
    },
    problems,
  };
}
