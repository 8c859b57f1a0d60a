/**
 * One search interface, two backends (chosen by dist-config): the embedded
 * MiniSearch index written by the build, or a Typesense cluster. Both return
 * the same result type; failures are values, not exceptions.
 */
import MiniSearch, { type SearchResult as MiniHit } from 'minisearch';
import { indexOptions, searchOptions, processTerm, type StoredSection } from './search-options.ts';

export interface SearchHit {
  readonly url: string;
  readonly title: string;
  readonly breadcrumbs: ReadonlyArray<string>;
  readonly snippet: string;
  /** The query terms as matched, for marking them in the snippet. */
  readonly terms: ReadonlyArray<string>;
}

export type SearchResult =
  | { readonly ok: true; readonly hits: ReadonlyArray<SearchHit>; readonly total: number }
  | { readonly ok: false; readonly failure: 'network' | 'server' };

export interface SearchBackend {
  search(query: string): Promise<SearchResult>;
}

const pageOf = (url: string) => url.split('#')[0] ?? url;

/** The embedded backend: downloads the index once, on the first search. */
export function embeddedBackend(indexUrl: string): SearchBackend {
  let loading: Promise<MiniSearch<StoredSection>> | null = null;
  const load = () => (loading ??= fetch(indexUrl).then(async (res) => {
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return MiniSearch.loadJSON<StoredSection>(await res.text(), indexOptions);
  }));
  return {
    async search(query) {
      let index: MiniSearch<StoredSection>;
      try {
        index = await load();
      } catch {
        loading = null;
        return { ok: false, failure: 'network' };
      }
      // Every word must match; when nothing does, fall back to any word matching.
      let raw = index.search(query, searchOptions) as Array<MiniHit & StoredSection>;
      if (raw.length === 0) raw = index.search(query, { ...searchOptions, combineWith: 'OR' }) as Array<MiniHit & StoredSection>;
      // Group by page: one hit per URL, the best-scoring section of it.
      const best = new Map<string, MiniHit & StoredSection>();
      for (const hit of raw) if (!best.has(pageOf(hit.u))) best.set(pageOf(hit.u), hit);
      const hits = [...best.values()].map((h) => ({ url: h.u, title: h.t, breadcrumbs: h.b, snippet: h.c, terms: h.terms }));
      return { ok: true, hits, total: hits.length };
    },
  };
}

export interface TypesenseSettings {
  readonly host: string;
  readonly port: number;
  readonly protocol: string;
  readonly searchOnlyKey: string;
  readonly collection: string;
  readonly language: string;
}

interface TypesenseGroup { readonly hits: ReadonlyArray<{ readonly document: { url: string; hierarchy: Record<string, string | null>; content?: string | null } }> }

/** Typesense over plain fetch (a few hundred bytes instead of the client library). */
export function typesenseBackend(settings: TypesenseSettings): SearchBackend {
  return {
    async search(query) {
      const body = {
        searches: [{
          collection: settings.collection, q: query,
          query_by: 'hierarchy.lvl1,hierarchy.lvl2,hierarchy.lvl3,hierarchy.lvl4,hierarchy.lvl5',
          group_by: 'url', group_limit: 1, filter_by: `language:=${settings.language}`, per_page: 50,
        }],
      };
      let res: Response;
      try {
        res = await fetch(`${settings.protocol}://${settings.host}:${settings.port}/multi_search`, {
          method: 'POST', headers: { 'Content-Type': 'application/json', 'X-TYPESENSE-API-KEY': settings.searchOnlyKey }, body: JSON.stringify(body),
        });
      } catch {
        return { ok: false, failure: 'network' };
      }
      if (!res.ok) return { ok: false, failure: 'server' };
      const json = await res.json() as { results?: Array<{ grouped_hits?: TypesenseGroup[]; found?: number }> };
      const groups = json.results?.[0]?.grouped_hits ?? [];
      const terms = query.split(/\s+/).map(processTerm).filter((t): t is string => t !== null);
      const hits = groups.flatMap((g) => g.hits.slice(0, 1)).map(({ document: d }) => {
        const levels = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'].map((l) => d.hierarchy[l]).filter((x): x is string => Boolean(x));
        return { url: d.url, title: levels[levels.length - 1] ?? d.url, breadcrumbs: [d.hierarchy.lvl0 ?? '', ...levels.slice(0, -1)].filter(Boolean), snippet: d.content ?? '', terms };
      });
      return { ok: true, hits, total: json.results?.[0]?.found ?? hits.length };
    },
  };
}
