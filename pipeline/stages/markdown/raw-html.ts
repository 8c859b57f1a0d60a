/**
 * Raw HTML in Markdown: comments are dropped, and a snippet with anything
 * outside the safe list is refused (and dropped) with the reasons, at its
 * place. What is safe is the one schema of pipeline/safety/html.ts; the page
 * keeps the snippet as written when it passes (rehype-raw parses it with the
 * page). Every `<a href>` in it is held to the rule of a Markdown link and
 * checked by the link checker.
 * A video or audio element that would start by itself with sound, or
 * without a way to pause it, loses `autoplay`, with a warning.
 */
import type { Element, Root as HastRoot } from 'hast';
import type { Html } from 'mdast';
import { error, placeOf, warning, type Place, type Problem } from '../../problem.ts';
import { isTruncateMarker } from '../shared/truncate.ts';
import { disguisedValues, htmlElements, unsafeHtml } from '../../safety/html.ts';
import { disguisedMessage } from '../../safety/urls.ts';
import type { Handler } from './walk.ts';

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
  return htmlElements(html).flatMap((element) => autoplayFault(element) ?? []);
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

/**
 * The problems of a snippet's addresses: every `<a href>` goes through `href`
 * (the link job: the rule of a Markdown link, and the link checker), and any
 * other attribute that a browser reads as another host is refused alike.
 */
function addressProblems(html: string, file: string, place: Place, href: (url: string, place: Place) => Problem[]): Problem[] {
  return htmlElements(html).flatMap((element) => [
    ...(element.tagName === 'a' && typeof element.properties.href === 'string' ? href(element.properties.href, place) : []),
    ...disguisedValues(element.properties).filter(({ name }) => !(element.tagName === 'a' && name === 'href'))
      .map(({ value }) => error('disguised-url', file, place, disguisedMessage(value))),
  ]);
}

/**
 * The raw HTML job of one page; `file` is its path in messages, `href` the
 * page's link job for the addresses of links (none: links are not checked).
 */
export function rawHtml(file: string, href: (url: string, place: Place) => Problem[] = () => []): Handler<Html> {
  return (node) => {
    // The excerpt is split at the marker after the walk (excerpt.ts).
    if (isTruncateMarker(node)) return undefined;
    if (/^<!--[\s\S]*-->$/.test(node.value.trim())) return { replace: [] };
    const reasons = unsafeHtml(node.value);
    if (reasons.length === 0) {
      const addresses = /\b(href|src|poster|cite)\b/i.test(node.value) ? addressProblems(node.value, file, placeOf(node), href) : [];
      if (addresses.some((p) => p.code === 'disguised-url')) return { problems: addresses, replace: [] };
      const faults = autoplayFaults(node.value);
      const problems = [...addresses, ...(faults.length ? [autoplayWarning(file, node, faults)] : [])];
      return problems.length ? { problems } : undefined;
    }
    return {
      problems: [error('unsafe-html', file, placeOf(node), `Deze HTML is niet toegestaan: ${reasons.join('; ')}. Gebruik Markdown, of alleen veilige elementen zoals <details> en <kbd>.`)],
      replace: [],
    };
  };
}
