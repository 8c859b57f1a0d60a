/**
 * Stage 5, markdown: mdast → hast for one entry, with everything the page
 * and the link checker need: heading ids and TOC, resolved links (with their
 * source positions), hashed images, admonitions, embeds, highlighted code and
 * mermaid SVG. Pure: the highlighter and diagram SVGs come in as values made
 * at the io edge.
 */
import { posix } from 'node:path';
import { unified } from 'unified';
import remarkRehype from 'remark-rehype';
import rehypeRaw from 'rehype-raw';
import rehypeShikiFromHighlighter from '@shikijs/rehype/core';
import type { HighlighterCore } from 'shiki/core';
import { codeBlocks, isUnknownLanguage, shikiOptions, type Highlighter } from './highlight.ts';
import GithubSlugger, { slug } from 'github-slugger';
import { visit, SKIP, EXIT } from 'unist-util-visit';
import { toString } from 'mdast-util-to-string';
import { parseFragment } from 'parse5';
import { fromParse5 } from 'hast-util-from-parse5';
import type { Root as HastRoot, Element } from 'hast';
import type { Root, Nodes, Parent, Heading, Paragraph, RootContent } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import type { Assets } from './assets.ts';
import { contentHash } from './assets.ts';
import { error, placeOf, warning, type Place, type Problem } from '../problem.ts';
import { isTruncateMarker } from './resolve.ts';
import { countWords } from './text.ts';
import type { Content, Diagram, LinkRef, TocItem } from '../types.ts';

export type { Content, Diagram, LinkRef, TocItem } from '../types.ts';

export interface MarkdownContext {
  /** Content path (`kennisbank/apis/index.md`) → permalink, for relative `.md` links. */
  readonly permalinks: ReadonlyMap<string, string>;
  /** Content paths of drafts left out of this build. */
  readonly drafts: ReadonlySet<string>;
  readonly assets: Assets;
  readonly highlighter: Highlighter | null;
  /** Mermaid SVG by hash of the diagram source; absent when no browser was available. */
  readonly diagrams: ReadonlyMap<string, Diagram> | null;
}

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

/**
 * A deep copy of a syntax tree, which the stage then changes in place (the
 * memo and the build cache keep the original). Trees are plain objects and
 * arrays, parsed or read back from JSON: copying them by hand takes a quarter
 * of structuredClone's time (70 → 18 ms for the real content).
 */
function copyTree<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyTree) as T;
  const copy: Record<string, unknown> = {};
  for (const key in value) copy[key] = copyTree((value as Record<string, unknown>)[key]);
  return copy as T;
}

/** The source text of a node, from its line/column positions. */
function sourceOf(source: string, node: Nodes): string | null {
  const start = node.position?.start;
  const end = node.position?.end;
  if (!start || !end) return null;
  const lines = source.split('\n');
  const from = lines.slice(0, start.line - 1).reduce((n, l) => n + l.length + 1, 0) + start.column - 1;
  const to = lines.slice(0, end.line - 1).reduce((n, l) => n + l.length + 1, 0) + end.column - 1;
  return source.slice(from, to);
}

// ---------------------------------------------------------------------------

export const admonitionTitles: Readonly<Record<string, string>> = {
  note: 'Notitie', tip: 'Tip', info: 'Info', warning: 'Waarschuwing', danger: 'Gevaar', caution: 'Pas op', success: 'Gelukt',
};

const safeTags = new Set([
  'a', 'abbr', 'b', 'br', 'cite', 'code', 'dd', 'del', 'details', 'dfn', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure',
  'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'pre', 'q', 's', 'samp', 'small',
  'span', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'u', 'ul', 'var',
]);
const safeAttributes = new Set(['href', 'src', 'alt', 'title', 'width', 'height', 'id', 'class', 'open', 'lang', 'dir', 'colspan', 'rowspan', 'scope', 'datetime', 'cite']);

