/**
 * The one safe-element and attribute schema: what raw HTML in Markdown, a
 * lower-case JSX element in MDX, HTML in the site configuration (navbar and
 * sidebar items) and a site component's output may hold. One
 * hast-util-sanitize schema, with the URL rule of ./urls.ts on every value.
 */
import { parseFragment } from 'parse5';
import { fromParse5 } from 'hast-util-from-parse5';
import { sanitize, type Schema } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import { find, html as htmlInfo } from 'property-information';
import type { Element, ElementContent, Properties, Root as HastRoot } from 'hast';
import { disguisedHost, refusedUrl, unsafeUrl } from './urls.ts';

/** The WAI-ARIA attributes (`aria-label`, …) as hast properties: all of them are safe. */
const ariaProperties = Object.values(htmlInfo.property).filter((info) => info.attribute.startsWith('aria-')).map((info) => info.property);

/**
 * The HTML an author may write: these elements, with these attributes on
 * any of them. Every other key is set too, since sanitize fills what a schema
 * leaves out from its GitHub-like default: no required ancestors, no added or
 * prefixed values, and no protocol lists (the URL rule of ./urls.ts refuses
 * script and disguised addresses in any attribute).
 */
export const safeHtmlSchema: Schema = {
  tagNames: [
    // A button does nothing without script (content has none, and no form to submit): its handler, if any, is left out in MDX.
    'a', 'abbr', 'audio', 'b', 'br', 'button', 'cite', 'code', 'dd', 'del', 'details', 'dfn', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure',
    'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'pre', 'q', 's', 'samp', 'small',
    'source', 'span', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'track',
    'u', 'ul', 'var', 'video',
  ],
  attributes: {
    '*': [
      'href', 'src', 'alt', 'title', 'width', 'height', 'id', 'className', 'open', 'lang', 'dir', 'colSpan', 'rowSpan', 'scope', 'dateTime', 'cite',
      // Centring a picture or a paragraph (`<p align="center">`), common in READMEs and Docusaurus pages; no script in it.
      'align',
      // Media: its file (`src`, `poster`) is held to the same URL rules; the media-src of the CSP allows only this site.
      'controls', 'autoPlay', 'muted', 'loop', 'playsInline', 'preload', 'poster', 'type', 'kind', 'srcLang', 'label', 'default',
      ...ariaProperties,
    ],
  },
  ancestors: {},
  required: {},
  clobber: [],
  clobberPrefix: '',
  protocols: {},
  strip: [],
  allowComments: true,
  allowDoctypes: false,
};

/** The elements of the schema. */
export const safeTags: ReadonlySet<string> = new Set(safeHtmlSchema.tagNames);

/** The schema without its elements: what it keeps of an element's attributes, whatever the element. */
const attributesSchema: Schema = { ...safeHtmlSchema, tagNames: null };

/** An attribute's name in messages as HTML writes it (`onerror`, `class`), from its hast property name. */
export const attributeName = (property: string): string => find(htmlInfo, property).attribute;

/**
 * Why an element's properties are refused (Dutch), one reason each: an
 * attribute the schema does not keep (an event handler named as one), a
 * value that is a script address. A value that is another host disguised as
 * a path is the link rule's (`disguised-url`): see `disguisedValues`.
 */
export function unsafeProperties(properties: Properties): string[] {
  const kept = (sanitize({ type: 'element', tagName: 'div', properties, children: [] } satisfies Element, attributesSchema) as Element).properties;
  const reasons: string[] = [];
  for (const [name, value] of Object.entries(properties)) {
    const attr = attributeName(name);
    if (!(name in kept)) reasons.push(/^on/i.test(name) ? `het attribuut ${attr} (een event handler) is niet toegestaan` : `het attribuut ${attr} staat niet op de veilige lijst`);
    const scheme = typeof value === 'string' ? unsafeUrl(value) : null;
    if (scheme) reasons.push(`een ${attr} met een ${scheme}:-adres is niet toegestaan`);
  }
  return reasons;
}

/** The attribute values of an element that a browser reads as another host although written as a path (`/\evil.example`). */
export function disguisedValues(properties: Properties): Array<{ readonly name: string; readonly value: string }> {
  return Object.entries(properties).flatMap(([name, value]) => (typeof value === 'string' && disguisedHost(value) ? [{ name, value }] : []));
}

/** Every element of an HTML fragment as the browser parses it, in document order. */
export function htmlElements(html: string): Element[] {
  const out: Element[] = [];
  const visit = (node: HastRoot | Element): void => {
    for (const child of node.children) if (child.type === 'element') { out.push(child); visit(child); }
  };
  visit(parsed(html));
  return out;
}

/** A start or end tag as written. */
const tagPattern = /<\s*\/?\s*([a-zA-Z][\w-]*)/g;

/** An HTML fragment as the browser parses it. */
const parsed = (html: string): HastRoot => fromParse5(parseFragment(html)) as HastRoot;

/**
 * Reasons an HTML snippet is refused; empty when it is on the safe list.
 * Elements are judged by every tag written in the snippet, end tags too: a
 * page's snippets are parsed together, so a lone `</iframe>` can still close
 * one, and a tag the fragment parser would drop can still open one.
 * Attributes are judged on the parsed snippet, by what sanitize keeps.
 */
export function unsafeHtml(html: string): string[] {
  const reasons: string[] = [];
  for (const match of html.matchAll(tagPattern)) {
    const tag = (match[1] ?? '').toLowerCase();
    if (!safeTags.has(tag)) reasons.push(`het element <${tag}> staat niet op de veilige lijst`);
  }
  for (const element of htmlElements(html)) reasons.push(...unsafeProperties(element.properties));
  return [...new Set(reasons)];
}

/** The nodes with every refused address left out of their attributes. */
function withoutRefusedUrls(nodes: ReadonlyArray<ElementContent>): ElementContent[] {
  return nodes.map((node) => {
    if (node.type !== 'element') return node;
    const properties: Properties = {};
    for (const [name, value] of Object.entries(node.properties)) {
      const values = Array.isArray(value) ? value : [value];
      if (!values.some((v) => typeof v === 'string' && refusedUrl(v))) properties[name] = value;
    }
    return { ...node, properties, children: withoutRefusedUrls(node.children) };
  });
}

/** Configuration HTML as the schema keeps it: what a script or style element holds is code, not text, and goes with it. */
const configSchema: Schema = { ...safeHtmlSchema, strip: ['script', 'style', 'template', 'noscript', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes'], allowComments: false };

/**
 * HTML from the site configuration (a navbar or sidebar `html` item), as
 * the schema keeps it, and why it differs from what was written (empty when
 * it passed whole). Whoever writes the configuration is trusted less than
 * the build: a migrated `docusaurus.config` or a sidebars file of another
 * team reaches every page.
 */
export function safeConfigHtml(html: string): { readonly html: string; readonly removed: ReadonlyArray<string> } {
  const disguised = htmlElements(html).flatMap((element) => disguisedValues(element.properties))
    .map(({ name, value }) => `een ${attributeName(name)} die een browser als een andere site leest ("${value}") is niet toegestaan`);
  const removed = [...new Set([...unsafeHtml(html), ...disguised])];
  // Written out again even when whole: an unclosed tag cannot reach past its item.
  const tree = sanitize(parsed(html), configSchema) as HastRoot;
  return { html: toHtml({ type: 'root', children: withoutRefusedUrls(tree.children as ElementContent[]) }), removed };
}
