/**
 * Issue 11, warm rebuild: `npm run build` keeps parsed and rendered Markdown
 * and the search index in `.cache/build/`. A cache may only save time: a build
 * that finds everything in it must write exactly the files of a build without
 * one, and an edited file must be parsed and rendered again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readSources, type SourceTree } from '../../pipeline/io/read.ts';
import { analyse, generate, markdownJobs, type Analysis, type Effects, type Generated } from '../../pipeline/build.ts';
import { markdownAhead, needingNothing } from '../../pipeline/schedule/schedule.ts';
import { emptyBuildCache, Store, type BuildCache } from '../../pipeline/memo.ts';
import { createHighlighter } from '../../pipeline/io/highlight/shiki.ts';
import { buildCacheDir, readBuildCache, writeBuildCache } from '../../pipeline/io/build-cache.ts';
import { parseAhead } from '../../pipeline/schedule/parse-ahead.ts';
import { siteFormat } from '../../pipeline/stages/parse.ts';
import { languagesUsed, mermaidSources } from '../../pipeline/stages/markdown.ts';
import { reloadedCache, root } from '../helpers.ts';
import { themeCode } from '../../theme/theme-code.ts';

const test = suite('build: the build cache on disk');

let sources: SourceTree;
let effects: Effects;
let baseline: Generated;
/** The cache after one cold build, and that build. */
let cold: BuildCache;
let coldBuild: Generated;

test.before(async () => {
  sources = await readSources(path.join(root, 'content'), path.join(root, 'dist-config/site.yml'));
  const languages = analyse(sources, 'production').languages;
  effects = { highlighter: await createHighlighter(languages), diagrams: new Map(), theme: { css: '/assets/styles.css', js: '/assets/shell.js', files: new Map() }, themeFiles: [], themeCode };
  baseline = generate(analyse(sources, 'production'), effects, { render: true });
  cold = emptyBuildCache();
  coldBuild = cached(sources, cold);
});


/** Whether some page's markdown is not in the cache yet: when every page is, the build needs no highlighter. */
const markdownPending = (analysis: Analysis, diagrams: Effects['diagrams'], cache: BuildCache): boolean =>
  markdownJobs(analysis, diagrams)!.jobs.some((job) => !cache.markdown.has(job.key));

/** A production build through the cache; like the CLI, without a highlighter when nothing needs one. */
const cached = (tree: SourceTree, cache: BuildCache): Generated => {
  const analysis = analyse(tree, 'production', { cache });
  const highlighter = markdownPending(analysis, effects.diagrams, cache) ? effects.highlighter : null;
  return generate(analysis, { ...effects, highlighter }, { render: true, cache });
};

const sameFiles = (a: Generated, b: Generated): void => {
  assert.equal(a.files.map((f) => f.path), b.files.map((f) => f.path));
  for (let i = 0; i < a.files.length; i++) assert.ok(String(a.files[i]!.data) === String(b.files[i]!.data), a.files[i]!.path);
  assert.equal(a.problems, b.problems);
};

const article = 'kennisbank/apis/problem-details.md';
const edited = (tree: SourceTree): SourceTree => ({
  ...tree,
  files: tree.files.map((f) => (f.path === article ? { ...f, text: `${f.text}\nEen zin die er net bij kwam.\n` } : f)),
});

test('should write exactly the files of a build without a cache, cold and warm', () => {
  sameFiles(coldBuild, baseline);
  assert.ok(cold.trees.misses > 150 && cold.markdown.misses > 150, 'a cold build computes everything');
  const warm = reloadedCache(cold);
  assert.not.ok(markdownPending(analyse(sources, 'production', { cache: warm }), effects.diagrams, warm), 'nothing left to render');
  sameFiles(cached(sources, warm), baseline);
  assert.is(warm.trees.misses, 0, 'no file parsed');
  assert.is(warm.markdown.misses, 0, 'no markdown rendered');
  assert.is(warm.searchIndex.misses, 0, 'search index reused');
  assert.not.ok(warm.markdown.changed || warm.trees.changed, 'nothing to write back');
});

