/**
 * Issue 11: a production build has a worker thread build the search index
 * while the main thread renders the pages, which know its path beforehand (a
 * hash of its records and of the code that builds it). The site must come out
 * exactly as when the index is built in place, and the path must change with
 * the records and with that code.
 */
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readSources } from '../../pipeline/io/read.ts';
import { analyse, byPath, generate, markdownStage, searchIndexPath, searchIndexRecords, type Effects } from '../../pipeline/build.ts';
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
  const indexPath = searchIndexPath(JSON.stringify(records), '');
  const pages = generate(analysis, effects, { render: true, searchIndex: { path: indexPath, data: null } }, markdown);
  const indexFile = (files: typeof pages.files) => files.filter((f) => /^assets\/search-index-[0-9a-f]+\.json$/.test(f.path));
  assert.is(indexFile(pages.files).length, 0, 'no index file before it is built');
  assert.ok(pages.files.some((f) => String(f.data).includes(`/${indexPath}`)), 'the pages point at the index already');

  const apart = [...pages.files, { path: indexPath, data: await buildSearchIndexApart(records) }].sort(byPath);
  assert.equal(apart.map((f) => f.path), inPlace.files.map((f) => f.path));
  for (let i = 0; i < apart.length; i++) assert.ok(String(apart[i]!.data) === String(inPlace.files[i]!.data), apart[i]!.path);
  assert.is(indexFile(apart).length, 1);
  assert.equal(pages.problems, inPlace.problems);
});

test('the index path changes with the records and with the code that builds the index', () => {
  const records = JSON.stringify([{ objectID: '1', content: 'API-ontwerp' }]);
  const path = searchIndexPath(records, 'versie-a');
  assert.match(path, /^assets\/search-index-[0-9a-f]{10}\.json$/);
  assert.is(searchIndexPath(records, 'versie-a'), path, 'the same input gives the same path');
  assert.is.not(searchIndexPath(records.replace('API', 'Api'), 'versie-a'), path, 'other records');
  assert.is.not(searchIndexPath(records, 'versie-b'), path, 'another version of the generator');
});

test.run();
