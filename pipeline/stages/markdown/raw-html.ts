/**
 * Raw HTML in Markdown: comments are dropped, and a snippet with anything
 * outside the safe list is refused (and dropped) with the reasons, at its
 * place. What is safe is one hast-util-sanitize schema; the page keeps the
 * snippet as written when it passes (rehype-raw parses it with the page).
 */
import { parseFragment } from 'parse5';
import { fromParse5 } from 'hast-util-from-parse5';
import { sanitize, type Schema } from 'hast-util-sanitize';
import { html as htmlInfo } from 'property-information';
import type { Element, Root as HastRoot } from 'hast';
import type { Html } from 'mdast';
import { error, placeOf } from '../../problem.ts';
import { isTruncateMarker } from '../truncate.ts';
import { unsafeUrl } from './urls.ts';
import type { Handler } from './walk.ts';

/** The WAI-ARIA attributes (`aria-label`, …) as hast properties: all of them are safe. */
const ariaProperties = Object.values(htmlInfo.property).filter((info) => info.attribute.startsWith('aria-')).map((info) => info.property);

/**
 * The raw HTML an author may write: these elements, with these attributes on
 * any of them. Every other key is set too, since sanitize fills what a schema
 * leaves out from its GitHub-like default: no required ancestors, no added or
 * prefixed values, and no protocol lists (`unsafeUrl` refuses script addresses
 * in any attribute, after stripping what browsers ignore).
 */
export const rawHtmlSchema: Schema = {
  tagNames: [
    'a', 'abbr', 'b', 'br', 'cite', 'code', 'dd', 'del', 'details', 'dfn', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure',
    'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'pre', 'q', 's', 'samp', 'small',
    'span', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'u', 'ul', 'var',
  ],
  attributes: {
    '*': ['href', 'src', 'alt', 'title', 'width', 'height', 'id', 'className', 'open', 'lang', 'dir', 'colSpan', 'rowSpan', 'scope', 'dateTime', 'cite', ...ariaProperties],
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

/** The schema without its elements: what it keeps of an element's attributes, whatever the element. */
const attributesSchema: Schema = { ...rawHtmlSchema, tagNames: null };

const safeTags: ReadonlySet<string> = new Set(rawHtmlSchema.tagNames);

/** A start or end tag as written. */
const tagPattern = /<\s*\/?\s*([a-zA-Z][\w-]*)/g;

/** An attribute's name in messages, from its hast property name. */
const attributeName = (property: string): string =>
  property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/^class-name$/, 'class');

/**
 * Reasons a raw HTML snippet is refused; empty when it is on the safe list.
 * Elements are judged by every tag written in the snippet, end tags too: the
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
  const attributes = (node: Element): void => {
    const kept = (sanitize({ ...node, children: [] }, attributesSchema) as Element).properties;
    for (const [name, value] of Object.entries(node.properties)) {
      const attr = attributeName(name);
      if (!(name in kept)) reasons.push(/^on/i.test(name) ? `het attribuut ${attr} (een event handler) is niet toegestaan` : `het attribuut ${attr} staat niet op de veilige lijst`);
      const scheme = typeof value === 'string' ? unsafeUrl(value) : null;
      if (scheme) reasons.push(`een ${attr} met een ${scheme}:-adres is niet toegestaan`);
    }
    for (const child of node.children) if (child.type === 'element') attributes(child);
  };
  for (const child of (fromParse5(parseFragment(html)) as HastRoot).children) if (child.type === 'element') attributes(child);
  return [...new Set(reasons)];
}

/** The raw HTML job of one page; `file` is its path in messages. */
export function rawHtml(file: string): Handler<Html> {
  return (node) => {
    // The excerpt is split at the marker after the walk (excerpt.ts).
    if (isTruncateMarker(node)) return undefined;
    if (/^<!--[\s\S]*-->$/.test(node.value.trim())) return { replace: [] };
    const reasons = unsafeHtml(node.value);
    if (reasons.length === 0) return undefined;
    return {
      problems: [error('unsafe-html', file, placeOf(node), `Deze HTML is niet toegestaan: ${reasons.join('; ')}. Gebruik Markdown, of alleen veilige elementen zoals <details> en <kbd>.`)],
      replace: [],
    };
  };
}
