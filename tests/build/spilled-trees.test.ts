/**
 * A large site's Markdown trees go to the spill file once its markdown jobs
 * are made (pipeline/io/spilled-trees.ts). The jobs then hold no tree and no
 * slice of a page's text; each stand-in reads back the tree it stands for;
 * the tree store keeps the trees it made as that same JSON; and the markdown
 * of a page is the same whether its tree was spilled or not. The build
 * itself, spilled against in memory, is compared byte for byte in
 * spilled-markdown.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Root } from 'mdast';
import { readSources } from '../../pipeline/io/read.ts';
import { analyse, markdownJobs } from '../../pipeline/build.ts';
import { emptyBuildCache, Json, Store, type BuildCache } from '../../pipeline/memo.ts';
import { SpillFile } from '../../pipeline/io/spill-file.ts';
import { restoredTree, spilledJobs, withTreeRestored } from '../../pipeline/io/spilled-trees.ts';
import { siteWithoutPageTrees } from '../../pipeline/stages/without-trees.ts';
import { markdownContext, renderJob, type MarkdownJobs } from '../../pipeline/stages/site-markdown.ts';
import { configText, minimalAuthors, minimalTags, testSite } from '../helpers.ts';

const test = suite('build: a large site\'s trees spilled before its markdown');

const site = testSite('ontwikkelaarsportaal-spilled-trees-', {
  'kennisbank/index.md': '---\ntitle: Kennisbank\n---\n\nWelkom bij de kennisbank.\n',
  'kennisbank/api.md': '---\ntitle: Een API\ntags: [api]\n---\n\nEen API met een [link](/kennisbank).\n\n## Versies\n\n```ts title="antwoord.ts"\nconst antwoord: number = 42;\n```\n\n- een\n- twee\n\n| veld | type |\n| --- | --- |\n| naam | tekst |\n',
  'communities/index.md': '---\ntitle: Communities\n---\n\nSamen bouwen aan **één** overheid.\n',
  'blog/2025-01-02-nieuws.md': '---\ntitle: Nieuws\nauthors: [ada]\ntags: [api]\n---\n\nEen bericht.\n\n<!-- truncate -->\n\nMeer tekst.\n',
  'tags.yml': minimalTags,
  'blog/authors.yml': minimalAuthors,
}, configText);

/** A cold analysis through a fresh cache (its tree store makes every tree), and the site's jobs. */
async function analysed(): Promise<{ cache: BuildCache; made: MarkdownJobs }> {
  const cache = emptyBuildCache();
  const analysis = analyse(await readSources(site.content, site.config), 'production', { cache });
  assert.ok(analysis.site, 'the test site resolves');
  return { cache, made: markdownJobs(analysis, null)! };
}

/** The mdast paragraphs reachable from `value` through data properties (a stand-in's getters are not followed). */
function paragraphsReachable(value: unknown): number {
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  let count = 0;
  while (stack.length > 0) {
    const next = stack.pop();
    if (typeof next !== 'object' || next === null || seen.has(next)) continue;
    seen.add(next);
    if (next instanceof Map) for (const [key, item] of next) stack.push(key, item);
    else if (next instanceof Set) for (const item of next) stack.push(item);
    else for (const descriptor of Object.values(Object.getOwnPropertyDescriptors(next))) if ('value' in descriptor) stack.push(descriptor.value);
    if ((next as { type?: unknown }).type === 'paragraph') count++;
  }
  return count;
}

const spillFile = (): SpillFile => SpillFile.open(path.join(site.cacheDir, 'spill'))!;

