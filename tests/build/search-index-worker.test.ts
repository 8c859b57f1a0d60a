/**
 * A production build has a worker thread build the search index while the
 * main thread renders the pages, which know its path beforehand (one name for
 * every build). The site must come out exactly as when the index is built in
 * place, and its cache key must change with the sections and with the code
 * that builds it. After a change to one article the main thread assembles the
 * index from the cached terms of the other sections, or hands them to a
 * worker started beforehand, and the bytes are those a cold build's worker
 * makes.
 */
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readSources } from '../../pipeline/io/read.ts';
import { analyse, byPath, generate, markdownStage, searchIndexKey, searchIndexPath, searchIndexSections, type Analysis, type Effects } from '../../pipeline/build.ts';
import { createHighlighter } from '../../pipeline/io/highlight/shiki.ts';
import { IndexWorker, indexInWorker, searchIndexBuild } from '../../pipeline/io/search-index.ts';
import { searchIndexJson, sections as sectionsOf, termInputs, type Section, type SectionTerms } from '../../pipeline/stages/search-index.ts';
import { searchRecords } from '../../pipeline/stages/search-records.ts';
import { Store } from '../../pipeline/memo.ts';
import { indexOptions } from '../../theme/shared/search-options.ts';
import { root } from '../helpers.ts';
import fc from 'fast-check';
import type { Worker } from 'node:worker_threads';
import { joinedText, TextChunks, textsOf, transferList } from '../../pipeline/io/text-chunks.ts';
import { themeCode } from '../../theme/theme-code.ts';

const test = suite('build: the search index built apart');

/** Our site analysed, with what its pages render with (shiki in process, no diagrams). */
async function ourSite(): Promise<{ readonly analysis: Analysis; readonly effects: Effects }> {
  const sources = await readSources(path.join(root, 'content'), path.join(root, 'dist-config/site.yml'));
  const analysis = analyse(sources, 'production');
  return { analysis, effects: { highlighter: await createHighlighter(analysis.languages), diagrams: new Map(), theme: { css: '/assets/styles.css', js: '/assets/shell.js', files: new Map() }, themeFiles: [], themeCode } };
}

/** The sections of our site, and a term store filled by a cold build's worker (which must give the main thread's bytes). */
async function coldTerms(): Promise<{ readonly sections: ReadonlyArray<Section>; readonly terms: Store<SectionTerms>; readonly index: string }> {
  const { analysis, effects } = await ourSite();
  const sections = searchIndexSections(analysis, markdownStage(analysis, effects, {}));
  const terms = new Store<SectionTerms>();
  const cold = searchIndexBuild(() => sections, terms);
  assert.ok('building' in cold, 'a cold build has the worker build the index');
  const index = await cold.building;
  assert.is(index, searchIndexJson(sections, indexOptions), 'the worker\'s bytes are the main thread\'s');
  return { sections, terms, index };
}

test('the index built in a worker gives the same site as one built in place', async () => {
  const { analysis, effects } = await ourSite();
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
  const { sections, terms, index: coldIndex } = await coldTerms();

  // One sentence more in one section of one article, as after an edit.
  const edited = sections.findIndex((s) => s.u.includes('/problem-details#') && s.content !== '');
  assert.ok(edited >= 0);
  const changed: Section[] = sections.map((s, i) => (i === edited ? { ...s, content: `${s.content} Een nieuwe zin over categorieën.` } : s));
  const kept = reloaded(terms);
  const warm = searchIndexBuild(() => changed, kept);
  assert.ok('index' in warm, 'the main thread assembles it: no worker');
  assert.is(kept.misses, 1, 'only the changed section is tokenized');
  const fresh = searchIndexBuild(() => changed, new Store());
  assert.ok('building' in fresh);
  assert.ok(warm.index === await fresh.building, 'a cold build of the changed site makes the same bytes');
  assert.ok(warm.index !== coldIndex);
});

