/**
 * One search interface, two backends (chosen by dist-config): the embedded
 * MiniSearch index written by the build, or a Typesense cluster
 * (search-typesense.ts). Both return the same result type (search-result.ts);
 * failures are values, not exceptions.
 *
 * The page tells the client which one in `data-search-config` (JSON, written
 * by theme/shell/search-config.ts): read it with `readSearchConfig`, then
 * `backendFor` gives the backend.
 */
import type MiniSearch from 'minisearch';
import type { SearchResult as MiniHit } from 'minisearch';
import { indexOptions, searchOptions, type StoredSection } from '../shared/search-options.ts';
import { hitLink, type LinkRule, type SearchBackend, type SearchResult } from './search-result.ts';
import { typesenseBackend, type TypesenseSettings } from './search-typesense.ts';

export type { SearchBackend, SearchFailure, SearchHit, SearchOptions, SearchResult } from './search-result.ts';
export { hitLink } from './search-result.ts';
export { typesenseBackend, type TypesenseSettings } from './search-typesense.ts';

/** What the page says about search: which backend, and where results may link. */
export type ClientSearchConfig =
  | { readonly backend: 'embedded'; readonly index: string; readonly siteOrigin: string | null; readonly externalHosts: ReadonlyArray<string> }
  | { readonly backend: 'typesense'; readonly typesense: TypesenseSettings };

const pageOf = (url: string) => url.split('#')[0] ?? url;

/** The embedded backend: MiniSearch and the index both load on the first search, not with the page. */
export function embeddedBackend(indexUrl: string, links: LinkRule = { siteOrigin: null, externalHosts: [] }): SearchBackend {
  let loading: Promise<MiniSearch<StoredSection>> | null = null;
  const load = () => (loading ??= Promise.all([import('minisearch'), fetch(indexUrl)]).then(async ([{ default: Mini }, res]) => {
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return Mini.loadJSON<StoredSection>(await res.text(), indexOptions);
  }));
  return {
    async search(query, options = {}): Promise<SearchResult> {
      let index: MiniSearch<StoredSection>;
      try {
        index = await load();
      } catch {
        loading = null;
        return { ok: false, failure: 'network' };
      }
      if (options.signal?.aborted) return { ok: false, failure: 'aborted' };
      // Every word must match; when nothing does, fall back to any word matching.
      let raw = index.search(query, searchOptions) as Array<MiniHit & StoredSection>;
      if (raw.length === 0) raw = index.search(query, { ...searchOptions, combineWith: 'OR' }) as Array<MiniHit & StoredSection>;
      // Group by page: one hit per URL, the best-scoring section of it.
      const best = new Map<string, MiniHit & StoredSection>();
      for (const hit of raw) if (!best.has(pageOf(hit.u))) best.set(pageOf(hit.u), hit);
      const all = [...best.values()].map((h) => ({ ...hitLink(h.u, links), title: h.t, breadcrumbs: h.b, snippet: h.c, terms: h.terms }));
      return { ok: true, hits: options.limit ? all.slice(0, options.limit) : all, total: all.length };
    },
  };
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const strings = (x: unknown): string[] => (Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string') : []);

/** The page's `data-search-config`, checked; null when it is missing or not what the renderer writes. */
export function readSearchConfig(json: string | undefined): ClientSearchConfig | null {
  let data: unknown;
  try {
    data = JSON.parse(json ?? '');
  } catch {
    return null;
  }
  if (!isObject(data)) return null;
  if (data.backend === 'embedded' && typeof data.index === 'string') {
    return { backend: 'embedded', index: data.index, siteOrigin: typeof data.siteOrigin === 'string' ? data.siteOrigin : null, externalHosts: strings(data.externalHosts) };
  }
  const ts = data.typesense;
  if (data.backend === 'typesense' && isObject(ts) && typeof ts.host === 'string' && typeof ts.port === 'number' && typeof ts.protocol === 'string'
    && typeof ts.searchOnlyKey === 'string' && typeof ts.collection === 'string' && typeof ts.language === 'string' && typeof ts.siteOrigin === 'string') {
    return {
      backend: 'typesense',
      typesense: {
        host: ts.host, port: ts.port, protocol: ts.protocol, searchOnlyKey: ts.searchOnlyKey, collection: ts.collection, language: ts.language,
        tags: Array.isArray(ts.tags) ? strings(ts.tags) : null, siteOrigin: ts.siteOrigin, externalHosts: strings(ts.externalHosts),
        ...(typeof ts.timeoutMs === 'number' ? { timeoutMs: ts.timeoutMs } : {}),
      },
    };
  }
  return null;
}

export function backendFor(config: ClientSearchConfig): SearchBackend {
  return config.backend === 'typesense'
    ? typesenseBackend(config.typesense)
    : embeddedBackend(config.index, { siteOrigin: config.siteOrigin, externalHosts: config.externalHosts });
}
