/**
 * Raw HTML in Markdown: comments are dropped, and a snippet with anything
 * outside the safe list is refused (and dropped) with the reasons, at its
 * place. What is safe is one hast-util-sanitize schema; the page keeps the
 * snippet as written when it passes (rehype-raw parses it with the page).
 * A video or audio element that would start by itself with sound, or
 * without a way to pause it, loses `autoplay`, with a warning.
 */
import { parseFragment } from 'parse5';
import { fromParse5 } from 'hast-util-from-parse5';
import { sanitize, type Schema } from 'hast-util-sanitize';
import { html as htmlInfo } from 'property-information';
import type { Element, Root as HastRoot } from 'hast';
import type { Html } from 'mdast';
import { error, placeOf, warning, type Problem } from '../../problem.ts';
import { isTruncateMarker } from '../shared/truncate.ts';
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

/**
 * What keeps a media element from starting by itself, or null when it may:
 * sound that starts by itself must be off (`muted`, WCAG 1.4.2) and moving
 * content that starts by itself must be possible to pause (`controls`,
 * WCAG 2.2.2). Elements that do not play, or do not autoplay, may.
 */
export function autoplayFault(element: Pick<Element, 'tagName' | 'properties'>): string | null {
  const { tagName, properties } = element;
  if ((tagName !== 'video' && tagName !== 'audio') || !isSet(properties.autoPlay)) return null;
  const missing = [isSet(properties.muted) ? null : 'muted', isSet(properties.controls) ? null : 'controls'].filter((m): m is string => m !== null);
  return missing.length ? `<${tagName}> met autoplay heeft geen ${missing.join(' en ')}` : null;
}

/** A boolean attribute as hast has it: present unless false or absent. */
const isSet = (value: unknown): boolean => value !== undefined && value !== null && value !== false;

/** The media elements of a snippet that may not autoplay (`autoplayFault`), as the snippet is parsed. */
function autoplayFaults(html: string): string[] {
  if (!/autoplay/i.test(html)) return [];
  const faults: string[] = [];
  const visit = (node: Element): void => {
    const fault = autoplayFault(node);
    if (fault) faults.push(fault);
    for (const child of node.children) if (child.type === 'element') visit(child);
  };
  for (const child of (fromParse5(parseFragment(html)) as HastRoot).children) if (child.type === 'element') visit(child);
  return faults;
}

/** The warning for media that loses `autoplay` (`mediaAutoplay` takes it away). */
export const autoplayWarning = (file: string, node: Html | { position?: Html['position'] }, faults: ReadonlyArray<string>): Problem =>
  warning('media-autoplay', file, placeOf(node),
    `${faults.join('; ')}: ${faults.length > 1 ? 'ze starten' : 'het start'} daarom niet vanzelf. Geluid dat vanzelf begint en beweging die niet te pauzeren is, hinderen wie een schermlezer gebruikt of zich moet concentreren (WCAG 1.4.2 en 2.2.2). Zet muted en controls bij autoplay, of haal autoplay weg.`);

/**
 * A rehype step after raw HTML is parsed into the page: every media element
 * `autoplayFault` finds loses `autoplay` (the raw HTML job warned at its place).
 */
export function mediaAutoplay() {
  return (tree: HastRoot): void => {
    const visit = (node: HastRoot | Element): void => {
      for (const child of node.children) {
        if (child.type !== 'element') continue;
        if (autoplayFault(child)) delete child.properties.autoPlay;
        visit(child);
      }
    };
    visit(tree);
  };
}

/** The raw HTML job of one page; `file` is its path in messages. */
export function rawHtml(file: string): Handler<Html> {
  return (node) => {
    // The excerpt is split at the marker after the walk (excerpt.ts).
    if (isTruncateMarker(node)) return undefined;
    if (/^<!--[\s\S]*-->$/.test(node.value.trim())) return { replace: [] };
    const reasons = unsafeHtml(node.value);
    if (reasons.length === 0) {
      const faults = autoplayFaults(node.value);
      return faults.length ? { problems: [autoplayWarning(file, node, faults)] } : undefined;
    }
    return {
      problems: [error('unsafe-html', file, placeOf(node), `Deze HTML is niet toegestaan: ${reasons.join('; ')}. Gebruik Markdown, of alleen veilige elementen zoals <details> en <kbd>.`)],
      replace: [],
    };
  };
}
