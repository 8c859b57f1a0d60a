/**
 * A page body: hast → HTML. Some elements are taken over first (links,
 * headings, code blocks, admonitions, embeds, diagrams, tables) in a
 * hast → hast step, with the words and icons the theme gives (`BodyTheme`),
 * then hast-util-to-html writes the string that the page's React tree places
 * with `dangerouslySetInnerHTML`. No string post-processing of HTML.
 *
 * Why not React for the body too: turning every node of every body into a
 * React element and rendering it cost 320 ms of a cold build for 168 bodies;
 * this path costs about 90 ms for the same HTML (docs/performance.md).
 * The step keeps what hast-util-to-jsx-runtime and React did with a body:
 * only elements and text are kept (no comments, no raw HTML), whitespace
 * between table rows and cells is dropped, a cell's `align` becomes a
 * `text-align` style, and an image that is not lazy is preloaded from the
 * page's head.
 */
import { preload } from 'react-dom';
import { toHtml } from 'hast-util-to-html';
import { toString } from 'hast-util-to-string';
import { whitespace } from 'hast-util-whitespace';
import type { Element, ElementContent, Properties, Root, RootContent, Text } from 'hast';

/** The theme's part of every body: its words, and its icons as HTML. */
export interface BodyTheme {
  /** What follows the text of a link that leaves the site: an icon and "(opens in new tab)". */
  readonly newTabHint: string;
  /** The icon before an admonition's title, by admonition type. */
  readonly admonitionIcon: (type: string) => string;
  readonly labels: {
    /** The accessible name of a heading's anchor link. */
    readonly directLink: (heading: string) => string;
    /** The code block's copy button. */
    readonly copy: string;
    readonly opensInNewTab: string;
    readonly playVideo: (provider: string, title: string | null) => string;
    readonly videoPrivacy: (provider: string) => string;
  };
}

export interface MarkdownOptions {
  /** Hosts that count as this site (links to them are internal). */
  readonly siteHosts: ReadonlyArray<string>;
  readonly bodyTheme: BodyTheme;
  /** The HTML `::doc-card-list` shows: the cards of the page's folder (theme/pages/DocsPages.tsx). Made only when the body asks. */
  readonly docCards?: () => string;
}

