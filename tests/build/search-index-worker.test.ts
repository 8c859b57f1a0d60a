/**
 * Issue 11: a production build has a worker thread build the search index
 * while the main thread renders the pages, which point at a stand-in for its
 * URL meanwhile. The site must come out exactly as when the index is built in
 * place, and no stand-in may be left in it.
 */
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readSources } from '../../pipeline/io/read.ts';
import { analyse, generate, markdownStage, searchIndexRecords, withSearchIndex, type Effects } from '../../pipeline/build.ts';
import { createHighlighter } from '../../pipeline/io/highlighter.ts';
import { buildSearchIndexApart } from '../../pipeline/io/search-index.ts';
import { root } from '../helpers.ts';

const test = suite('build: the search index built apart');

test('the index built in a worker gives the same site as one built in place', async () => {
  const sources = await readSources(path.join(root, 'content'), path.join(root, 'dist-config/site.yml'));
  const analysis = analyse(sources, 'production');
  const effects: Effects = { highlighter: await createHighlighter(analysis.languages), diagrams: new Map(), theme: { css: '/assets/styles.css', js: '/assets/shell.js', files: new Map() }, themeFiles: [] };
  const inPlace = generate(analysis, effects, { render: true });

  const markdown = markdownStage(analysis, effects, {});
  const pages = generate(analysis, effects, { render: true, searchIndex: 'apart' }, markdown);
  const indexFile = (files: typeof pages.files) => files.filter((f) => /^assets\/search-index-[0-9a-f]+\.json$/.test(f.path));
  assert.is(indexFile(pages.files).length, 0, 'no index file before it is built');
  const standIn = /\/assets\/search-index-[0-9a-f]{64}\.json/;
  assert.ok(pages.files.some((f) => standIn.test(String(f.data))), 'the pages point at the stand-in meanwhile');

  const apart = withSearchIndex(pages, analysis, await buildSearchIndexApart(searchIndexRecords(analysis, markdown)));
  assert.equal(apart.files.map((f) => f.path), inPlace.files.map((f) => f.path));
  for (let i = 0; i < apart.files.length; i++) assert.ok(String(apart.files[i]!.data) === String(inPlace.files[i]!.data), apart.files[i]!.path);
  assert.is(indexFile(apart.files).length, 1);
  assert.not.ok(apart.files.some((f) => standIn.test(String(f.data))), 'no stand-in left');
  assert.equal(apart.problems, inPlace.problems);
});

test.run();
