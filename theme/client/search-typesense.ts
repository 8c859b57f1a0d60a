/**
 * The Typesense backend: one POST to `/multi_search` with plain fetch (a few
 * hundred bytes instead of the client library): query_by
 * hierarchy levels 1 to 5, group_by url, group_limit 1, filtered on the
 * locale and, with contextual search on, on the docs version tags. The answer
 * becomes the shared SearchResult; every failure is a value, never a throw.
 */
import { processTerm } from '../shared/search-options.ts';
import { hitLink, type SearchBackend, type SearchHit, type SearchOptions, type SearchResult } from './search-result.ts';

export interface TypesenseSettings {
  readonly host: string;
  readonly port: number;
  readonly protocol: string;
  /** The search-only key: public, it is in every page that searches. */
  readonly searchOnlyKey: string;
  /** The alias `developer_{product}`, unless the configuration names another collection. */
  readonly collection: string;
  /** The current locale: `language:=nl`. */
  readonly language: string;
  /** `docusaurus_tag` values to filter on (contextual search), or null for no tag filter. */
  readonly tags: ReadonlyArray<string> | null;
  /** This site's origin: its absolute result URLs become paths. */
  readonly siteOrigin: string;
  /** Hosts whose results are external (the API and OSS registers). */
  readonly externalHosts: ReadonlyArray<string>;
  /** Give up after this long (default 5000 ms). */
  readonly timeoutMs?: number;
}

export const queryBy = ['hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'hierarchy.lvl4', 'hierarchy.lvl5'].join(',');
const defaultLimit = 50;
const snippetLength = 160;

/** A filter value as Typesense reads it: plain when safe, else in backticks. */
const filterValue = (v: string) => (/^[\w.-]+$/.test(v) ? v : `\`${v.replace(/`/g, '')}\``);

export function filterBy(settings: Pick<TypesenseSettings, 'language' | 'tags'>): string {
  const language = `language:=${filterValue(settings.language)}`;
  return settings.tags && settings.tags.length ? `${language} && docusaurus_tag:=[${settings.tags.map(filterValue).join(',')}]` : language;
}

/** The multi_search body for one query. */
export function multiSearchBody(settings: TypesenseSettings, query: string, options: SearchOptions = {}) {
  return {
    searches: [{
      collection: settings.collection,
      q: query,
      query_by: queryBy,
      group_by: 'url',
      group_limit: 1,
      filter_by: filterBy(settings),
      per_page: Math.min(Math.max(1, options.limit ?? defaultLimit), 250),
    }],
  };
}

// ---------------------------------------------------------------------------
// The answer, read defensively: it is JSON from another host.

interface Highlight { readonly field?: unknown; readonly matched_tokens?: unknown }
interface Hit { readonly document?: Record<string, unknown> | null; readonly highlights?: unknown }
interface SearchAnswer { readonly found?: unknown; readonly grouped_hits?: unknown; readonly hits?: unknown; readonly code?: unknown; readonly error?: unknown }

const text = (x: unknown): string | null => (typeof x === 'string' && x.trim() !== '' ? x : null);

/** A hierarchy level: the scraper's flattened `hierarchy.lvl1` key, or a nested `hierarchy` object. */
const level = (doc: Record<string, unknown>, n: number): string | null =>
  text(doc[`hierarchy.lvl${n}`]) ?? text((doc.hierarchy as Record<string, unknown> | null | undefined)?.[`lvl${n}`]);

const trimmed = (s: string) => (s.length > snippetLength ? `${s.slice(0, snippetLength).replace(/\s\S*$/, '')} …` : s);

function termsOf(hit: Hit, query: string): string[] {
  // matched_tokens is string[] for a string field and string[][] for an array field.
  const highlights = Array.isArray(hit.highlights) ? hit.highlights : [];
  const tokens = highlights.flatMap((h: Highlight | null) => (Array.isArray(h?.matched_tokens) ? h.matched_tokens.flat() : []))
    .filter((t): t is string => typeof t === 'string');
  const source = tokens.length ? tokens : query.split(/\s+/);
  return [...new Set(source.map(processTerm).filter((t): t is string => t !== null))];
}

