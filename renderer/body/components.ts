/**
 * The renderer's own entries of a body's components map: the elements whose
 * markup the theme takes over (links, headings, code blocks, code colours,
 * task lists, admonitions, embeds, diagrams, tables). Each is a body
 * component: it gets the element's props (React's names, the hast node as
 * `node`) and its children, and returns the markup in their place.
 */
import { toString } from 'hast-util-to-string';
import type { Element as HastElement } from 'hast';
import { BodyElement, TrustedHtml, bodyComponent, h, type BodyComponent, type BodyNode, type BodyProps } from './jsx-runtime.ts';
import type { ReactElement } from 'react';

/** Markup the theme drew with React: its HTML written once, and the element for a body React renders. */
export interface ThemeMarkup {
  readonly html: string;
  readonly element: ReactElement;
}

/** The theme's words and icons that the takeovers place. */
export interface TakeoverTheme {
  /** What follows the text of a link that leaves the site: an icon and "(opens in new tab)". */
  readonly newTabHint: ThemeMarkup;
  /** The icon before an admonition's title, by admonition type. */
  readonly admonitionIcon: (type: string) => ThemeMarkup;
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

/** What the takeovers need of the page: which hosts are this site, and the cards `::doc-card-list` shows. */
export interface TakeoverPage {
  /** Hosts that count as this site (links to them are internal). */
  readonly siteHosts: ReadonlyArray<string>;
  /** The HTML of the page's own card list, made only when the body asks for it; absent on a page without cards. */
  readonly docCards?: (() => string) | undefined;
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

/** What a takeover gets: the element's props, its hast node and its children. */
type Props = BodyProps & { readonly node?: HastElement };

/** The props without what only the renderer uses. */
function own(props: Props, ...drop: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in props) if (key !== 'node' && key !== 'children' && !drop.includes(key)) out[key] = props[key];
  return out;
}

/** The element as written, not taken over: its props as they came (the writer leaves `node` out). */
const asWritten = (tag: string, props: Props): BodyElement => new BodyElement(tag, props);

const stringProp = (props: Props, name: string): string | null => {
  const value = props[name];
  return typeof value === 'string' ? value : null;
};

const classes = (props: Props): string => stringProp(props, 'className') ?? '';
const trusted = (markup: ThemeMarkup): TrustedHtml => new TrustedHtml(markup.html, markup.element);

/** The body components that take elements over, for one page. */
export function takeovers(theme: TakeoverTheme, page: TakeoverPage): Readonly<Record<string, BodyComponent>> {
  const { labels } = theme;

  /** A link that leaves the site opens in a new tab, and says so. */
  const a = bodyComponent((props: Props) => {
    if (!isExternal(stringProp(props, 'href') ?? undefined, page.siteHosts)) return asWritten('a', props);
    const className = classes(props);
    return h('a', { ...own(props), className: className ? `${className} external` : 'external', target: '_blank', rel: 'noopener noreferrer' },
      props.children, trusted(theme.newTabHint));
  });

  /** A heading with an id gets a link to itself; a visually hidden one (the footnotes' "Voetnoten") not: it would be an invisible focus stop. */
  const heading = (tag: string) => bodyComponent((props: Props) => {
    const id = stringProp(props, 'id');
    if (!id || /(^|\s)(sr-only|visually-hidden)(\s|$)/.test(classes(props))) return asWritten(tag, props);
    const text = props.node ? toString(props.node) : '';
    return h(tag, own(props), props.children, h('a', { className: 'hash-link', href: `#${id}`, 'aria-label': labels.directLink(text) }, '#'));
  });

  /** A code block in a figure with its title and a copy button; focusable, so a long line can be scrolled into view by keyboard (WCAG 2.1.1). */
  const pre = bodyComponent((props: Props) => {
    const title = stringProp(props, 'data-title');
    const language = stringProp(props, 'data-language');
    return h('figure', { className: 'code-block', 'data-language': language ?? undefined },
      title ? h('figcaption', { className: 'code-block-title' }, title) : null,
      h('pre', { ...own(props, 'data-title', 'data-language'), tabIndex: 0 }, props.children),
      h('button', { type: 'button', className: 'copy-button', 'data-copy': 'true', hidden: true }, labels.copy));
  });

  /** A code token in one of the colours that are too light (`codeColours`) gets the darker one. */
  const span = bodyComponent((props: Props) => {
    const style = props['style'];
    const recoloured = typeof style === 'object' && style !== null ? codeColour(style as Record<string, unknown>) : null;
    return recoloured ? new BodyElement('span', { ...props, style: recoloured }) : asWritten('span', props);
  });

  /** A task-list item names its checkbox with its own text, nested lists left out (WCAG 4.1.2). */
  const li = bodyComponent((props: Props) => {
    if (!classes(props).includes('task-list-item') || !props.node) return asWritten('li', props);
    const text = props.node.children
      .filter((c) => !(c.type === 'element' && (c.tagName === 'ul' || c.tagName === 'ol')))
      .map((c) => toString(c)).join('').replace(/\s+/g, ' ').trim();
    return h('li', own(props), text ? labelCheckboxes(props.children, text) : props.children);
  });

  /** An admonition: its icon and title above its content. */
  const aside = bodyComponent((props: Props) => {
    const type = stringProp(props, 'data-admonition');
    if (!type) return asWritten('aside', props);
    const title = String(props['data-title'] ?? type);
    // A title with Markdown in it is the first element, marked by the markdown stage (pipeline/stages/markdown/admonitions.ts).
    const children = [props.children].flat();
    const rich = children.find((c): c is BodyElement => c instanceof BodyElement && c.props['data-admonition-title'] != null);
    return h('aside', { className: `admonition admonition-${type}`, 'aria-label': title },
      h('p', { className: 'admonition-heading' }, trusted(theme.admonitionIcon(type)), rich ? rich.props.children : title),
      h('div', { className: 'admonition-content' }, rich ? children.filter((c) => c !== rich) : props.children));
  });

  /** `::doc-card-list` (the page's cards where the author put them) and video placeholders. */
  const div = bodyComponent((props: Props) => {
    if (props['data-doc-card-list'] != null) return page.docCards ? h('div', { className: 'doc-card-list' }, new TrustedHtml(page.docCards())) : null;
    const provider = props['data-video'];
    if (provider === 'youtube' || provider === 'vimeo') return videoEmbed(provider, props, labels);
    return asWritten('div', props);
  });

  /** A mermaid diagram: drawn at build time, or its source until the shell draws it. */
  const figure = bodyComponent((props: Props) => {
    if (!classes(props).includes('mermaid-diagram')) return asWritten('figure', props);
    const label = String(props['data-label'] ?? 'Diagram');
    const svg = props['data-mermaid-svg'];
    // Drawn at build time and held to the SVG schema by the mermaid job (pipeline/stages/svg-sanitize.ts).
    if (typeof svg === 'string') {
      return diagramFrame(label, svgSize(svg), h('figure', { className: 'mermaid-diagram', role: 'img', 'aria-label': label }, new TrustedHtml(svg)), true);
    }
    // Not drawn at build time: the source is the text alternative until (and unless) the shell
    // draws it. `data-mermaid-lazy` is what makes the shell load mermaid, on this page only.
    const lazy = props['data-mermaid-lazy'] != null;
    return diagramFrame(label, null, h('figure', { className: lazy ? 'mermaid-diagram mermaid-lazy' : 'mermaid-diagram', 'aria-label': label, 'data-mermaid-lazy': lazy ? '' : undefined },
      h('pre', { className: 'mermaid-source', tabIndex: 0 }, String(props['data-mermaid-source'] ?? ''))), false);
  });

  /** Wide tables scroll inside their own region so the page never scrolls sideways (WCAG 1.4.10). */
  const table = bodyComponent((props: Props) =>
    h('div', { className: 'table-wrapper', role: 'region', 'aria-label': 'Tabel', tabIndex: 0 }, h('table', own(props), props.children)));

  return { a, h2: heading('h2'), h3: heading('h3'), h4: heading('h4'), h5: heading('h5'), h6: heading('h6'), pre, span, li, aside, div, figure, table };
}

/**
 * The children with every GFM checkbox named `label`: the item's own
 * checkbox sits right in it or in its first paragraph; a nested item is left
 * to name its own.
 */
function labelCheckboxes(children: BodyNode, label: string): BodyNode {
  if (Array.isArray(children)) return (children as ReadonlyArray<BodyNode>).map((child) => labelCheckboxes(child, label));
  if (!(children instanceof BodyElement)) return children;
  const { type, props } = children;
  if (type === 'input') {
    return props['type'] === 'checkbox' && props['aria-label'] == null ? new BodyElement('input', { ...props, 'aria-label': label }) : children;
  }
  if (type === 'p') return new BodyElement('p', { ...props, children: labelCheckboxes(props.children, label) });
  return children;
}

/** A token's style with a colour from `codeColours`, or null when it has none of them. */
function codeColour(style: Readonly<Record<string, unknown>>): Record<string, unknown> | null {
  const value = style['color'];
  const colour = typeof value === 'string' ? codeColours[value.trim().toLowerCase()] : undefined;
  // A new object with the colour in its place: the declarations keep their order.
  return colour ? { ...style, color: colour } : null;
}

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
function diagramFrame(label: string, size: { width: number; height: number } | null, figure: BodyNode, drawn: boolean): BodyNode {
  const style = size ? { '--diagram-width': `${size.width}px`, '--diagram-ratio': (size.width / size.height).toFixed(4) } : undefined;
  // Undrawn, the source block scrolls (and takes focus) itself: the region joins the tab order once the shell draws it.
  return h('div', { className: 'diagram', style },
    h('div', { className: 'diagram-viewport', role: 'region', tabIndex: drawn ? 0 : undefined, 'aria-label': label }, figure));
}

function videoEmbed(provider: 'youtube' | 'vimeo', props: Props, labels: TakeoverTheme['labels']): BodyNode {
  const id = String(props['data-video-id'] ?? '');
  const watch = provider === 'youtube' ? `https://www.youtube.com/watch?v=${encodeURIComponent(id)}` : `https://vimeo.com/${encodeURIComponent(id)}`;
  const title = typeof props['data-title'] === 'string' && props['data-title'] ? props['data-title'] : null;
  const embed = provider === 'youtube' ? `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1` : `https://player.vimeo.com/video/${encodeURIComponent(id)}?autoplay=1&dnt=1`;
  const name = provider === 'youtube' ? 'YouTube' : 'Vimeo';
  return h('div', { className: 'video-embed', 'data-embed-src': embed },
    h('a', { className: 'video-embed-link', href: watch, target: '_blank', rel: 'noopener noreferrer' },
      labels.playVideo(name, title), h('span', { className: 'visually-hidden' }, ` ${labels.opensInNewTab}`)),
    h('p', { className: 'video-embed-note' }, labels.videoPrivacy(name)));
}