/** Reasons a raw HTML snippet is refused; empty when it is on the safe list. */
export function unsafeHtml(html: string): string[] {
  const reasons: string[] = [];
  for (const match of html.matchAll(/<\s*\/?\s*([a-zA-Z][\w-]*)/g)) {
    const tag = (match[1] ?? '').toLowerCase();
    if (!safeTags.has(tag)) reasons.push(`het element <${tag}> staat niet op de veilige lijst`);
  }
  const tree = fromParse5(parseFragment(html));
  visit(tree, 'element', (node: Element) => {
    for (const [name, value] of Object.entries(node.properties)) {
      const attr = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/^class-name$/, 'class');
      if (/^on/i.test(name)) reasons.push(`het attribuut ${attr} (een event handler) is niet toegestaan`);
      else if (!safeAttributes.has(attr) && !attr.startsWith('aria-')) reasons.push(`het attribuut ${attr} staat niet op de veilige lijst`);
      if (typeof value === 'string' && unsafeUrl(value)) reasons.push(`een ${attr} met een ${unsafeUrl(value)}:-adres is niet toegestaan`);
    }
  });
  return [...new Set(reasons)];
}

const externalUrl = /^[a-z][a-z0-9+.-]*:/i;

/** The scheme of a URL that would run script, after stripping what browsers ignore (tabs, newlines, controls). */
export function unsafeUrl(url: string): string | null {
  const scheme = /^([a-z]+):/i.exec(url.replace(/[\u0000-\u0020\u007f]/g, ''))?.[1]?.toLowerCase();
  return scheme === 'javascript' || scheme === 'vbscript' || scheme === 'data' ? scheme : null;
}

/** `decodeURIComponent`, or the text as written when its %-escapes are malformed (`%E0%A4%A`). */
export const safeDecode = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** Resolves a link target written in `path`'s folder; null when it leaves the content root. */
const resolveContentPath = (from: string, target: string): string | null => {
  const joined = posix.normalize(posix.join(posix.dirname(from), safeDecode(target)));
  return joined.startsWith('../') || joined === '..' || posix.isAbsolute(joined) ? null : joined;
};

const splitHash = (url: string): [string, string] => {
  const i = url.indexOf('#');
  return i === -1 ? [url, ''] : [url.slice(0, i), url.slice(i)];
};