test('should parse and render an edited file again, and only that one', () => {
  const cache = reloadedCache(cold);
  const changed = edited(sources);
  assert.ok(markdownPending(analyse(changed, 'production', { cache: reloadedCache(cache) }), effects.diagrams, cache), 'the edit needs rendering');
  const result = cached(changed, cache);
  assert.is(cache.trees.misses, 1);
  assert.is(cache.markdown.misses, 1);
  assert.is(cache.searchIndex.misses, 1, 'the index has the new sentence');
  sameFiles(result, generate(analyse(changed, 'production'), effects, { render: true }));
  const page = result.files.find((f) => f.path === 'kennisbank/apis/problem-details/index.html');
  assert.match(String(page?.data), 'Een zin die er net bij kwam.');
});

test('should render again only the pages that show a diagram drawn anew', () => {
  const cache = reloadedCache(cold);
  const analysis = analyse(sources, 'production', { cache });
  assert.not.ok(markdownPending(analysis, new Map([['0000', { svg: '<svg></svg>' }]]), cache), 'a diagram no page shows changes nothing');
  const [hash] = [...analysis.diagrams.keys()];
  const redrawn = new Map([[hash!, { svg: '<svg data-anders=""></svg>' }]]);
  assert.ok(markdownPending(analysis, redrawn, cache));
  const result = generate(analysis, { ...effects, diagrams: redrawn }, { render: true, cache });
  const site = analysis.site!;
  const showing = [...site.docs, ...site.posts, ...site.pages].filter((e) => mermaidSources([e.entry.tree]).has(hash!));
  assert.ok(showing.length >= 1);
  assert.is(cache.markdown.misses, showing.length, 'only the pages with that diagram');
  assert.match(String(result.files.find((f) => f.path === `${showing[0]!.permalink.slice(1)}/index.html`)?.data), 'data-anders');
});

test('should render every page again when what they link to changes', () => {
  const cache = reloadedCache(cold);
  // A page renamed changes the links of any page.
  const renamed: SourceTree = { ...sources, files: sources.files.map((f) => (f.path === article ? { ...f, path: 'kennisbank/apis/problem-details-rfc-9457.md' } : f)) };
  cached(renamed, cache);
  assert.ok(cache.markdown.misses > 150, `${cache.markdown.misses} pages rendered again`);
  assert.is(cache.trees.misses, 0, 'but none parsed again');
});

test('should render ahead, while diagrams are drawn, exactly the pages with neither a diagram nor highlighted code', async () => {
  const cache: BuildCache = { ...reloadedCache(cold), markdown: new Store() };
  const analysis = analyse(sources, 'production', { cache });
  let steps = 0;
  for (const _ of markdownAhead(needingNothing(markdownJobs(analysis, null)!), null, cache, () => false)) steps++;
  const site = analysis.site!;
  const entries = [...site.docs, ...site.posts, ...site.pages];
  const later = entries.filter((e) => mermaidSources([e.entry.tree]).size > 0 || languagesUsed([e.entry.tree]).length > 0).length;
  assert.ok(steps > 50 && later > 50, `${steps} ahead, ${later} later`);
  assert.is(steps, entries.length - later);
  // The build then renders only the other pages, and writes the files of a build without a cache.
  const before = cache.markdown.misses;
  sameFiles(generate(analysis, effects, { render: true, cache }), baseline);
  assert.is(cache.markdown.misses - before, later);
});

test('should parse ahead exactly the bodies analyse asks for, and see every diagram', async () => {
  const cache = emptyBuildCache();
  const diagrams = new Map<string, string>();
  // Chromium may close once every file that can hold a diagram is parsed: by then all diagrams are seen.
  const whenAllSeen: Array<{ diagrams: number; parsed: number }> = [];
  await parseAhead(sources.files, cache.trees, siteFormat(sources.config), (tree) => { for (const [hash, source] of mermaidSources([tree])) diagrams.set(hash, source); }, () => {
    whenAllSeen.push({ diagrams: diagrams.size, parsed: cache.trees.misses });
  });
  const ahead = cache.trees.misses;
  assert.is(whenAllSeen.length, 1);
  assert.is(whenAllSeen[0]?.diagrams, diagrams.size, 'no diagram came after allDiagramsSeen');
  assert.ok((whenAllSeen[0]?.parsed ?? ahead) < ahead / 2, `most files were parsed after it (${whenAllSeen[0]?.parsed} of ${ahead})`);
  const analysis = analyse(sources, 'production', { cache });
  assert.ok(ahead > 150, `${ahead} parsed ahead`);
  assert.is(cache.trees.misses, ahead, 'analyse parsed nothing itself');
  assert.equal([...diagrams.keys()].sort(), [...analysis.diagrams.keys()].sort(), 'the same diagrams');
});

