/**
 * How large configuration may be. A configuration is a few kilobytes of
 * titles, links and short texts; a `tagline` of 100 MB would be copied onto
 * every page. `migrate` refuses a Docusaurus configuration past these limits
 * and the build refuses such a site.yml or sidebars file, each with a message.
 */
import { error, type Place, type Problem, type ProblemCode } from '../../problem.ts';

/** The largest configuration file (site.yml, a sidebars file, a Docusaurus configuration or what it returns). */
export const maxConfigBytes = 5 * 1024 * 1024;

/** The longest string in a configuration: a title, a text, a link or an HTML item. */
export const maxConfigString = 10_000;

/** A path into a configuration value, as validate's `locate` takes it. */
export type ValuePath = ReadonlyArray<string | number>;

/** Every string (value or key) longer than `max` in a parsed configuration, by its path. */
export function overlongStrings(value: unknown, max: number = maxConfigString, at: ValuePath = []): ValuePath[] {
  if (typeof value === 'string') return value.length > max ? [at] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => overlongStrings(v, max, [...at, i]));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, v]) => [
      ...(key.length > max ? [[...at, key]] : []),
      ...overlongStrings(v, max, [...at, key]),
    ]);
  }
  return [];
}

/** A path as a reader writes it: `tagline`, `navbar.items[2].value`. */
export const shownPath = (at: ValuePath): string =>
  at.map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i ? '.' : ''}${part.length > 40 ? `${part.slice(0, 40)}…` : part}`)).join('') || '(het hele bestand)';

/** The limit as a Dutch reader writes it: 10.000. */
export const shownLimit = String(maxConfigString).replace(/\B(?=(\d{3})+$)/g, '.');

/**
 * The refusal of a parsed configuration file with strings past the limit: one error per string (the first
 * ten), at its place, so that the value never reaches a page. Empty when there is none.
 */
export function overlongProblems(data: unknown, file: string, locate: (at: ValuePath) => Place, code: ProblemCode): Problem[] {
  const found = overlongStrings(data);
  return found.slice(0, 10).map((at, i) => error(code, file, locate(at),
    `${shownPath(at)} is langer dan ${shownLimit} tekens. Zo lang is geen titel, tekst, link of HTML-item; maak de waarde korter.${i === 9 && found.length > 10 ? ` (En nog ${found.length - 10} zulke waarden.)` : ''}`));
}