const customId = /\s*\{#([^}\s]+)\}\s*$/;

export function renderMarkdown(input: MarkdownInput, ctx: MarkdownContext): { content: Content; problems: Problem[] } {
  const problems: Problem[] = [];
  const tree = copyTree(input.tree);
  const file = input.display;
  const slugger = new GithubSlugger();
  const toc: TocItem[] = [];
  const anchors: string[] = [];
  const taken = new Set<string>();
  const links: LinkRef[] = [];
  let hasMermaid = false;
  let docCardList = false;

  visit(tree, (node: Nodes, index, parent: Parent | undefined) => {
    switch (node.type) {
      case 'heading':
        headingIds(node);
        return;
      case 'link': {
        const url = node.url;
        if (unsafeUrl(url)) {
          problems.push(error('unsafe-html', file, placeOf(node), `Een link naar een ${unsafeUrl(url)}:-adres is niet toegestaan: zulke links voeren code uit in de browser van de lezer. Gebruik een gewone https-link.`));
          node.url = '#';
          return;
        }
        if (externalUrl.test(url) || url.startsWith('//')) return;
        node.url = internalLink(url, placeOf(node));
        return;
      }
      case 'definition': {
        // `[naam]: javascript:…` would reach every `[tekst][naam]` that uses it.
        if (unsafeUrl(node.url)) {
          problems.push(error('unsafe-html', file, placeOf(node), `Een link naar een ${unsafeUrl(node.url)}:-adres is niet toegestaan: zulke links voeren code uit in de browser van de lezer. Gebruik een gewone https-link.`));
          node.url = '#';
          return;
        }
        if (!externalUrl.test(node.url)) node.url = internalLink(node.url, placeOf(node));
        return;
      }
      case 'image': {
        if (!node.alt?.trim()) {
          problems.push(warning('missing-alt', file, placeOf(node), 'Deze afbeelding heeft geen alt-tekst. Beschrijf in ![...] wat de afbeelding laat zien, zodat ook wie haar niet ziet de inhoud krijgt.'));
        }
        if (unsafeUrl(node.url)) {
          problems.push(error('unsafe-html', file, placeOf(node), `Een afbeelding met een ${unsafeUrl(node.url)}:-adres is niet toegestaan (de Content-Security-Policy blokkeert die ook). Zet het bestand in content/ en verwijs er relatief naar.`));
          node.url = '';
          return;
        }
        if (externalUrl.test(node.url) || node.url.startsWith('/')) return;
        const target = resolveContentPath(input.path, splitHash(node.url)[0]);
        const asset = target ? ctx.assets.get(target) : undefined;
        if (!target) {
          problems.push(error('link-outside-content', file, placeOf(node), `De afbeelding "${node.url}" ligt buiten de contentmap. Zet het bestand in content/ en verwijs er relatief naar.`));
        } else if (!asset) {
          problems.push(error('broken-image', file, placeOf(node), `De afbeelding "${node.url}" bestaat niet (gezocht: content/${target}). Controleer de bestandsnaam en het pad.`));
        } else {
          node.url = asset.url;
          // `loading` and `decoding` follow from the image's place on the page: see imageLoading.
          node.data = { ...node.data, hProperties: { width: asset.width ?? undefined, height: asset.height ?? undefined } };
        }
        return;
      }
      case 'html': {
        if (!parent || index === undefined || isTruncateMarker(node)) return;
        if (/^<!--[\s\S]*-->$/.test(node.value.trim())) {
          parent.children.splice(index, 1);
          return [SKIP, index];
        }
        const reasons = unsafeHtml(node.value);
        if (reasons.length) {
          problems.push(error('unsafe-html', file, placeOf(node), `Deze HTML is niet toegestaan: ${reasons.join('; ')}. Gebruik Markdown, of alleen veilige elementen zoals <details> en <kbd>.`));
          parent.children.splice(index, 1);
          return [SKIP, index];
        }
        return;
      }
      case 'code': {
        if (node.lang === 'mermaid') {
          hasMermaid = true;
          mermaid(node.value, node, placeOf(node));
          return SKIP;
        }
        if (node.lang && ctx.highlighter && isUnknownLanguage(node.lang, ctx.highlighter.getLoadedLanguages())) {
          problems.push(warning('unknown-language', file, placeOf(node), `De taal "${node.lang}" is onbekend voor de syntax highlighter; het blok wordt als platte tekst getoond. Gebruik een taal uit docs/authoring.md.`));
          node.lang = 'text';
        }
        return;
      }
      case 'containerDirective':
      case 'leafDirective':
      case 'textDirective':
        return directive(node, index, parent);
      default:
        return;
    }
  });

  function headingIds(node: Heading) {
    const last = node.children[node.children.length - 1];
    let id: string | null = null;
    if (last?.type === 'text') {
      const match = customId.exec(last.value);
      if (match) {
        id = match[1] ?? null;
        last.value = last.value.slice(0, match.index);
      }
    }
    const text = toString(node).trim();
    if (id) {
      // Honoured as written; only a second use of the same id gets a suffix, as a slug would.
      slugger.slug(id);
      const wanted = id;
      for (let n = 1; taken.has(id); n++) id = `${wanted}-${n}`;
    } else {
      // A heading of only punctuation has an empty slug: it still needs an id.
      const base = slug(text) ? text : 'kop';
      do id = slugger.slug(base); while (taken.has(id));
    }
    taken.add(id);
    anchors.push(id);
    node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } };
    if (node.depth >= input.tocMin && node.depth <= input.tocMax) toc.push({ id, text, depth: node.depth });
  }

  /** Rewrites an internal link to its site URL and records it for the link checker. */
  function internalLink(url: string, place: Place): string {
    const [target, hash] = splitHash(url);
    if (target === '') {
      links.push({ url: `${input.permalink}${hash}`, file, place });
      return url;
    }
    if (target.startsWith('/')) {
      links.push({ url, file, place });
      return url;
    }
    const contentPath = resolveContentPath(input.path, target);
    if (contentPath === null) {
      problems.push(error('link-outside-content', file, place, `De link "${url}" wijst naar een bestand buiten de contentmap. Verwijs naar een pagina binnen content/ of gebruik een volledige URL.`));
      return url;
    }
    if (/\.mdx?$/i.test(target)) {
      const permalink = ctx.permalinks.get(contentPath);
      if (permalink) {
        links.push({ url: `${permalink}${hash}`, file, place });
        return `${permalink}${hash}`;
      }
      if (ctx.drafts.has(contentPath)) {
        problems.push(error('link-to-draft', file, place, `De link "${url}" wijst naar een conceptpagina (draft: true), die niet in de productiebuild komt. Haal de link weg of publiceer de pagina.`));
      } else {
        problems.push(error('broken-markdown-link', file, place, `De link "${url}" wijst naar content/${contentPath}, maar dat bestand bestaat niet. Controleer het pad (relatief aan dit bestand).`));
      }
      return url;
    }
    const asset = ctx.assets.get(contentPath);
    if (asset) return asset.url;
    // A relative route such as `../tags`: resolve against this page's URL.
    const base = input.permalink.endsWith('/') ? input.permalink : posix.dirname(input.permalink) + '/';
    const resolved = posix.normalize(posix.join(base, target));
    links.push({ url: `${resolved}${hash}`, file, place });
    return `${resolved}${hash}`;
  }

  function mermaid(source: string, node: Nodes, place: Place) {
    const diagram = ctx.diagrams?.get(contentHash(source, 16));
    const label = source.trim().split('\n')[0]?.startsWith('sequenceDiagram') ? 'Sequentiediagram' : 'Diagram';
    if (diagram && 'error' in diagram) {
      problems.push(error('mermaid-syntax', file, place, `Het mermaid-diagram kan niet worden getekend: ${diagram.error}. Controleer de syntax op https://mermaid.js.org.`));
    }
    const svg = diagram && 'svg' in diagram ? diagram.svg : null;
    // Not rendered: the page keeps the source, marked so that the shell loads mermaid for this
    // diagram in the browser (theme/client/mermaid-lazy.ts). `diagrams: null` means the io edge
    // had no Chromium: that is worth a warning. (Pure test runs pass an empty map: no warning.)
    const lazy = !diagram;
    if (lazy && !ctx.diagrams) {
      problems.push(warning('mermaid-unavailable', file, place, 'Er is geen Chromium om dit diagram tijdens de build te tekenen; de browser tekent het nu bij het laden. Installeer chromium voor diagrammen zonder JavaScript.'));
    }
    Object.assign(node, {
      type: 'mermaidDiagram',
      data: {
        hName: 'figure',
        hProperties: {
          className: ['mermaid-diagram'], dataMermaidSvg: svg ?? undefined, dataMermaidSource: svg ? undefined : source,
          dataMermaidLazy: lazy ? '' : undefined, dataLabel: `${label}: ${describeDiagram(source)}`,
        },
      },
      children: [],
    });
  }

  /** A title's text, with what only looked like a text directive (`Let op:dit`) as written. */
  function plainText(node: Nodes): string {
    if (node.type === 'textDirective') return (input.source ? sourceOf(input.source, node) : null) ?? `:${node.name}${toString(node)}`;
    return 'children' in node ? node.children.map((c) => plainText(c as Nodes)).join('') : toString(node);
  }

  function directive(node: ContainerDirective | LeafDirective | TextDirective, index: number | undefined, parent: Parent | undefined) {
    if (node.type === 'containerDirective' && node.name in admonitionTitles) {
      const first = node.children[0];
      let title = admonitionTitles[node.name] ?? node.name;
      if (first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel) {
        title = plainText(first).trim() || title;
        node.children.shift();
      }
      node.data = { hName: 'aside', hProperties: { className: ['admonition', `admonition-${node.name}`], dataAdmonition: node.name, dataTitle: title } };
      return;
    }
    if (node.type === 'leafDirective' && node.name === 'doc-card-list') {
      // Docusaurus' <DocCardList />: the theme puts the cards of this folder's pages here (renderer/markdown.tsx).
      docCardList = true;
      node.data = { hName: 'div', hProperties: { className: ['doc-card-list'], dataDocCardList: '' } };
      node.children = [];
      return;
    }
    if (node.type === 'leafDirective' && (node.name === 'video-youtube' || node.name === 'video-vimeo')) {
      const id = node.attributes?.id ?? '';
      node.data = { hName: 'div', hProperties: { className: ['video-embed'], dataVideo: node.name.slice('video-'.length), dataVideoId: id, dataTitle: toString(node) || undefined } };
      node.children = [];
      return;
    }
    // Anything else (`10:30`, `ex:adres[0]`) was never meant as a directive: put the source text back.
    if (!parent || index === undefined) return;
    const source = input.source ? sourceOf(input.source, node) : null;
    let replacement: RootContent[];
    if (node.type === 'containerDirective') {
      const opening = source?.split('\n')[0] ?? `:::${node.name}`;
      replacement = [{ type: 'paragraph', children: [{ type: 'text', value: opening }] } as Paragraph, ...(node.children as RootContent[]),
        { type: 'paragraph', children: [{ type: 'text', value: ':::' }] } as Paragraph];
    } else {
      const text = source ?? `${node.type === 'textDirective' ? ':' : '::'}${node.name}${toString(node)}`;
      replacement = node.type === 'textDirective' ? [{ type: 'text', value: text }] : [{ type: 'paragraph', children: [{ type: 'text', value: text }] } as Paragraph];
    }
    parent.children.splice(index, 1, ...(replacement as typeof parent.children));
  }

  // Split off the excerpt before converting: the marker itself never reaches the page.
  const markerIndex = tree.children.findIndex((n) => isTruncateMarker(n));
  const excerptTree: Root | null = markerIndex >= 0 ? { type: 'root', children: tree.children.slice(0, markerIndex) } : null;
  tree.children = tree.children.filter((n) => !isTruncateMarker(n));

  const firstParagraph = tree.children.find((n): n is Paragraph => n.type === 'paragraph');
  const body = toHast(tree, ctx);
  const excerpt = excerptTree ? toHast(excerptTree, ctx) : null;
  return {
    content: {
      body,
      excerpt,
      toc,
      anchors,
      links,
      words: countWords(readableText(tree)),
      firstParagraph: firstParagraph ? toString(firstParagraph).replace(/\s+/g, ' ').trim() : null,
      hasMermaid,
      docCardList,
    },
    problems,
  };
}

