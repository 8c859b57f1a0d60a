/**
 * A production build has a worker thread build the search index while the
 * main thread renders the pages, which know its path beforehand (one name for
 * every build). The site must come out exactly as when the index is built in
 * place, and its cache key must change with the sections and with the code
 * that builds it. After a change to one article the main thread assembles the
 * index from the cached terms of the other sections, and the bytes are those
 * a cold build's worker makes.
 */
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readSources } from '../../pipeline/io/read.ts';
import { analyse, byPath, generate, markdownStage, searchIndexKey, searchIndexPath, searchIndexSections, type Effects } from '../../pipeline/build.ts';
import { createHighlighter } from '../../pipeline/io/highlight/shiki.ts';
import { indexInWorker, searchIndexBuild } from '../../pipeline/io/search-index.ts';
import { searchIndexJson, sections as sectionsOf, type Section, type SectionTerms } from '../../pipeline/stages/search-index.ts';
import { searchRecords } from '../../pipeline/stages/search-records.ts';
import { Store } from '../../pipeline/memo.ts';
import { indexOptions } from '../../theme/shared/search-options.ts';
import { root } from '../helpers.ts';
import { themeCode } from '../../theme/theme-code.ts';

const test = suite('build: the search index built apart');

test('the index built in a worker gives the same site as one built in place', async () => {
  const sources = await readSources(path.join(root, 'content'), path.join(root, 'dist-config/site.yml'));
  const analysis = analyse(sources, 'production');
  const effects: Effects = { highlighter: await createHighlighter(analysis.languages), diagrams: new Map(), theme: { css: '/assets/styles.css', js: '/assets/shell.js', files: new Map() }, themeFiles: [], themeCode };
  const inPlace = generate(analysis, effects, { render: true });

  const markdown = markdownStage(analysis, effects, {});
  const sections = searchIndexSections(analysis, markdown);
  assert.equal(sections, sectionsOf(searchRecords(inPlace.routes, inPlace.contents, 'nl')), 'made page by page, the sections of all the records');
  const indexPath = searchIndexPath;
  const pages = generate(analysis, effects, { render: true, searchIndex: { path: indexPath, data: null } }, markdown);
  const indexFile = (files: typeof pages.files) => files.filter((f) => f.path === searchIndexPath);
  assert.is(indexFile(pages.files).length, 0, 'no index file before it is built');
  assert.ok(pages.files.some((f) => String(f.data).includes(`/${indexPath}`)), 'the pages point at the index already');

  const apart = [...pages.files, { path: indexPath, data: (await indexInWorker(sections)).index }].sort(byPath);
  assert.equal(apart.map((f) => f.path), inPlace.files.map((f) => f.path));
  for (let i = 0; i < apart.length; i++) assert.ok(String(apart[i]!.data) === String(inPlace.files[i]!.data), apart[i]!.path);
  assert.is(indexFile(apart).length, 1);
  assert.equal(pages.problems, inPlace.problems);
});

/** A store as the next build reads it back from disk: through JSON. */
const reloaded = (store: Store<SectionTerms>) => new Store<SectionTerms>(new Map(Object.entries(JSON.parse(JSON.stringify(Object.fromEntries(store.entries()))) as Record<string, SectionTerms>)));

test('after a change to one article the main thread assembles the index from cached terms, byte for byte what a cold build makes', async () => {
  const sources = await readSources(path.join(root, 'content'), path.join(root, 'dist-config/site.yml'));
  const analysis = analyse(sources, 'production');
  const effects: Effects = { highlighter: await createHighlighter(analysis.languages), diagrams: new Map(), theme: { css: '/assets/styles.css', js: '/assets/shell.js', files: new Map() }, themeFiles: [], themeCode };
  const sections = searchIndexSections(analysis, markdownStage(analysis, effects, {}));

  const terms = new Store<SectionTerms>();
  const cold = searchIndexBuild(sections, terms);
  assert.ok('building' in cold, 'a cold build has the worker build the index');
  const coldIndex = await cold.building;
  assert.is(coldIndex, searchIndexJson(sections, indexOptions), 'the worker\'s bytes are the main thread\'s');

  // One sentence more in one section of one article, as after an edit.
  const edited = sections.findIndex((s) => s.u.includes('/problem-details#') && s.content !== '');
  assert.ok(edited >= 0);
  const changed: Section[] = sections.map((s, i) => (i === edited ? { ...s, content: `${s.content} Een nieuwe zin over categorieën.` } : s));
  const kept = reloaded(terms);
  const warm = searchIndexBuild(changed, kept);
  assert.ok('index' in warm, 'the main thread assembles it: no worker');
  assert.is(kept.misses, 1, 'only the changed section is tokenized');
  const fresh = searchIndexBuild(changed, new Store());
  assert.ok('building' in fresh);
  assert.ok(warm.index === await fresh.building, 'a cold build of the changed site makes the same bytes');
  assert.ok(warm.index !== coldIndex);
});

test('the index key changes with the sections and with the code that builds the index', () => {
  const sections = JSON.stringify([{ id: 0, u: '/a', content: 'API-ontwerp' }]);
  const key = searchIndexKey(sections, 'versie-a');
  assert.is(searchIndexKey(sections, 'versie-a'), key, 'the same input gives the same key');
  assert.is.not(searchIndexKey(sections.replace('API', 'Api'), 'versie-a'), key, 'other sections');
  assert.is.not(searchIndexKey(sections, 'versie-b'), key, 'another version of the generator');
});

test('the index has one name, outside the immutable /assets/, so a page does not change with the records', () => {
  assert.is(searchIndexPath, 'search-index.json');
});

test.run();