test('the jobs hold no tree, and each stand-in reads back the tree it stands for', async () => {
  const { cache, made } = await analysed();
  const trees = made.jobs.map((job) => JSON.stringify(job.input.tree));
  assert.ok(paragraphsReachable(made) > 5, 'the jobs as made hold their trees');
  const spill = spillFile();
  try {
    const spilled = spilledJobs(made, siteWithoutPageTrees(made.input.site), cache.trees, spill, () => false);
    assert.is(paragraphsReachable(spilled), 0, 'no tree is reachable from the spilled jobs');
    spilled.jobs.forEach((job, index) => {
      const standIn = job.input.tree;
      assert.ok(Object.isFrozen(standIn), 'a stand-in cannot be written into');
      assert.is(JSON.stringify(standIn), trees[index], 'its fields read the tree back');
      assert.is(JSON.stringify(restoredTree(standIn)), trees[index]);
      assert.is.not(restoredTree(standIn), restoredTree(standIn), 'restored anew each time: no reader shares a tree with another');
      assert.is(JSON.stringify(withTreeRestored(job).input.tree), trees[index]);
      assert.equal(job.code, made.jobs[index]!.code, 'the code blocks stay, as copies');
    });
    assert.ok(spilled.jobs.some((job) => job.code.length > 0));
  } finally {
    spill.close();
  }
});

test('the tree store keeps the trees it made as the spilled JSON, which the cache writes', async () => {
  const { cache, made } = await analysed();
  const before = new Map([...cache.trees.made()].map(([key, tree]) => [key, JSON.stringify(tree)] as const));
  assert.ok(before.size >= made.jobs.length);
  const spill = spillFile();
  try {
    spilledJobs(made, siteWithoutPageTrees(made.input.site), cache.trees, spill, () => false);
    for (const [key, value] of cache.trees.made()) {
      assert.ok(value instanceof Json, `${key}: kept as JSON`);
      assert.is(value.text, before.get(key));
    }
    // Once released, the store forgets how it kept them: a new value is kept as it is.
    cache.trees.release();
    const tree: Root = { type: 'root', children: [] };
    assert.is(cache.trees.get(['nieuw'], () => tree), tree);
  } finally {
    spill.close();
  }
});

test('a page\'s markdown is the same from its spilled tree, restored or read through the stand-in', async () => {
  const { cache, made } = await analysed();
  const ctx = markdownContext(made, null);
  const expected = made.jobs.map((job) => renderJob(job, ctx));
  const spill = spillFile();
  try {
    const spilled = spilledJobs(made, siteWithoutPageTrees(made.input.site), cache.trees, spill, () => false);
    const spilledCtx = markdownContext(spilled, null);
    spilled.jobs.forEach((job, index) => {
      assert.equal(renderJob(withTreeRestored(job), spilledCtx), expected[index], job.input.display);
      assert.equal(renderJob(job, spilledCtx), expected[index], `${job.input.display}, through the stand-in`);
    });
  } finally {
    spill.close();
  }
});

test('a page whose markdown is done goes on without a tree, and its tree is not spilled', async () => {
  const { cache, made } = await analysed();
  const spill = spillFile();
  try {
    const done = made.jobs[1]!;
    const spilled = spilledJobs(made, siteWithoutPageTrees(made.input.site), cache.trees, spill, (job) => job === done);
    assert.equal(spilled.jobs[1]!.input.tree, { type: 'root', children: [] });
    assert.ok(Object.isFrozen(spilled.jobs[1]!.input.tree));
    assert.is(JSON.stringify(restoredTree(spilled.jobs[1]!.input.tree)), '{"type":"root","children":[]}', 'nothing to read back');
    assert.is(JSON.stringify(spilled.jobs[0]!.input.tree), JSON.stringify(made.jobs[0]!.input.tree), 'the others are spilled');
  } finally {
    spill.close();
  }
});

test('a page with the site\'s remark or rehype plugins keeps its tree: the plugin box reads it step by step', async () => {
  const { cache, made } = await analysed();
  const plugged: MarkdownJobs = { ...made, jobs: made.jobs.map((job, index) => (index === 0 ? { ...job, plugins: { area: 'docs:default', places: new Set(), key: 'k' } } : job)) };
  const spill = spillFile();
  try {
    const spilled = spilledJobs(plugged, siteWithoutPageTrees(made.input.site), cache.trees, spill, () => false);
    assert.is(spilled.jobs[0]!.input.tree, made.jobs[0]!.input.tree);
    assert.is.not(spilled.jobs[1]!.input.tree, made.jobs[1]!.input.tree);
  } finally {
    spill.close();
  }
});

test.after(() => fs.rmSync(path.join(site.cacheDir, 'spill'), { recursive: true, force: true }));

test.run();
