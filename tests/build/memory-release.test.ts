/**
 * What a build lets go of as it goes, so that its memory does not grow with
 * everything it made. It holds no Markdown tree while its pages render: once
 * every page's markdown is made, the tree store is written and let go, and
 * the site and jobs go on without their trees (pipeline/stages/without-trees.ts).
 * And the render memo keeps no feed once its file is handed out. Counted, not
 * timed: the mdast paragraphs alive on the heap when the writer gets its first
 * page (from a heap snapshot of the process), and what the memo still holds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SiteWriter } from '../../pipeline/io/write.ts';
import type { OutputFile } from '../../pipeline/types.ts';
import { analyse, generating, markdownStage, type PageReuseHook } from '../../pipeline/build.ts';
import type { RenderMemo } from '../../renderer/context.ts';
import { configText, effects, minimalAuthors, minimalTags, post, tree, writeTestSite } from '../helpers.ts';
import { writtenBuild } from './written-build.ts';
import { readStoreFileSync } from '../../pipeline/io/store-file.ts';

const test = suite('build: what a build lets go of');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-tree-release-'));
test.after(() => fs.rmSync(work, { recursive: true, force: true }));

/** Twenty articles of forty paragraphs each: 800 mdast paragraphs when their trees are alive. */
const articles = 20;
const paragraphs = 40;

function site(): string {
  const dir = path.join(work, 'site');
  const files: Record<string, string> = {
    'kennisbank/index.md': '---\ntitle: Kennisbank\n---\n\nWelkom.\n',
    'communities/index.md': '---\ntitle: Communities\n---\n\nSamen.\n',
    'blog/2025-01-02-nieuws.md': '---\ntitle: Nieuws\nauthors: [ada]\ntags: [api]\n---\n\nEen bericht.\n\n<!-- truncate -->\n\nMeer.\n',
    'tags.yml': minimalTags,
    'blog/authors.yml': minimalAuthors,
  };
  for (let a = 0; a < articles; a++) {
    const body = Array.from({ length: paragraphs }, (_, p) => `Alinea ${p} van artikel ${a}, met *nadruk* en \`code\`.`).join('\n\n');
    files[`kennisbank/artikel-${a}.md`] = `---\ntitle: Artikel ${a}\ntags: [api]\n---\n\n${body}\n`;
  }
  return writeTestSite(dir, files, configText).dir;
}

/** The objects on the heap whose `type` is `paragraph`: mdast paragraphs (hast has `element` with `tagName: 'p'`). */
async function paragraphsAlive(): Promise<number> {
  const chunks: string[] = [];
  for await (const chunk of v8.getHeapSnapshot()) chunks.push(String(chunk));
  const { snapshot: { meta }, nodes, edges, strings } = JSON.parse(chunks.join('')) as {
    snapshot: { meta: { node_fields: string[]; edge_fields: string[]; node_types: [string[]]; edge_types: [string[]] } };
    nodes: number[]; edges: number[]; strings: string[];
  };
  const nodeFields = meta.node_fields.length;
  const edgeFields = meta.edge_fields.length;
  const [nodeType, nodeName, edgeCount] = ['type', 'name', 'edge_count'].map((f) => meta.node_fields.indexOf(f)) as [number, number, number];
  const [edgeType, edgeName, edgeTo] = ['type', 'name_or_index', 'to_node'].map((f) => meta.edge_fields.indexOf(f)) as [number, number, number];
  const object = meta.node_types[0].indexOf('object');
  const property = meta.edge_types[0].indexOf('property');
  let count = 0;
  for (let node = 0, edge = 0; node < nodes.length; node += nodeFields) {
    const end = edge + nodes[node + edgeCount]! * edgeFields;
    if (nodes[node + nodeType] === object) {
      for (let e = edge; e < end; e += edgeFields) {
        if (edges[e + edgeType] !== property || strings[edges[e + edgeName]!] !== 'type') continue;
        const to = edges[e + edgeTo]!;
        if (meta.node_types[0][nodes[to + nodeType]!]?.includes('string') && strings[nodes[to + nodeName]!] === 'paragraph') count++;
        break;
      }
    }
    edge = end;
  }
  return count;
}

test('should hold none of the site\'s Markdown trees when the first page is written, and still write every page', async () => {
  const dir = site();
  // The test files of a folder share one process: what earlier ones still hold is not this build's.
  const before = await paragraphsAlive();
  let firstPage: Promise<number> | null = null;
  const writer = new (class extends SiteWriter {
    override add(file: OutputFile): void {
      if (firstPage === null && file.path.endsWith('.html')) firstPage = paragraphsAlive();
      super.add(file);
    }
  })(path.join(dir, 'dist'));
  await writtenBuild(dir, writer);
  const alive = (await firstPage!) - before;
  assert.ok(alive < paragraphs, `mdast paragraphs alive while the pages render: ${alive} (the site has ${articles * paragraphs})`);
  const page = fs.readFileSync(path.join(dir, 'dist/kennisbank/artikel-7/index.html'), 'utf8');
  assert.ok(page.includes(`Alinea ${paragraphs - 1} van artikel 7, met <em>nadruk</em>`), 'the last paragraph of an article is on its page');
  // The store of trees is on disk for the next build, with every article's tree.
  const trees = fs.readdirSync(path.join(dir, '.cache/build')).map((d) => path.join(dir, '.cache/build', d, 'trees.json'));
  assert.is(readStoreFileSync(trees[0]!).size, articles + 3);
});

test('should keep no feed in the render memo once its files are handed out', () => {
  const sources = tree({
    'kennisbank/index.md': '---\ntitle: Kennisbank\n---\n\nWelkom.\n',
    'blog/2026-01-02-een.md': post('title: Een\nauthors: [ada]\ntags: [api]'),
    'blog/2026-01-03-twee.md': post('title: Twee\nauthors: [ada]\ntags: [api]'),
  });
  const analysis = analyse(sources, 'production');
  // A memo that shows what it holds: the hook of page reuse, rendering every page and feed.
  const held = new Map<unknown, unknown>();
  const memo: RenderMemo = { get: (slot, make) => (held.has(slot) ? held.get(slot) : (held.set(slot, make()), held.get(slot))) as never };
  const reuse: PageReuseHook = { page: (_file, render) => render(), feed: (_file, render) => render(), watch: (contents) => contents, memo: () => memo };
  const files = generating(analysis, effects, { render: true, reuse }, markdownStage(analysis, effects));
  const feeds: string[] = [];
  for (let step = files.next(); !step.done; step = files.next()) if (/\.(xml|json)$/.test(step.value.path) && 'data' in step.value && String(step.value.data).includes('Twee')) feeds.push(step.value.path);
  assert.ok(feeds.length >= 3, `the feeds were handed out: ${feeds.join(', ')}`);
  // Every string the memo still reaches (a few levels down: maps, arrays, files) that is a feed.
  const strings = (v: unknown, depth: number): string[] =>
    typeof v === 'string' ? [v]
      : depth === 0 || v === null || typeof v !== 'object' ? []
        : (v instanceof Map ? [...v.values()] : Array.isArray(v) ? v : Object.values(v)).flatMap((x: unknown) => strings(x, depth - 1));
  const feedsLeft = [...held.values()].flatMap((v) => strings(v, 3)).filter((text) => text.includes('<rss') || text.includes('<feed') || text.includes('jsonfeed.org'));
  assert.is(feedsLeft.length, 0, 'no feed left in the memo');
});

test.run();
