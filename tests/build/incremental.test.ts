/**
 * Issue 11, "Incremental": the dev server keeps parse and markdown results in a
 * memo and renders pages when they are asked for. Neither may change what a
 * reader gets: the pages must equal those of a full build, and a saved file
 * must show up in the very next rebuild.
 */
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readSources, type SourceTree } from '../../pipeline/io/read.ts';
import { analyse, devSearchIndex, generate, searchIndexPath, markdownStage, type Effects, type Generated } from '../../pipeline/build.ts';
import { createMemo, type BuildMemo } from '../../pipeline/memo.ts';
import { createHighlighter } from '../../pipeline/io/highlight/shiki.ts';
import { root } from '../helpers.ts';
import { themeCode } from '../../theme/theme-code.ts';

const test = suite('build: incremental rebuilds in the dev server');

let sources: SourceTree;
let effects: Effects;

test.before(async () => {
  sources = await readSources(path.join(root, 'content'), path.join(root, 'dist-config/site.yml'));
  const languages = analyse(sources, 'development').languages;
  effects = { highlighter: await createHighlighter(languages), diagrams: new Map(), theme: { css: '/assets/styles.css', js: '/assets/shell.js', files: new Map() }, themeFiles: [], themeCode };
});

/** As the dev server builds: the search index too on request. */
const build = (tree: SourceTree, memo?: BuildMemo, render: boolean | 'on-request' = 'on-request'): Generated => {
  const analysis = analyse(tree, 'development', memo ? { memo } : {});
  const markdown = markdownStage(analysis, effects, memo ? { memo } : {});
  const searchIndex = render === 'on-request' ? { searchIndex: devSearchIndex(analysis, markdown, themeCode.searchIndex) } : {};
  return generate(analysis, effects, { render, ...(memo ? { memo } : {}), ...searchIndex }, markdown);
};

/** The same sources with one file's text changed. */
const edited = (tree: SourceTree, file: string, edit: (text: string) => string): SourceTree => ({
  ...tree,
  files: tree.files.map((f) => (f.path === file ? { ...f, text: edit(f.text) } : f)),
});

const article = 'kennisbank/apis/problem-details.md';
const articlePage = 'kennisbank/apis/problem-details/index.html';

test('should render on request exactly the pages a full build writes', () => {
  const eager = build(sources, undefined, true);
  const lazy = build(sources, createMemo());
  const pages = eager.files.filter((f) => f.path.endsWith('.html'));
  assert.ok(pages.length > 300, `${pages.length} pages`);
  for (const page of pages) {
    const render = lazy.onRequest?.get(page.path);
    assert.ok(render, `${page.path} on request`);
    assert.is(String(render()), String(page.data), page.path);
  }
  assert.ok(lazy.onRequest?.get(searchIndexPath), 'search index on request');
  assert.ok(lazy.onRequest?.get('blog/rss.xml'), 'feed on request');
  assert.is(lazy.files.filter((f) => f.path.endsWith('.html')).length, 0, 'no page rendered up front');
});

test('should reuse the parse and markdown of unchanged files, and redo the saved one', () => {
  const memo = createMemo();
  const first = build(sources, memo);
  const second = build(edited(sources, article, (t) => `${t}\nEen zin die er net bij kwam.\n`), memo);
  let reused = 0;
  for (const [permalink, content] of second.contents) {
    if (permalink === '/kennisbank/apis/problem-details') continue;
    assert.is(content, first.contents.get(permalink), `${permalink} reused`);
    reused++;
  }
  assert.ok(reused > 150, `${reused} pages reused`);
  assert.is.not(second.contents.get('/kennisbank/apis/problem-details'), first.contents.get('/kennisbank/apis/problem-details'));
  assert.match(String(second.onRequest?.get(articlePage)?.()), 'Een zin die er net bij kwam.');
});

test('should show a title edit in the sidebars and lists of other pages at once', () => {
  const memo = createMemo();
  build(sources, memo);
  const second = build(edited(sources, article, (t) => t.replace(/^title: (.*)$/m, 'title: Foutmeldingen volgens RFC 9457 (bijgewerkt)')), memo);
  assert.match(String(second.onRequest?.get('kennisbank/apis/index.html')?.()), 'Foutmeldingen volgens RFC 9457 (bijgewerkt)');
});

test('should give the same problems as a full build, also when a file breaks and is fixed again', () => {
  const memo = createMemo();
  build(sources, memo);
  const broken = edited(sources, article, (t) => t.replace(/^title: .*$/m, 'title: [kapot'));
  const withMemo = build(broken, memo).problems;
  assert.equal(withMemo, build(broken).problems);
  assert.ok(withMemo.some((p) => p.file === `content/${article}`), 'the broken file is reported');
  assert.equal(build(sources, memo).problems, build(sources).problems, 'fixed again');
});

test.run();
