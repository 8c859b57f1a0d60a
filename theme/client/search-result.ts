/**
 * The one result type both search backends return, and the link rule they
 * share. No imports: the search page, the modal and the Typesense adapter
 * all depend on this file, never the other way round.
 */

export interface SearchHit {
  /** Where the result links: a path on this site, or an absolute URL on another host. */
  readonly url: string;
  readonly title: string;
  readonly breadcrumbs: ReadonlyArray<string>;
  /** Plain text: callers insert it as text and mark `terms` themselves. */
  readonly snippet: string;
  /** The query terms as matched, folded (lower case, no diacritics), for marking them in the snippet. */
  readonly terms: ReadonlyArray<string>;
  /** On another host (the API or OSS register): open in a new tab, marked as external. */
  readonly external: boolean;
}

/**
 * Why a search gave no results. `aborted`: the caller's signal fired (a newer
 * query), show nothing; all others: show the "Niet in staat resultaten op te
 * halen" message.
 */
export type SearchFailure = 'network' | 'timeout' | 'unauthorized' | 'not-found' | 'server' | 'aborted';

export type SearchResult =
  | { readonly ok: true; readonly hits: ReadonlyArray<SearchHit>; readonly total: number }
  | { readonly ok: false; readonly failure: SearchFailure; readonly status?: number };

export interface SearchOptions {
  /** At most this many hits (Typesense: `per_page`, at most 250). */
  readonly limit?: number;
  /** Aborting it ends the search with `{ ok: false, failure: 'aborted' }`. */
  readonly signal?: AbortSignal;
}

export interface SearchBackend {
  search(query: string, options?: SearchOptions): Promise<SearchResult>;
}

export interface LinkRule {
  /** This site's origin (`https://developer.overheid.nl`): its absolute URLs become paths. */
  readonly siteOrigin: string | null;
  /** Hosts whose results are external (search.externalHosts: the API and OSS registers). */
  readonly externalHosts: ReadonlyArray<string>;
}

/**
 * Where a hit links and whether it is external (results on the hosts the
 * configuration lists, such as the apis and oss hosts). A path stays a path;
 * an absolute URL on a listed host is external; one on this site becomes a path (so the
 * client router and any test host work). Any other host is external too: a
 * link off the site must never look like an internal one.
 */
export function hitLink(url: string, rule: LinkRule): { readonly url: string; readonly external: boolean } {
  if (!/^https?:\/\//i.test(url)) return { url, external: false };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { url, external: true };
  }
  if (rule.externalHosts.includes(parsed.host)) return { url, external: true };
  if (rule.siteOrigin && parsed.origin === new URL(rule.siteOrigin).origin) {
    // Keep the fragment as written: URL would percent-encode "#categorieën".
    const hash = url.indexOf('#');
    return { url: parsed.pathname + parsed.search + (hash >= 0 ? url.slice(hash) : ''), external: false };
  }
  return { url, external: true };
}

/**
 * A result on another host opens in a new tab and says so to screen readers
 * (the label is passed in: this file has no imports).
 */
export function markExternal(link: HTMLAnchorElement, labelInto: HTMLElement, label: string): void {
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  const hidden = document.createElement('span');
  hidden.className = 'visually-hidden';
  hidden.textContent = ` ${label}`;
  labelInto.append(hidden);
}
