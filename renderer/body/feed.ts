/**
 * The entries of a feed body's components map: the same body, through the
 * same runtime and writer as a page, drawn for a feed reader. Every element
 * is plain HTML (no classes, no `data-*`: the theme's styles and scripts are
 * not there), every URL is absolute, an admonition is a quote with its title
 * in bold, a video is a link to it, a diagram is its SVG (or its source), and
 * a code block is plain text with its language. The components MDX content
 * names render as on the page.
 */
import { toString } from 'hast-util-to-string';
import type { Element as HastElement } from 'hast';
import { BodyElement, TrustedHtml, bodyComponent, h, type BodyComponent, type BodyProps } from './jsx-runtime.ts';

/** What the feed's components know of the post. */
export interface FeedPage {
  /** The post's own absolute URL: an anchor (`#verder`) points into it. */
  readonly url: string;
  /** A path on this site (`/kennisbank/a`) as an absolute URL. */
  readonly absolute: (path: string) => string;
}

type Props = BodyProps & { readonly node?: HastElement };

const isLocal = (url: string) => url.startsWith('/') && !url.startsWith('//');

function absoluteUrl(page: FeedPage, url: string): string {
  if (url.startsWith('#')) return `${page.url}${url}`;
  return isLocal(url) ? page.absolute(url) : url;
}

/** The props without what is the theme's (classes, `data-*`) or the renderer's (`node`), with absolute URLs. */
function plainProps(page: FeedPage, props: Props): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (key === 'node' || key === 'className' || key.startsWith('data-')) continue;
    if ((key === 'href' || key === 'src') && typeof value === 'string') out[key] = absoluteUrl(page, value);
    else if (key === 'srcSet' && typeof value === 'string') {
      out[key] = value.split(',').map((part) => part.trim().replace(/^\S+/, (u) => absoluteUrl(page, u))).join(', ');
    } else out[key] = value;
  }
  return out;
}

/** An element as plain HTML. */
const plain = (tag: string, page: FeedPage, props: Props): BodyElement => new BodyElement(tag, plainProps(page, props));

const stringProp = (props: Props, name: string): string | null => {
  const value = props[name];
  return typeof value === 'string' ? value : null;
};

const classes = (props: Props): ReadonlyArray<string> => (stringProp(props, 'className') ?? '').split(/\s+/);

/** The takeovers of a feed body, for one post. */
export function feedTakeovers(page: FeedPage): Readonly<Record<string, BodyComponent>> {
  /** An admonition: a quote with its title in bold, readable without the theme's styles. */
  const aside = bodyComponent((props: Props) => {
    const type = stringProp(props, 'data-admonition');
    if (!type) return plain('aside', page, props);
    return h('blockquote', {}, h('p', {}, h('strong', {}, String(props['data-title'] ?? type))), props.children);
  });

  /** A video placeholder: a plain link to the video; nothing loads from the provider in the reader. */
  const div = bodyComponent((props: Props) => {
    const provider = props['data-video'];
    if (provider !== 'youtube' && provider !== 'vimeo') return plain('div', page, props);
    const id = encodeURIComponent(String(props['data-video-id'] ?? ''));
    const href = provider === 'youtube' ? `https://www.youtube.com/watch?v=${id}` : `https://vimeo.com/${id}`;
    const name = provider === 'youtube' ? 'YouTube' : 'Vimeo';
    const title = stringProp(props, 'data-title') ? ` "${stringProp(props, 'data-title')}"` : '';
    return h('p', {}, h('a', { href }, `Bekijk de video${title} op ${name}`));
  });

  /** A diagram: the SVG drawn at build time (held to the SVG schema by the mermaid job), or its source. */
  const figure = bodyComponent((props: Props) => {
    if (!classes(props).includes('mermaid-diagram')) return plain('figure', page, props);
    const svg = props['data-mermaid-svg'];
    if (typeof svg === 'string') return h('figure', { role: 'img', 'aria-label': String(props['data-label'] ?? 'Diagram') }, new TrustedHtml(svg));
    return h('pre', {}, h('code', {}, String(props['data-mermaid-source'] ?? '')));
  });

  /**
   * A code block as plain text (readers drop the highlighter's inline colours anyway, and they
   * triple the size), with the language as the usual `language-*` class and the title above.
   */
  const pre = bodyComponent((props: Props) => {
    const node = props.node;
    const code = node?.children.find((c): c is HastElement => c.type === 'element' && c.tagName === 'code');
    const fromClass = (Array.isArray(code?.properties['className']) ? code.properties['className'] : []).map(String).find((c) => c.startsWith('language-'))?.slice('language-'.length);
    const language = stringProp(props, 'data-language') ?? fromClass ?? '';
    const title = stringProp(props, 'data-title') ?? '';
    const block = h('pre', {}, h('code', language ? { className: `language-${language}` } : {}, node ? toString(node).replace(/\n$/, '') : ''));
    return title ? [h('p', {}, h('code', {}, title)), block] : block;
  });

  return { aside, div, figure, pre };
}

/** Element names the feed writes as plain HTML: a tag, not a component (`Tabs`, `Site$Kaart`, `Unknown$X`). */
const intrinsic = /^[a-z][a-zA-Z0-9-]*$/;

/**
 * The components map of a feed body: `components` (the feed's takeovers and
 * the components MDX content names), and every other element as plain HTML.
 */
export function feedComponents<C extends object>(components: C, page: FeedPage): C {
  const plainOnes = new Map<string, BodyComponent>();
  const plainFor = (name: string | symbol): BodyComponent | undefined => {
    if (typeof name !== 'string' || !intrinsic.test(name)) return undefined;
    let component = plainOnes.get(name);
    if (!component) plainOnes.set(name, (component = bodyComponent((props: Props) => plain(name, page, props))));
    return component;
  };
  const own = (target: C, name: string | symbol) => Object.prototype.hasOwnProperty.call(target, name);
  // hast-util-to-jsx-runtime asks with `hasOwnProperty` before it reads a component: every tag answers.
  return new Proxy(components, {
    get: (target, name) => (own(target, name) ? Reflect.get(target, name) : plainFor(name) ?? Reflect.get(target, name)),
    has: (target, name) => own(target, name) || plainFor(name) !== undefined || Reflect.has(target, name),
    getOwnPropertyDescriptor: (target, name) => {
      if (own(target, name)) return Reflect.getOwnPropertyDescriptor(target, name);
      const value = plainFor(name);
      return value ? { value, writable: false, enumerable: false, configurable: true } : undefined;
    },
  });
}