function toHit(hit: Hit, query: string, settings: TypesenseSettings): SearchHit | null {
  const doc = hit.document;
  const url = doc && text(doc.url);
  if (!doc || !url) return null;
  const levels = [1, 2, 3, 4, 5, 6].map((n) => level(doc, n)).filter((x): x is string => x !== null);
  const title = levels[levels.length - 1] ?? url;
  const breadcrumbs = [level(doc, 0), ...levels.slice(0, -1)].filter((x, i, all): x is string => x !== null && x !== title && all.indexOf(x) === i);
  const link = hitLink(url, settings);
  return { url: link.url, external: link.external, title, breadcrumbs, snippet: trimmed(text(doc.content) ?? ''), terms: termsOf(hit, query) };
}

const failureOf = (status: number): SearchResult =>
  ({ ok: false, failure: status === 401 || status === 403 ? 'unauthorized' : status === 404 ? 'not-found' : 'server', status });

/** The first search's answer as a SearchResult: one hit per group, the total as Typesense counted it. */
export function readMultiSearch(json: unknown, query: string, settings: TypesenseSettings): SearchResult {
  const answer = (json as { results?: unknown } | null)?.results;
  const first = Array.isArray(answer) ? (answer[0] as SearchAnswer | undefined) : undefined;
  if (!first || typeof first !== 'object') return { ok: false, failure: 'server' };
  // multi_search answers HTTP 200 and puts a failed search's status in the result (a missing collection: code 404).
  if (typeof first.code === 'number' && first.code >= 400) return failureOf(first.code);
  if (first.error !== undefined) return { ok: false, failure: 'server' };
  const candidates: ReadonlyArray<unknown> = Array.isArray(first.grouped_hits)
    ? first.grouped_hits.map((g: { hits?: unknown } | null) => (Array.isArray(g?.hits) ? g.hits[0] : undefined))
    : Array.isArray(first.hits) ? first.hits : [];
  const seen = new Set<string>();
  const hits: SearchHit[] = [];
  for (const candidate of candidates) {
    const hit = candidate && typeof candidate === 'object' ? toHit(candidate as Hit, query, settings) : null;
    // group_by url already gives one hit per URL; this only guards an answer without grouping.
    if (hit && !seen.has(hit.url)) { seen.add(hit.url); hits.push(hit); }
  }
  const found = typeof first.found === 'number' && first.found >= hits.length ? first.found : hits.length;
  return { ok: true, hits, total: found };
}

export function typesenseBackend(settings: TypesenseSettings): SearchBackend {
  const endpoint = `${settings.protocol.replace(/:$/, '')}://${settings.host}:${settings.port}/multi_search`;
  return {
    async search(query, options = {}) {
      if (options.signal?.aborted) return { ok: false, failure: 'aborted' };
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => { timedOut = true; controller.abort(); }, settings.timeoutMs ?? 5000);
      const onAbort = () => controller.abort();
      options.signal?.addEventListener('abort', onAbort);
      // After an abort, say why: our timer, or the caller's newer query.
      const stopped = (otherwise: SearchResult): SearchResult =>
        timedOut ? { ok: false, failure: 'timeout' } : options.signal?.aborted ? { ok: false, failure: 'aborted' } : otherwise;
      try {
        let res: Response;
        try {
          res = await fetch(endpoint, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-TYPESENSE-API-KEY': settings.searchOnlyKey },
            body: JSON.stringify(multiSearchBody(settings, query, options)),
            signal: controller.signal,
          });
        } catch {
          return stopped({ ok: false, failure: 'network' });
        }
        if (!res.ok) return failureOf(res.status);
        let json: unknown;
        try {
          json = await res.json();
        } catch {
          // A body that is not JSON is the server's fault, unless the read was cut off by an abort.
          return stopped({ ok: false, failure: 'server' });
        }
        return readMultiSearch(json, query, settings);
      } finally {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
      }
    },
  };
}