test('should read back what it wrote, start empty from a damaged file, and drop other generator versions', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-cache-'));
  try {
    const stale = path.join(dir, 'build', 'oude-generator');
    fs.mkdirSync(stale, { recursive: true });
    await writeBuildCache(dir, cold);
    assert.not.ok(fs.existsSync(stale), 'cache of another generator removed');
    const read = await readBuildCache(dir);
    assert.is(read.markdown.entries().size + read.trees.entries().size, 0, 'nothing used yet');
    sameFiles(cached(sources, read), baseline);
    assert.is(read.markdown.misses + read.trees.misses + read.searchIndex.misses, 0, 'everything came from disk');

    fs.writeFileSync(path.join(buildCacheDir(dir), 'markdown.json'), '{"afgebroken":');
    const damaged = await readBuildCache(dir);
    sameFiles(cached(sources, damaged), baseline);
    assert.ok(damaged.markdown.misses > 150, 'damaged store rendered again');
    assert.is(damaged.trees.misses, 0, 'the other stores still used');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('should append to the stores only what an edited file changed, and read back a cache that needs nothing', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-cache-'));
  try {
    await writeBuildCache(dir, cold);
    const stores = ['trees.json', 'markdown.json'].map((file) => path.join(buildCacheDir(dir), file));
    const before = stores.map((file) => fs.statSync(file));
    const changed = edited(sources);
    const read = await readBuildCache(dir);
    cached(changed, read);
    assert.is(read.trees.misses + read.markdown.misses, 2);
    await writeBuildCache(dir, read);
    stores.forEach((file, i) => {
      const after = fs.statSync(file);
      assert.is(after.ino, before[i]!.ino, `${path.basename(file)} appended to, not replaced`);
      assert.ok(after.size > before[i]!.size && after.size - before[i]!.size < 100_000, `${path.basename(file)}: ${after.size - before[i]!.size} bytes added`);
    });
    const again = await readBuildCache(dir);
    assert.is(again.trees.entries().size + again.markdown.entries().size, 0, 'nothing asked yet');
    sameFiles(cached(changed, again), generate(analyse(changed, 'production'), effects, { render: true }));
    assert.is(again.trees.misses + again.markdown.misses + again.searchIndex.misses, 0, 'everything came from disk');
    assert.not.ok(again.trees.changed || again.markdown.changed, 'the edited file\'s old entries were dropped');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('should report a body over the limits in every build, also when the other files come from the cache', async () => {
  const deep = fs.readFileSync(path.join(root, 'tests/fixtures/rules/markup-too-complex/content/kennisbank/diep.md'), 'utf8');
  const file = { ...sources.files.find((f) => f.path === article)!, path: 'kennisbank/diep.md', display: 'content/kennisbank/diep.md', text: deep };
  const withDeep: SourceTree = { ...sources, files: [...sources.files, file] };
  const tooComplex = (cache: BuildCache) => analyse(withDeep, 'production', { cache }).problems.filter((p) => p.code === 'markup-too-complex').map((p) => [p.file, p.line]);
  const cache = reloadedCache(cold);
  // The io edge parses ahead first (the CLI does): that file is not parsed, and so gets no tree in the store.
  await parseAhead(withDeep.files, cache.trees, siteFormat(withDeep.config), () => {});
  assert.is(cache.trees.misses, 0, 'every other body came from the cache');
  assert.equal(tooComplex(cache), [['content/kennisbank/diep.md', 39]]);
  assert.equal(tooComplex(reloadedCache(cache)), [['content/kennisbank/diep.md', 39]], 'and again in the next build');
});

test.run();