export const isExternal = (href: string | undefined, siteHosts: ReadonlyArray<string>): boolean => {
  if (!href || !/^(https?:)?\/\//i.test(href)) return false;
  try {
    return !siteHosts.includes(new URL(href, 'https://x.invalid').host);
  } catch {
    return true;
  }
};

/**
 * shiki's github-light token colours that fall below 4.5:1 on our code background (#fff) or on a
 * highlighted line (#fff3c4), each replaced by the nearest darker tone of the same hue.
 */
export const codeColours: Readonly<Record<string, string>> = {
  '#d73a49': '#c0283b', // keywords, operators: 4.11 → 5.23 on a highlighted line
  '#22863a': '#1d7a33', // tags, inserted lines: 4.16 → 4.86
  '#e36209': '#a84e00', // variables, parameters: 3.14 → 5.03
  '#6a737d': '#5f6670', // comments: 4.33 → 5.21
};

/** A body's `<div className="markdown">`, empty without a tree. */
export function Markdown({ tree, ...options }: MarkdownOptions & { tree: Root | null | undefined }) {
  if (!tree) return <div className="markdown" />;
  const { html, preloads } = bodyHtml(tree, options);
  // What React does for an <img> it renders itself: the page's first image starts loading from the head.
  for (const image of preloads) preload(image.src, { as: 'image', ...(image.fetchPriority ? { fetchPriority: image.fetchPriority } : {}) });
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** An image of the body that loads at once (not `loading="lazy"`). */
export interface ImagePreload {
  readonly src: string;
  readonly fetchPriority: 'high' | 'auto' | null;
}

/** The body as HTML, and the images in it that React would have preloaded. */
export function bodyHtml(tree: Root, options: MarkdownOptions): { html: string; preloads: ImagePreload[] } {
  const preloads: ImagePreload[] = [];
  const root: Root = { type: 'root', children: themed(tree.children, { options, taskLabel: undefined, inPicture: false, preloads }, null) };
  // The only raw nodes are the ones this module adds (icons, diagrams, doc cards): `themed` drops any other.
  return { html: toHtml(root, { allowDangerousHtml: true }), preloads };
}

/** hast-util-to-html writes a `raw` node's value as it is. */
interface Raw {
  readonly type: 'raw';
  readonly value: string;
}

interface Scope {
  readonly options: MarkdownOptions;
  /** The accessible name for checkboxes: the text of the nearest task-list item (null: it has none). */
  readonly taskLabel: string | null | undefined;
  /** Inside `<picture>` or `<noscript>`, where React preloads no image. */
  readonly inPicture: boolean;
  readonly preloads: ImagePreload[];
}

const raw = (value: string): ElementContent => ({ type: 'raw', value } satisfies Raw as unknown as ElementContent);
const text = (value: string): Text => ({ type: 'text', value });
const el = (tagName: string, properties: Properties, children: ElementContent[] = []): Element => ({ type: 'element', tagName, properties, children });

const tableElements = new Set(['table', 'tbody', 'thead', 'tfoot', 'tr']);

/** A drawn diagram's natural size: the width and height of its root element's viewBox. */
function svgSize(svg: string): { width: number; height: number } | null {
  const box = /^\s*<svg\b[^>]*?\sviewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"/i.exec(svg);
  const width = Number(box?.[1]);
  const height = Number(box?.[2]);
  return width > 0 && height > 0 ? { width, height } : null;
}

/**
 * A diagram in a frame that keeps its text readable: the SVG shrinks to no less than a share of
 * its natural width (theme/styles/diagrams.css) and, wider than the column, scrolls sideways in a
 * region the keyboard can reach (WCAG 1.4.10, 2.1.1). The figure inside keeps its own text
 * alternative; the shell adds a button that shows it full screen (theme/client/diagram.ts).
 */
function diagramFrame(label: string, size: { width: number; height: number } | null, figure: Element, drawn: boolean): Element {
  const style = size ? `--diagram-width:${size.width}px;--diagram-ratio:${(size.width / size.height).toFixed(4)}` : undefined;
  // Undrawn, the source block scrolls (and takes focus) itself: the region joins the tab order once the shell draws it.
  return el('div', { className: ['diagram'], style }, [
    el('div', { className: ['diagram-viewport'], role: 'region', tabIndex: drawn ? 0 : undefined, ariaLabel: label }, [figure]),
  ]);
}

function themed(nodes: ReadonlyArray<RootContent | ElementContent>, scope: Scope, parent: string | null): ElementContent[] {
  const out: ElementContent[] = [];
  for (const node of nodes) {
    if (node.type === 'text') {
      if (!(parent !== null && tableElements.has(parent) && whitespace(node.value))) out.push(node);
    } else if (node.type === 'element') {
      const result = themedElement(node, scope);
      if (result) out.push(result);
    }
  }
  return out;
}

/** The class list as one string, the way React saw it. */
const classes = (properties: Properties): string => {
  const value = properties.className;
  return Array.isArray(value) ? value.join(' ') : typeof value === 'string' ? value : '';
};

const stringProperty = (properties: Properties, name: string): string | null => {
  const value = properties[name];
  return typeof value === 'string' ? value : null;
};

/** `properties` without the named ones. */
function without(properties: Properties, ...names: string[]): Properties {
  const out: Properties = {};
  for (const key in properties) if (!names.includes(key)) out[key] = properties[key];
  return out;
}

function themedElement(node: Element, scope: Scope): Element | null {
  const { properties, tagName } = node;
  const { labels } = scope.options.bodyTheme;
  const children = () => themed(node.children, scope, tagName);
  switch (tagName) {
    case 'a': {
      if (!isExternal(stringProperty(properties, 'href') ?? undefined, scope.options.siteHosts)) break;
      const className = classes(properties);
      return el('a', { ...properties, className: className ? [className, 'external'] : ['external'], target: '_blank', rel: ['noopener', 'noreferrer'] }, [
        ...children(), raw(scope.options.bodyTheme.newTabHint),
      ]);
    }
    case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': {
      const id = stringProperty(properties, 'id');
      // A visually hidden heading (the footnotes' "Voetnoten") gets no anchor: it would be an invisible focus stop.
      if (!id || /(^|\s)(sr-only|visually-hidden)(\s|$)/.test(classes(properties))) break;
      return el(tagName, properties, [...children(), el('a', { className: ['hash-link'], href: `#${id}`, ariaLabel: labels.directLink(toString(node)) }, [text('#')])]);
    }
    case 'pre': {
      const title = stringProperty(properties, 'dataTitle');
      const language = stringProperty(properties, 'dataLanguage');
      return el('figure', { className: ['code-block'], dataLanguage: language ?? undefined }, [
        ...(title ? [el('figcaption', { className: ['code-block-title'] }, [text(title)])] : []),
        // Focusable, so a long line can be scrolled into view by keyboard (WCAG 2.1.1).
        el('pre', { ...without(properties, 'dataTitle', 'dataLanguage'), tabIndex: 0 }, children()),
        el('button', { type: 'button', className: ['copy-button'], dataCopy: 'true', hidden: true }, [text(labels.copy)]),
      ]);
    }
    case 'span': {
      const style = stringProperty(properties, 'style');
      const recoloured = style === null ? null : codeColour(style);
      if (recoloured === null) break;
      return el('span', { ...properties, style: recoloured }, children());
    }
    case 'li': {
      if (!classes(properties).includes('task-list-item')) break;
      // The item's own text, without nested lists.
      const own = node.children.filter((c) => !(c.type === 'element' && (c.tagName === 'ul' || c.tagName === 'ol')));
      const label = own.map((c) => toString(c)).join('').replace(/\s+/g, ' ').trim();
      return el('li', properties, themed(node.children, { ...scope, taskLabel: label || null }, tagName));
    }
    case 'input': {
      // GFM task-list checkboxes are disabled; their item text names them (WCAG 4.1.2).
      if (properties.ariaLabel != null || properties.type !== 'checkbox' || !scope.taskLabel) break;
      return el('input', { ...properties, ariaLabel: scope.taskLabel }, children());
    }
    case 'aside': {
      const type = stringProperty(properties, 'dataAdmonition');
      if (!type) break;
      const title = String(properties.dataTitle ?? type);
      // A title with Markdown in it comes as the first element, marked by the markdown stage (admonitions.ts).
      const rich = node.children.find((c): c is Element => c.type === 'element');
      const titleNode = rich?.properties.dataAdmonitionTitle != null ? rich : null;
      return el('aside', { className: ['admonition', `admonition-${type}`], ariaLabel: title }, [
        el('p', { className: ['admonition-heading'] }, [raw(scope.options.bodyTheme.admonitionIcon(type)), ...(titleNode ? themed(titleNode.children, scope, 'p') : [text(title)])]),
        el('div', { className: ['admonition-content'] }, titleNode ? themed(node.children.filter((c) => c !== titleNode), scope, tagName) : children()),
      ]);
    }
    case 'div': {
      if (properties.dataDocCardList != null) return scope.options.docCards ? el('div', { className: ['doc-card-list'] }, [raw(scope.options.docCards())]) : null;
      const provider = properties.dataVideo;
      if (provider === 'youtube' || provider === 'vimeo') return videoEmbed(provider, properties, labels);
      break;
    }
    case 'figure': {
      if (!classes(properties).includes('mermaid-diagram')) break;
      const label = String(properties.dataLabel ?? 'Diagram');
      const svg = properties.dataMermaidSvg;
      // Drawn at build time and held to the SVG schema by the mermaid job (pipeline/stages/svg-sanitize.ts).
      if (typeof svg === 'string') return diagramFrame(label, svgSize(svg), el('figure', { className: ['mermaid-diagram'], role: 'img', ariaLabel: label }, [raw(svg)]), true);
      // Not rendered at build time: the source is the text alternative until (and unless) the shell
      // draws it. `data-mermaid-lazy` is what makes the shell load mermaid, on this page only.
      const lazy = properties.dataMermaidLazy != null;
      return diagramFrame(label, null, el('figure', { className: lazy ? ['mermaid-diagram', 'mermaid-lazy'] : ['mermaid-diagram'], ariaLabel: label, dataMermaidLazy: lazy ? '' : undefined }, [
        el('pre', { className: ['mermaid-source'], tabIndex: 0 }, [text(String(properties.dataMermaidSource ?? ''))]),
      ]), false);
    }
    case 'img': {
      const src = stringProperty(properties, 'src');
      const priority = properties.fetchPriority;
      if (src && properties.loading !== 'lazy' && priority !== 'low' && !scope.inPicture && !/^data:/i.test(src)) {
        scope.preloads.push({ src, fetchPriority: priority === 'high' || priority === 'auto' ? priority : null });
      }
      if (src) break;
      // An image never gets `src=""` (a browser would fetch the page itself again): an unsafe URL the build refused is left out.
      return el('img', without(properties, 'src'), children());
    }
    case 'picture': case 'noscript':
      return el(tagName, properties, themed(node.children, { ...scope, inPicture: true }, tagName));
    case 'table':
      // Wide tables scroll inside their own region so the page never scrolls sideways (WCAG 1.4.10).
      return el('div', { className: ['table-wrapper'], role: 'region', ariaLabel: 'Tabel', tabIndex: 0 }, [el('table', properties, children())]);
    case 'td': case 'th': {
      const align = stringProperty(properties, 'align');
      if (!align) break;
      return el(tagName, { ...without(properties, 'align'), style: `text-align:${align}` }, children());
    }
  }
  return el(tagName, properties, children());
}

/** A token's style with a colour from `codeColours`, or null when it has none of them. */
function codeColour(style: string): string | null {
  let changed = false;
  const declarations = style.split(';').map((declaration) => {
    const colon = declaration.indexOf(':');
    if (colon < 0 || declaration.slice(0, colon).trim().toLowerCase() !== 'color') return declaration;
    const colour = codeColours[declaration.slice(colon + 1).trim().toLowerCase()];
    if (!colour) return declaration;
    changed = true;
    return `color:${colour}`;
  });
  return changed ? declarations.join(';') : null;
}

function videoEmbed(provider: 'youtube' | 'vimeo', properties: Properties, labels: BodyTheme['labels']): Element {
  const id = String(properties.dataVideoId ?? '');
  const watch = provider === 'youtube' ? `https://www.youtube.com/watch?v=${encodeURIComponent(id)}` : `https://vimeo.com/${encodeURIComponent(id)}`;
  const title = typeof properties.dataTitle === 'string' && properties.dataTitle ? properties.dataTitle : null;
  const embed = provider === 'youtube' ? `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1` : `https://player.vimeo.com/video/${encodeURIComponent(id)}?autoplay=1&dnt=1`;
  const name = provider === 'youtube' ? 'YouTube' : 'Vimeo';
  return el('div', { className: ['video-embed'], dataEmbedSrc: embed }, [
    el('a', { className: ['video-embed-link'], href: watch, target: '_blank', rel: ['noopener', 'noreferrer'] }, [
      text(labels.playVideo(name, title)), el('span', { className: ['visually-hidden'] }, [text(` ${labels.opensInNewTab}`)]),
    ]),
    el('p', { className: ['video-embed-note'] }, [text(labels.videoPrivacy(name))]),
  ]);
}
