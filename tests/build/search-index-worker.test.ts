/**
 * Issue 11: a production build has a worker thread build the search index
 * while the main thread renders the pages, which know its path beforehand (one
 * name for every build). The site must come out exactly as when the index is
 * built in place, and its cache key must change with the records and with the
 * code that builds it.
 */
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readSources } from '../../pipeline/io/read.ts';
import { analyse, byPath, generate, markdownStage, searchIndexKey, searchIndexPath, searchIndexRecords, type Effects } from '../../pipeline/build.ts';
import { createHighlighter } from '../../pipeline/io/highlight/shiki.ts';
import { buildSearchIndexApart } from '../../pipeline/io/search-index.ts';
import { root } from '../helpers.ts';
import { themeCode } from '../../theme/theme-code.ts';

const test = suite('build: the search index built apart');

test('the index built in a worker gives the same site as one built in place', async () => {
  const sources = await readSources(path.join(root, 'content'), path.join(root, 'dist-config/site.yml'));
  const analysis = analyse(sources, 'production');
  const effects: Effects = { highlighter: await createHighlighter(analysis.languages), diagrams: new Map(), theme: { css: '/assets/styles.css', js: '/assets/shell.js', files: new Map() }, themeFiles: [], themeCode };
  const inPlace = generate(analysis, effects, { render: true });

  const markdown = markdownStage(analysis, effects, {});
  const records = searchIndexRecords(analysis, markdown);
  const indexPath = searchIndexPath;
  const pages = generate(analysis, effects, { render: true, searchIndex: { path: indexPath, data: null } }, markdown);
  const indexFile = (files: typeof pages.files) => files.filter((f) => f.path === searchIndexPath);
  assert.is(indexFile(pages.files).length, 0, 'no index file before it is built');
  assert.ok(pages.files.some((f) => String(f.data).includes(`/${indexPath}`)), 'the pages point at the index already');

  const apart = [...pages.files, { path: indexPath, data: await buildSearchIndexApart(records) }].sort(byPath);
  assert.equal(apart.map((f) => f.path), inPlace.files.map((f) => f.path));
  for (let i = 0; i < apart.length; i++) assert.ok(String(apart[i]!.data) === String(inPlace.files[i]!.data), apart[i]!.path);
  assert.is(indexFile(apart).length, 1);
  assert.equal(pages.problems, inPlace.problems);
});

test('the index key changes with the records and with the code that builds the index', () => {
  const records = JSON.stringify([{ objectID: '1', content: 'API-ontwerp' }]);
  const key = searchIndexKey(records, 'versie-a');
  assert.is(searchIndexKey(records, 'versie-a'), key, 'the same input gives the same key');
  assert.is.not(searchIndexKey(records.replace('API', 'Api'), 'versie-a'), key, 'other records');
  assert.is.not(searchIndexKey(records, 'versie-b'), key, 'another version of the generator');
});

test('the index has one name, outside the immutable /assets/, so a page does not change with the records', () => {
  assert.is(searchIndexPath, 'search-index.json');
});

test.run();
