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
import { rememberedBlocks } from '../../pipeline/io/highlight/stored.ts';
import type { Highlighter } from '../../pipeline/stages/highlight/requests.ts';
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
const build = (tree: SourceTree, memo?: BuildMemo, render: boolean | 'on-request' = 'on-request', highlighter: Highlighter | null = effects.highlighter): Generated => {
  const analysis = analyse(tree, 'development', memo ? { memo } : {});
  const markdown = markdownStage(analysis, { ...effects, highlighter }, memo ? { memo } : {});
  const searchIndex = render === 'on-request' ? { searchIndex: devSearchIndex(analysis, markdown, themeCode.searchIndex) } : {};
  return generate(analysis, { ...effects, highlighter }, { render, ...(memo ? { memo } : {}), ...searchIndex }, markdown);
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

test('should validate a file again when the configuration changed, with the problems of a full build', () => {
  const memo = createMemo();
  const inline = edited(sources, article, (t) => t.replace(/^tags:\n/m, 'tags:\n  - label: Inline\n'));
  const refused = build(inline, memo).problems;
  assert.equal(refused, build(inline).problems);
  assert.ok(refused.some((p) => p.code === 'unknown-tag' && p.file === `content/${article}`), 'the inline tag is refused');
  // The same files under another rule: nothing but the configuration's text changed.
  const config = sources.config!;
  const allowed: SourceTree = { ...inline, config: { ...config, text: config.text.replace('onInlineTags: throw', 'onInlineTags: ignore') } };
  assert.not.equal(allowed.config?.text, config.text);
  const again = build(allowed, memo).problems;
  assert.equal(again, build(allowed).problems);
  assert.not.ok(again.some((p) => p.code === 'unknown-tag' && p.file === `content/${article}`), 'the rule is read again');
});

/** The same sources with one asset's text changed. */
const editedAsset = (tree: SourceTree, file: string, edit: (text: string) => string): SourceTree => ({
  ...tree,
  assets: tree.assets.map((a) => (a.path === file ? { ...a, bytes: new TextEncoder().encode(edit(new TextDecoder().decode(a.bytes))) } : a)),
});

test('should judge an SVG again only when its text changed, with the problems and files of a full build', () => {
  const memo = createMemo();
  build(sources, memo);
  const svg = 'blog/img/fsc-overzicht.svg';
  const text = (tree: SourceTree) => new TextDecoder().decode(tree.assets.find((a) => a.path === svg)!.bytes);
  const kept = () => { throw new Error('judged again'); };
  // Kept by path and text: asked again with the same text, the memo does not judge.
  memo.svg.get(svg, [text(sources)], kept);
  const scripted = editedAsset(sources, svg, (t) => t.replace('</svg>', '<script>alert(1)</script></svg>'));
  const withMemo = build(scripted, memo);
  assert.equal(withMemo.problems, build(scripted).problems);
  assert.ok(withMemo.problems.some((p) => p.code === 'unsafe-svg' && p.file.endsWith(svg)), 'the script is refused');
  memo.svg.get(svg, [text(scripted)], kept);
  const fixed = build(sources, memo);
  assert.equal(fixed.problems, build(sources).problems, 'fixed again');
  const assetFiles = (g: Generated) => g.files.filter((f) => f.path.startsWith('assets/')).map((f) => [f.path, String(f.data)]);
  assert.equal(assetFiles(fixed), assetFiles(build(sources)));
});

test('should highlight only the blocks no earlier rebuild highlighted, and give the pages of a full build', () => {
  const real = effects.highlighter!;
  let asked = 0;
  const counting = { getLoadedLanguages: () => real.getLoadedLanguages(), codeToHast: (code, options) => { asked++; return real.codeToHast(code, options); } } as Highlighter;
  const memo = createMemo();
  const highlighter = rememberedBlocks(counting, memo, analyse(sources, 'development').languages);
  build(sources, memo, 'on-request', highlighter);
  assert.ok(asked > 100, `${asked} blocks at the first build`);
  asked = 0;
  const withBlock = edited(sources, article, (t) => `${t}\n\`\`\`ts\nconst nieuw: number = 1;\n\`\`\`\n`);
  const second = build(withBlock, memo, 'on-request', highlighter);
  assert.is(asked, 1, 'only the new block');
  assert.is(String(second.onRequest?.get(articlePage)?.()), String(build(withBlock, undefined, true).files.find((f) => f.path === articlePage)?.data));
  asked = 0;
  build(edited(sources, article, (t) => `${t}\nEen zin.\n`), memo, 'on-request', highlighter);
  assert.is(asked, 0, 'the page\'s blocks come from the memo');
});

test.run();
