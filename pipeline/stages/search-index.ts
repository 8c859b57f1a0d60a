/**
 * The embedded search index: records grouped into sections (a heading and
 * the text under it), indexed at build time in MiniSearch's JSON format and
 * written as one file that the browser loads on its first search
 * (`MiniSearch.loadJSON` with the same options).
 *
 * The index is assembled from each section's terms (`sectionTerms`: what
 * MiniSearch's `add` makes of a section's fields) in one canonical order, the
 * terms sorted: a build can take the terms of unchanged sections from the
 * build cache and tokenize only the changed ones, and still write the bytes a
 * build from scratch writes. MiniSearch's own `toJSON` lists the terms in the
 * order of its radix tree, which depends on the order they were added in; the
 * browser loads either order into the same index.
 */
import MiniSearch, { type Options } from 'minisearch';
import { pageRecords, type SearchablePage, type SearchRecord } from './search-records.ts';
export type { FieldTerms, Section, SectionTerms } from '../types.ts';
import type { Section, SectionTerms } from '../types.ts';

const snippetLength = 160;

/** One section per URL with anchor: the heading record plus the content records under it; numbered from `firstId`. */
export function sections(records: ReadonlyArray<SearchRecord>, firstId = 0): Section[] {
  const byUrl = new Map<string, { record: SearchRecord; texts: string[] }>();
  for (const record of records) {
    const entry = byUrl.get(record.url) ?? { record, texts: [] };
    if (record.content) entry.texts.push(record.content);
    byUrl.set(record.url, entry);
  }
  return [...byUrl.values()].map(({ record, texts }, i) => {
    const id = firstId + i;
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
 * A page's sections as `make` gives them, or as an earlier build made them
 * from the same page (the schedule's cache, pipeline/io/search-index.ts);
 * their ids are set after.
 */
export type PageSections = (page: SearchablePage, make: () => ReadonlyArray<Section>) => ReadonlyArray<Section>;

/**
 * The sections of `pages`, numbered across them: the same as `sections` of
 * all their records (a page's URLs are its own), made one page at a time, so
 * that the site's records are never all held (at 30× our content they take
 * ten times the memory of their sections). `kept` may give a page's sections
 * without making them.
 */
export function siteSections(pages: Iterable<SearchablePage>, language: string, kept: PageSections = (_, make) => make()): Section[] {
  const list: Section[] = [];
  for (const page of pages) {
    for (const section of kept(page, () => sections(pageRecords(page, language)))) list.push(section.id === list.length ? section : { ...section, id: list.length });
  }
  return list;
}

/** The options the index is built with: those of MiniSearch that decide its content. */
export type IndexOptions = Pick<Options<Section>, 'fields' | 'storeFields' | 'idField' | 'tokenize' | 'processTerm' | 'extractField' | 'stringifyField'>;

/** MiniSearch's defaults for the options the browser's `indexOptions` leave out. */
const defaults = <K extends keyof IndexOptions>(options: IndexOptions, name: K): NonNullable<IndexOptions[K]> =>
  (options[name] ?? MiniSearch.getDefault(name)) as NonNullable<IndexOptions[K]>;

/** What `sectionTerms` reads of a section: the values of the indexed fields (a cache key). */
export const termInputs = (section: Section, options: IndexOptions): ReadonlyArray<string | number> =>
  (options.fields ?? []).map((field) => {
    const value: unknown = defaults(options, 'extractField')(section, field);
    // A number stands for a missing field: JSON tells it apart from any string.
    return value == null ? 0 : defaults(options, 'stringifyField')(value, field);
  });

/** The terms of one section, tokenized and processed as MiniSearch's `add` does. */
export function sectionTerms(section: Section, options: IndexOptions): SectionTerms {
  const extract = defaults(options, 'extractField');
  const stringify = defaults(options, 'stringifyField');
  const tokenize = defaults(options, 'tokenize');
  const processTerm = defaults(options, 'processTerm');
  return (options.fields ?? []).map((field) => {
    const value: unknown = extract(section, field);
    if (value == null) return null;
    const tokens = tokenize(stringify(value, field), field);
    const counts = new Map<string, number>();
    const count = (term: string | null | undefined | false) => {
      if (term) counts.set(term, (counts.get(term) ?? 0) + 1);
    };
    for (const token of tokens) {
      const processed = processTerm(token, field);
      if (Array.isArray(processed)) processed.forEach(count);
      else count(processed);
    }
    return { distinct: new Set(tokens).size, terms: [...counts.keys()], counts: [...counts.values()] };
  });
}

/** Where a build keeps section terms: a `Store` of the build cache (pipeline/memo.ts), seen by what the stage needs. */
export interface TermStore {
  get(inputs: ReadonlyArray<string | number>, compute: () => SectionTerms): SectionTerms;
}

/** `termsOf` for `searchIndexJson`: the terms kept in `store` under the section's inputs, computed when missing. */
export const termsThrough = (store: TermStore, options: IndexOptions) => (section: Section): SectionTerms =>
  store.get(termInputs(section, options), () => sectionTerms(section, options));

/**
 * The index as MiniSearch's JSON (`toJSON`, serialization version 2, written
 * as `narrow`) of the sections, added in order, with `termsOf` giving each
 * section's terms (from a cache, or `sectionTerms`). The keys of the objects
 * are small integers, so their order is fixed; only the order of the terms is
 * free, and it is sorted.
 */
export function searchIndexJson(list: ReadonlyArray<Section>, options: IndexOptions, termsOf: (section: Section) => SectionTerms = (section) => sectionTerms(section, options)): string {
  // One join of every piece: the index (27 MB at 30× our content) is made flat once, not joined, then concatenated, then flattened.
  return [...searchIndexPieces(list, options, termsOf)].join('');
}

/**
 * `searchIndexJson` in pieces, in order, to be joined: a worker writes them
 * into bytes one by one, and never holds the index twice.
 */
export function* searchIndexPieces(list: ReadonlyArray<Section>, options: IndexOptions, termsOf: (section: Section) => SectionTerms = (section) => sectionTerms(section, options)): Generator<string, void> {
  const fields = options.fields ?? [];
  const extract = defaults(options, 'extractField');
  const idField = options.idField ?? 'id';
  const documentIds: unknown[] = [];
  const fieldLength: string[] = [];
  const averageFieldLength: number[] = [];
  const storedFields: Array<Record<string, unknown>> = [];
  const postings = new Postings();
  list.forEach((section, doc) => {
    documentIds.push(extract(section, idField));
    if (options.storeFields && options.storeFields.length > 0) {
      const stored: Record<string, unknown> = {};
      for (const name of options.storeFields) {
        const value: unknown = extract(section, name);
        if (value !== undefined) stored[name] = value;
      }
      storedFields.push(stored);
    }
    const lengths: number[] = [];
    termsOf(section).forEach((terms, fieldId) => {
      if (terms === null) return;
      lengths[fieldId] = terms.distinct;
      // MiniSearch's running mean, step by step: the same floating-point result.
      averageFieldLength[fieldId] = ((averageFieldLength[fieldId] || 0) * doc + terms.distinct) / (doc + 1);
      for (let i = 0; i < terms.terms.length; i++) postings.add(terms.terms[i]!, fieldId, doc, terms.counts[i]!);
    });
    // A section without any of the fields has no entry, as in MiniSearch.
    if (lengths.length > 0) fieldLength.push(`"${doc}":${JSON.stringify(lengths)}`);
  });
  // Characters above U+00FF can only be in strings: the text is made narrow once, not each string apart.
  const object = (values: ReadonlyArray<unknown>) => `{${values.map((value, i) => `"${i}":${JSON.stringify(value)}`).join(',')}}`;
  yield narrow(`{"documentCount":${list.length},"nextId":${list.length},"documentIds":${object(documentIds)},`
    + `"fieldIds":${JSON.stringify(Object.fromEntries(fields.map((field, i) => [field, i])))},"fieldLength":{${fieldLength.join(',')}},`
    + `"averageFieldLength":${JSON.stringify(averageFieldLength)},"storedFields":${object(storedFields)},"dirtCount":0,"index":[`);
  // Sorted by UTF-16 code units (`sort` without a comparator), yielded some 64 KB at a time: joined from an
  // array, not concatenated, so that no piece is a rope to flatten.
  let batch: string[] = [];
  let length = 0;
  let first = true;
  for (const term of postings.terms().sort()) {
    const entry = `[${JSON.stringify(term)},{${postings.json(term, fields.length)}}]`;
    batch.push(entry);
    length += entry.length;
    if (length < pieceLength) continue;
    yield narrow(`${first ? '' : ','}${batch.join(',')}`);
    first = false;
    batch = [];
    length = 0;
  }
  if (batch.length > 0) yield narrow(`${first ? '' : ','}${batch.join(',')}`);
  yield '],"serializationVersion":2}';
}

/** About how long a piece of `searchIndexPieces` is. */
const pieceLength = 64 * 1024;

/**
 * JSON text with every character above U+00FF escaped (`\u2026`): the
 * same value for any JSON reader, in a text of one byte per character. One
 * "…" in a snippet would otherwise make the whole index a two-byte string in
 * every thread that holds it (54 instead of 27 MB at 30× our content). Such
 * a character can only stand in a JSON string, where the escape means it.
 */
const narrow = (json: string): string =>
  json.replace(/[\u0100-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * Every term's postings, (field id, document, count) in document order, as
 * linked lists in typed arrays: at 30× our content there are millions, and
 * as an array of numbers per term they took a third of the worker's memory.
 */
class Postings {
  private readonly ids = new Map<string, number>();
  /** Per term: its first and last posting (-1: none). */
  private first = new Int32Array(1024);
  private last = new Int32Array(1024);
  /** Per posting: the next of its term (-1: none), and its field id, document and count. */
  private next = new Int32Array(4096);
  private triples = new Int32Array(3 * 4096);
  private size = 0;

  add(term: string, fieldId: number, doc: number, count: number): void {
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(term, id);
      if (id === this.first.length) [this.first, this.last] = [grown(this.first), grown(this.last)];
      this.first[id] = -1;
    }
    const posting = this.size++;
    if (posting === this.next.length) [this.next, this.triples] = [grown(this.next), grown(this.triples)];
    this.next[posting] = -1;
    const at = 3 * posting;
    this.triples[at] = fieldId;
    this.triples[at + 1] = doc;
    this.triples[at + 2] = count;
    if (this.first[id] === -1) this.first[id] = posting;
    else this.next[this.last[id]!] = posting;
    this.last[id] = posting;
  }

  terms(): string[] {
    return [...this.ids.keys()];
  }

  /** A term's postings as MiniSearch's JSON, per field in the order of its id, the documents in order: `"0":{"3":1,"9":2},"2":{"3":4}`. */
  json(term: string, fields: number): string {
    const id = this.ids.get(term);
    if (id === undefined) return '';
    // One walk of the term's postings: they come in document order, so each field's documents do too.
    const docs: string[] = [];
    for (let fieldId = 0; fieldId < fields; fieldId++) docs.push('');
    for (let posting = this.first[id]!; posting !== -1; posting = this.next[posting]!) {
      const at = 3 * posting;
      const fieldId = this.triples[at]!;
      if (fieldId < fields) docs[fieldId] += `${docs[fieldId] ? ',' : ''}"${this.triples[at + 1]}":${this.triples[at + 2]}`;
    }
    let data = '';
    for (let fieldId = 0; fieldId < fields; fieldId++) if (docs[fieldId]) data += `${data ? ',' : ''}"${fieldId}":{${docs[fieldId]}}`;
    return data;
  }
}

/** `array` in twice the room. */
const grown = (array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> => {
  const bigger = new Int32Array(array.length * 2);
  bigger.set(array);
  return bigger;
};

/**
 * The index as JSON. `options` are the ones the browser loads it with
 * (`indexOptions` of theme/shared/search-options.ts: both must process terms
 * the same way); the caller passes them in, as a stage imports no theme code.
 * `termsOf` may give a section's terms from a cache.
 */
export function buildSearchIndex(records: ReadonlyArray<SearchRecord>, options: IndexOptions, termsOf: (section: Section) => SectionTerms = (section) => sectionTerms(section, options)): string {
  return searchIndexJson(sections(records), options, termsOf);
}