test('a worker started before the sections are known gets the cached terms as JSON and tokenizes only the changed section', async () => {
  const { sections, terms } = await coldTerms();

  const edited = sections.findIndex((s) => s.u.includes('/problem-details#') && s.content !== '');
  const changed: Section[] = sections.map((s, i) => (i === edited ? { ...s, content: `${s.content} Nog een zin over foutmeldingen.` } : s));
  const kept = reloaded(terms);
  const prepared = new IndexWorker();
  const warm = searchIndexBuild(() => changed, kept, prepared);
  assert.ok('building' in warm, 'the prepared worker builds it, though one section changed');
  const index = await warm.building;
  assert.ok(index === searchIndexJson(changed, indexOptions), 'the bytes of an index made from scratch');
  assert.is(kept.misses, 1, 'the worker sent back the terms of the changed section only');
  const keys = new Set(changed.map((section) => kept.keyOf(termInputs(section, indexOptions))));
  assert.equal(new Set(kept.keys()), keys, 'the terms of every section, and only those, are kept for the next build');
  const again = reloaded(kept);
  for (const section of changed) assert.ok(again.knows(again.keyOf(termInputs(section, indexOptions))), section.u);
});

test('a prepared worker that is never taken stops; one that ended before it was taken is replaced', async () => {
  const unused = new IndexWorker();
  unused.stop();
  unused.stop();
  const ended = new IndexWorker();
  const thread = (ended as unknown as { worker: Worker }).worker;
  await thread.terminate();
  await new Promise((resolve) => setImmediate(resolve));
  const list: Section[] = [{ id: 0, u: '/a#b', t: 'Kop', b: [], c: 'Tekst', title: 'Kop', headings: '', content: 'Tekst over API-sleutels' }];
  const taken = ended.take();
  assert.ok(taken !== thread, 'a new thread');
  assert.is((await indexInWorker(list, [], taken)).index, searchIndexJson(list, indexOptions));
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

test('texts written into chunks and moved to another thread come back whole and in order', async () => {
  const { MessageChannel, receiveMessageOnPort } = await import('node:worker_threads');
  const moved = (chunks: ReturnType<TextChunks['take']>) => {
    const { port1, port2 } = new MessageChannel();
    port1.postMessage(chunks, transferList(chunks));
    const received = receiveMessageOnPort(port2)!.message as typeof chunks;
    port1.close();
    assert.ok(chunks.every((chunk) => chunk.buffer.byteLength === 0), 'the buffers were moved, not copied');
    return received;
  };
  // UTF-8: any text, an emoji and "…" included; a text larger than one chunk (4 MiB) gets a chunk of its own.
  fc.assert(fc.property(fc.array(fc.string({ unit: 'binary' }), { maxLength: 40 }), fc.boolean(), (texts, large) => {
    const all = large ? [...texts, 'é…'.repeat(1_500_000), ...texts] : texts;
    const chunks = new TextChunks('utf8');
    for (const text of all) chunks.add(text);
    const received = moved(chunks.take());
    assert.equal(textsOf(received, 'utf8'), all.map((text) => Buffer.from(text, 'utf8').toString('utf8')));
    assert.is(joinedText(received, 'utf8'), all.map((text) => Buffer.from(text, 'utf8').toString('utf8')).join(''));
  }), { numRuns: 40 });
  // latin1 for texts of characters up to U+00FF, as the index is.
  fc.assert(fc.property(fc.array(fc.string({ unit: fc.integer({ min: 0, max: 0xff }).map((c) => String.fromCharCode(c)) }), { maxLength: 60 }), (texts) => {
    const chunks = new TextChunks('latin1');
    for (const text of texts) chunks.add(text);
    const received = moved(chunks.take());
    assert.is(joinedText(received, 'latin1'), texts.join(''));
    assert.equal(textsOf(received, 'latin1'), texts);
  }));
});

test.run();
