/**
 * The search index is assembled from each section's terms, which a build may
 * take from its cache. Whatever came from the cache, the bytes must be those
 * of an index built from scratch, and they must be MiniSearch's own: the JSON
 * of a MiniSearch that indexed the same sections (its terms in sorted order),
 * which MiniSearch loads whole and which answers queries as that MiniSearch
 * does.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import MiniSearch from 'minisearch';
import { buildSearchIndex, sections, sectionTerms, termInputs, type SectionTerms } from '../../pipeline/stages/search-index.ts';
import type { SearchRecord } from '../../pipeline/stages/search-records.ts';
import { indexOptions, searchOptions } from '../../theme/shared/search-options.ts';

const test = suite('search index: assembled from cached terms');

/** Words with Dutch diacritics, stop words, case and punctuation: what processTerm folds, drops and splits on. */
const word = fc.constantFrom('categorieën', 'Categorieen', 'CATEGORIEËN', 'één', 'een', 'de', 'het', 'Het', 'privé', 'prive', 'coördinatie', 'API', 'api\'s',
  'Problem', 'problem-details', 'zoeken', 'zoekindex', 'café', 'naïef', 'ü', 'x', '__proto__', 'constructor', 'RFC 9457', '…', '', 'a.b', 'ij', 'pijl→rechts', '😀', '─');
const text = fc.array(word, { maxLength: 12 }).map((words) => words.join(' '));

/** Records of a few pages; several records per URL (a heading and its paragraphs), duplicates across pages. */
const records = fc.array(fc.record({ page: fc.integer({ min: 0, max: 3 }), anchor: fc.constantFrom(null, 'a', 'b'), h2: fc.option(text), h3: fc.option(text), content: fc.option(text) }), { maxLength: 14 })
  .map((items) => items.map(({ page, anchor, h2, h3, content }, i): SearchRecord => {
    const base = `/kennisbank/p${page}`;
    return {
      objectID: String(i), url: anchor ? `${base}#${anchor}` : base, url_without_anchor: base, anchor,
      hierarchy: { lvl0: 'Kennisbank', lvl1: `Pagina ${page}`, lvl2: anchor ? h2 : null, lvl3: anchor && h2 !== null ? h3 : null, lvl4: null, lvl5: null, lvl6: null },
      content, type: content === null ? 'lvl1' : 'content', language: 'nl', docusaurus_tag: 'docs', item_priority: 1, tags: [],
    };
  }));

/** MiniSearch's JSON of `index` with its terms sorted (`toJSON` lists them in the order of its radix tree). */
function sortedJson(index: MiniSearch): string {
  const json = index.toJSON();
  json.index.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(json);
}

/** MiniSearch's own JSON of the records' sections, with its terms sorted. */
function miniSearchJson(list: ReadonlyArray<SearchRecord>): string {
  const index = new MiniSearch(indexOptions);
  index.addAll(sections(list));
  return sortedJson(index);
}

/** The terms of sections as a cache keeps them: by their inputs, filled by other builds. */
function cache(...builds: ReadonlyArray<ReadonlyArray<SearchRecord>>): Map<string, SectionTerms> {
  const kept = new Map<string, SectionTerms>();
  for (const list of builds) for (const section of sections(list)) kept.set(JSON.stringify(termInputs(section, indexOptions)), JSON.parse(JSON.stringify(sectionTerms(section, indexOptions))) as SectionTerms);
  return kept;
}

test('an index built from cached terms is the index built from scratch, whatever the cache holds', () => {
  fc.assert(fc.property(records, records, fc.boolean(), (list, earlier, includeSelf) => {
    const kept = cache(earlier, ...(includeSelf ? [list] : []));
    let hits = 0;
    const fromCache = buildSearchIndex(list, indexOptions, (section) => {
      const found = kept.get(JSON.stringify(termInputs(section, indexOptions)));
      if (found) hits++;
      return found ?? sectionTerms(section, indexOptions);
    });
    assert.is(fromCache, buildSearchIndex(list, indexOptions));
    if (includeSelf) assert.is(hits, sections(list).length, 'every section from the cache');
  }), { numRuns: 300 });
});

test('the index is MiniSearch\'s own JSON of the same sections, one byte per character, which MiniSearch loads whole', () => {
  fc.assert(fc.property(records, (list) => {
    const json = buildSearchIndex(list, indexOptions);
    assert.equal(JSON.parse(json), JSON.parse(miniSearchJson(list)));
    assert.ok(!/[^\u0000-\u00ff]/.test(json), 'every character above U+00FF escaped');
    assert.is(sortedJson(MiniSearch.loadJSON(json, indexOptions)), miniSearchJson(list));
  }), { numRuns: 300 });
});

test('an index of many pieces (more terms than one piece holds) is still MiniSearch\'s own JSON', () => {
  // Some 4,000 distinct terms, with a "…" and an emoji among them: the text comes in several pieces, each made narrow.
  const list: SearchRecord[] = Array.from({ length: 400 }, (_, i) => ({
    objectID: String(i), url: `/kennisbank/p${i}#a`, url_without_anchor: `/kennisbank/p${i}`, anchor: 'a',
    hierarchy: { lvl0: 'Kennisbank', lvl1: `Pagina ${i}`, lvl2: `Kop ${i} …`, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    content: Array.from({ length: 10 }, (_, j) => `term${i * 10 + j}x categorieën 😀`).join(' '), type: 'content', language: 'nl', docusaurus_tag: 'docs', item_priority: 1, tags: [],
  }));
  const json = buildSearchIndex(list, indexOptions);
  assert.ok(json.length > 3 * 64 * 1024, 'several pieces');
  assert.ok(!/[^\u0000-\u00ff]/.test(json));
  assert.is(sortedJson(MiniSearch.loadJSON(json, indexOptions)), miniSearchJson(list));
});

test('queries give the results of a MiniSearch that indexed the sections itself', () => {
  const query = fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));
  fc.assert(fc.property(records, query, (list, q) => {
    const ours = MiniSearch.loadJSON(buildSearchIndex(list, indexOptions), indexOptions);
    const theirs = new MiniSearch(indexOptions);
    theirs.addAll(sections(list));
    const hits = (index: MiniSearch) => index.search(q, searchOptions).map((hit) => ({ id: hit.id as unknown, score: Math.round(hit.score * 1e9), terms: [...hit.terms].sort() }))
      .sort((a, b) => b.score - a.score || Number(a.id) - Number(b.id));
    assert.equal(hits(ours), hits(theirs));
  }), { numRuns: 300 });
});

test.run();