/**
 * The text a reader reads, for the reading time: every paragraph, heading,
 * table cell and code block (image alt texts included), one block apart, so
 * that words of neighbouring blocks (`## Stap` then `Klik`) never run together.
 */
function readableText(tree: Root): string {
  const blocks: string[] = [];
  visit(tree, (node: Nodes) => {
    if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableCell') {
      blocks.push(toString(node));
      return SKIP;
    }
    if (node.type === 'code') blocks.push(node.value);
    return undefined;
  });
  return blocks.join('\n');
}

/** A short text alternative: the node labels of the diagram, in order. */
function describeDiagram(source: string): string {
  const labels = [...source.matchAll(/\[\s*"?([^\]"]+)"?\s*\]|\(\s*"?([^)"]+)"?\s*\)|participant\s+\S+\s+as\s+(.+)|participant\s+(\S+)/g)]
    .map((m) => (m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').trim())
    .filter(Boolean);
  return labels.length ? [...new Set(labels)].slice(0, 12).join(', ') : 'zie de broncode van het diagram';
}

// Highlighted blocks by highlighter: the dev server's rebuilds reuse one highlighter, and with it
// every block it highlighted before; another highlighter (other languages loaded) starts afresh.
const highlightCaches = new WeakMap<Highlighter, Map<string, HastRoot>>();
const highlightCache = (highlighter: Highlighter): Map<string, HastRoot> => {
  let cache = highlightCaches.get(highlighter);
  if (!cache) highlightCaches.set(highlighter, (cache = new Map()));
  return cache;
};

function toHast(tree: Root, ctx: MarkdownContext): HastRoot {
  let processor = unified()
    .use(remarkRehype, {
      allowDangerousHtml: true,
      footnoteLabel: 'Voetnoten',
      footnoteBackLabel: (i: number) => `Terug naar de tekst bij voetnoot ${i + 1}`,
      clobberPrefix: 'voetnoot-',
    });
  // Highlight before rehype-raw: re-parsing raw HTML drops the fence meta (title, line ranges).
  if (ctx.highlighter) {
    // The plugin only calls codeToHast and getLoadedLanguages (it loads nothing: `lazy` is off).
    processor = processor.use(rehypeShikiFromHighlighter, ctx.highlighter as HighlighterCore, {
      ...shikiOptions,
      cache: highlightCache(ctx.highlighter),
    }) as unknown as typeof processor;
  }
  // Re-parsing with parse5 costs a third of this stage: only pages with raw HTML need it.
  let raw = false;
  visit(tree, 'html', () => { raw = true; return EXIT; });
  if (raw) processor = processor.use(rehypeRaw) as unknown as typeof processor;
  const body = processor.runSync(tree as never) as unknown as HastRoot;
  if (!raw) settle(body);
  imageLoading(body);
  dropPositions(body);
  return body;
}

/**
 * Every message about the page has been made by now, and nothing after this
 * stage reads a source position: dropping them saves a third of the tree's
 * memory (10× content, issue 11) and of the build cache.
 */
function dropPositions(node: { position?: unknown; children?: unknown[] }): void {
  delete node.position;
  if (Array.isArray(node.children)) for (const child of node.children) dropPositions(child as typeof node);
}

/**
 * Without rehype-raw the tree keeps two quirks that its re-parse used to
 * remove, and that later stages (feeds, search, the renderer) do not expect:
 * shiki puts each highlighted block in a nested `root`, with HTML attribute
 * names (`class`, `data-title`) as property names; and remark-rehype writes
 * boolean `true` for some data attributes (`data-footnote-ref`). This gives
 * the tree the shape a re-parse would.
 */
function settle(tree: HastRoot): void {
  const walk = (node: { children?: unknown[] }) => {
    if (!Array.isArray(node.children)) return;
    if (node.children.some((child) => (child as { type?: string }).type === 'root')) {
      node.children = node.children.flatMap((child) => ((child as { type?: string }).type === 'root' ? (child as { children: unknown[] }).children : [child]));
    }
    for (const child of node.children as Array<{ type: string; properties?: Record<string, unknown>; children?: unknown[] }>) {
      if (child.type === 'element' && child.properties && unsettled(child.properties)) child.properties = settledProperties(child.properties);
      walk(child);
    }
  };
  walk(tree);
}

/** Whether `settledProperties` would change anything (most elements have nothing to settle). */
function unsettled(properties: Record<string, unknown>): boolean {
  for (const key in properties) {
    if (key === 'class' || key.startsWith('data-') || (properties[key] === true && /^data[A-Z]/.test(key))) return true;
  }
  return false;
}

function settledProperties(properties: Record<string, unknown>): Element['properties'] {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(properties)) {
    if (key === 'class') out.className = typeof value === 'string' ? value.split(/\s+/).filter(Boolean) : value;
    else if (key.startsWith('data-')) out[`data${key.slice(4).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}`] = value === true ? '' : value;
    else if (/^data[A-Z]/.test(key) && value === true) out[key] = '';
    else out[key] = value;
  }
  return out as Element['properties'];
}

