/**
 * The embedded search index: records grouped into sections (a heading and
 * the text under it), indexed with MiniSearch at build time and written as
 * one JSON file that the browser loads on its first search.
 */
import MiniSearch, { type Options } from 'minisearch';
import type { SearchRecord } from './search-records.ts';

const snippetLength = 160;

/** What a result shows, stored in the index under short names: the browser reads them back (`StoredSection` in theme/shared/search-options.ts). */
interface StoredSection {
  /** URL with anchor. */
  readonly u: string;
  /** Title: the deepest heading of the section (or the page title). */
  readonly t: string;
  /** Breadcrumb: the higher hierarchy levels. */
  readonly b: ReadonlyArray<string>;
  /** Text for the snippet (trimmed). */
  readonly c: string;
}

interface Section extends StoredSection { readonly id: number; readonly title: string; readonly headings: string; readonly content: string }

/** One section per URL with anchor: the heading record plus the content records under it. */
export function sections(records: ReadonlyArray<SearchRecord>): Section[] {
  const byUrl = new Map<string, { record: SearchRecord; texts: string[] }>();
  for (const record of records) {
    const entry = byUrl.get(record.url) ?? { record, texts: [] };
    if (record.content) entry.texts.push(record.content);
    byUrl.set(record.url, entry);
  }
  return [...byUrl.values()].map(({ record, texts }, id) => {
    const h = record.hierarchy;
    const levels = [h.lvl1, h.lvl2, h.lvl3, h.lvl4, h.lvl5, h.lvl6].filter((x): x is string => x !== null);
    const title = levels[levels.length - 1] ?? h.lvl1;
    const text = texts.join(' ');
    return {
      id, u: record.url, t: title, b: [h.lvl0, ...levels.slice(0, -1)].filter((x, i, all) => all.indexOf(x) === i && x !== title),
      c: text.length > snippetLength ? `${text.slice(0, snippetLength).replace(/\s\S*$/, '')} …` : text,
      title, headings: levels.slice(0, -1).join(' '), content: text,
    };
  });
}

/**
 * The index as JSON. `options` are the ones the browser loads it with
 * (`indexOptions` of theme/shared/search-options.ts: both must process terms
 * the same way); the caller passes them in, as a stage imports no theme code.
 */
export function buildSearchIndex(records: ReadonlyArray<SearchRecord>, options: Options<Section>): string {
  const index = new MiniSearch<Section>(options);
  index.addAll(sections(records));
  return JSON.stringify(index);
}
