/**
 * The one rule for addresses, wherever they come from (Markdown links, raw
 * HTML, MDX attributes, configuration, site components, SVG, the renderer):
 * how a browser reads an address, which ones would run script, and which
 * ones would take the reader to another host while looking like a path.
 */

/** Schemes that run script, and `data:`, which opens a document of its own. */
const runningSchemes = ['javascript', 'vbscript'];
const scriptSchemes: ReadonlySet<string> = new Set([...runningSchemes, 'data']);

/**
 * An address as a browser reads it before it looks at its parts: leading and
 * trailing controls and spaces dropped, tabs and line breaks anywhere
 * dropped (`java\tscript:` is `javascript:`).
 */
const asRead = (url: string): string => url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');

/** The scheme of an address as a browser reads it, lower case; null for a path (`/blog`, `./a.png`, `#kop`, `//host/x`). */
export function schemeOf(url: string): string | null {
  return /^([a-z][a-z0-9+.-]*):/i.exec(asRead(url))?.[1]?.toLowerCase() ?? null;
}

/**
 * The scheme of an address that would run script or embed a document
 * (`javascript:`, `vbscript:`, `data:`), or null. Stricter than a browser on
 * purpose: every control character and space is taken out first, so that no
 * old or future reader finds a script scheme this rule did not.
 */
export function unsafeUrl(url: string): string | null {
  const scheme = schemeOf(url.replace(/[\u0000-\u0020\u007f]/g, ''));
  return scheme !== null && scriptSchemes.has(scheme) ? scheme : null;
}

/**
 * Whether a browser reads the address as another host (`//host`) although it
 * is not written as one: `/\evil.example`, `\\evil.example`, `///evil.example`,
 * `/<tab>/evil.example`, ` //evil.example`. A backslash is a slash in an
 * http(s) address, and tabs and line breaks are dropped, so these leave the
 * site while every check that reads them as a path lets them through.
 */
export function disguisedHost(url: string): boolean {
  return asRead(url).replace(/\\/g, '/').startsWith('//') && !/^\/\/[^/\\\t\n\r]/.test(url);
}

/** What an address is to the site. */
export type UrlKind =
  /** Runs script or embeds a document: never written. */
  | { readonly kind: 'script'; readonly scheme: string }
  /** Reads as another host while written as a path: never written. */
  | { readonly kind: 'disguised' }
  /** Another site, or another kind of address (`https:`, `mailto:`, `//host`). */
  | { readonly kind: 'external'; readonly scheme: string | null }
  /** A path on the site, relative or absolute, a query or a fragment. */
  | { readonly kind: 'site' };

/** What `url` is, by the one rule. */
export function urlKind(url: string): UrlKind {
  const script = unsafeUrl(url);
  if (script !== null) return { kind: 'script', scheme: script };
  if (disguisedHost(url)) return { kind: 'disguised' };
  const scheme = schemeOf(url);
  if (scheme !== null || url.startsWith('//')) return { kind: 'external', scheme };
  return { kind: 'site' };
}

/** Whether the address leaves the site (`https:`, `mailto:`, `//host`): the link checker leaves it alone. */
export const externalUrl = (url: string): boolean => urlKind(url).kind === 'external';

/** Whether a browser would follow the address to script or to another host disguised as a path. */
export const refusedUrl = (url: string): boolean => {
  const { kind } = urlKind(url);
  return kind === 'script' || kind === 'disguised';
};

/**
 * A path on the site itself, where only such a path is expected (a link in a
 * drawing): one leading `/`, and no backslash, tab or line break anywhere,
 * which browsers drop or read as `/` on the way to making `//host`. A
 * pattern, for hast-util-sanitize schemas.
 */
export const sitePathPattern = /^\/(?!\/)[^\\\t\n\r]*$/;

/**
 * A script scheme (`javascript:`, `vbscript:`) anywhere in a value that is
 * not one address (CSS, an animation's values), tabs and line breaks inside
 * the word ignored as a browser ignores them.
 */
export const scriptSchemeInText = new RegExp(runningSchemes.map((word) => [...`${word}:`].join('[\\t\\n\\r]*')).join('|'), 'i');

/**
 * A script or document scheme (`javascript:`, `vbscript:`, `data:`) at the
 * start of a value, read as a browser reads an address: leading spaces and
 * control characters skipped, tabs and line breaks inside the word ignored.
 * The pattern of `unsafeUrl`, for hast-util-sanitize schemas.
 */
export const scriptSchemeAtStart = new RegExp(`^[\\u0000-\\u0020]*(?:${[...scriptSchemes].map((word) => [...`${word}:`].join('[\\t\\n\\r]*')).join('|')})`, 'i');

/** The message of a disguised address (Dutch), for every place that refuses one. */
export const disguisedMessage = (url: string): string =>
  `Het adres "${url}" ziet eruit als een pad op de site, maar een browser leest het als een andere site (een \\ telt als /, en tabs en regeleinden vallen weg). Schrijf een gewoon pad (/pagina) of een volledige https://-link.`;