/** How many blocks at the top of a page count as "above the fold" for images. */
export const eagerImageBlocks = 3;

/**
 * `loading="lazy"` only below the fold. The rule: the first image of a page
 * (Markdown or raw HTML) loads at once, with `fetchpriority="high"`, when it
 * stands in one of the first three blocks of the text (paragraphs, headings,
 * lists, tables, admonitions: the top-level elements); every other image gets
 * `loading="lazy"`. A lazy image at the top would be fetched late and slow
 * down the first paint (LCP); an eager one lower down costs bandwidth for
 * readers who never scroll there. All images decode asynchronously; their
 * `width`/`height` come from the file, so nothing shifts either way.
 */
function imageLoading(tree: HastRoot): void {
  let block = 0;
  let first = true;
  // A plain walk in document order: unist-util-visit took 80 ms of the cold build here, for few images.
  const walk = (node: Element) => {
    if (node.tagName === 'img') {
      const eager = first && block < eagerImageBlocks;
      first = false;
      const { loading: _loading, fetchPriority: _priority, ...rest } = node.properties;
      node.properties = { ...rest, decoding: 'async', ...(eager ? { fetchPriority: 'high' } : { loading: 'lazy' }) };
    }
    for (const child of node.children) if (child.type === 'element') walk(child);
  };
  for (const child of tree.children) {
    if (child.type !== 'element') continue;
    walk(child);
    block++;
  }
}

/** Languages fenced code uses, so the io edge can load just those into the highlighter. */
export function languagesUsed(trees: ReadonlyArray<Root>): string[] {
  const langs = new Set<string>();
  for (const tree of trees) for (const node of codeBlocks(tree)) if (node.lang && node.lang !== 'mermaid') langs.add(node.lang.toLowerCase());
  return [...langs].sort();
}

/** Mermaid sources by hash, so the io edge renders each distinct diagram once. */
export function mermaidSources(trees: ReadonlyArray<Root>): Map<string, string> {
  const sources = new Map<string, string>();
  for (const tree of trees) for (const node of codeBlocks(tree)) if (node.lang === 'mermaid') sources.set(contentHash(node.value, 16), node.value);
  return sources;
}
