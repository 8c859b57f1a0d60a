/**
 * A large site's markdown and written bodies wait in a spill file while its
 * pages render (pipeline/io/compact-contents.ts): the pages read each tree
 * back from there. Spilled or not, a build writes the same bytes, keeps the
 * same cache (a warm build after a spilled one reuses its bodies and
 * markdown), and leaves no spill file behind. The tests spill a small site
 * (`spillFrom: 0`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Root } from 'hast';
import { CompactContent, compactResult, readMarkdownResult, treeOrigin } from '../../pipeline/io/compact-contents.ts';
import { SpillFile } from '../../pipeline/io/spill-file.ts';
import { Json, Store } from '../../pipeline/memo.ts';
import type { Content, MarkdownResult } from '../../pipeline/types.ts';
import { readStoreFileSync } from '../../pipeline/io/store-file.ts';
import { configText, fileHashes, minimalAuthors, minimalTags, temporaryFolder, writeTestSite } from '../helpers.ts';
import { cliWriter, writtenBuild } from './written-build.ts';

const test = suite('build: markdown spilled while the pages render');
const work = temporaryFolder('ontwikkelaarsportaal-spilled-');
test.after(() => fs.rmSync(work, { recursive: true, force: true }));

const files: Record<string, string> = {
  'kennisbank/index.md': '---\ntitle: Kennisbank\n---\n\nWelkom bij de kennisbank.\n',
  'kennisbank/api.md': '---\ntitle: Een API\ntags: [api]\n---\n\nEen API met code en een [link](/kennisbank).\n\n## Versies\n\n```ts\nconst antwoord: number = 42;\n```\n\n| veld | type |\n| --- | --- |\n| naam | tekst |\n',
  'communities/index.md': '---\ntitle: Communities\n---\n\nSamen bouwen aan categorieën en één overheid.\n',
  'blog/2025-01-02-nieuws.md': '---\ntitle: Nieuws\nauthors: [ada]\ntags: [api]\n---\n\nEen bericht met **nadruk**.\n\n<!-- truncate -->\n\nMeer tekst na het uittreksel.\n',
  'blog/2025-02-03-meer.md': '---\ntitle: Meer nieuws\nauthors: [ada]\ntags: [security]\n---\n\nNog een bericht.\n\n<!-- truncate -->\n\nDe rest.\n',
  'tags.yml': minimalTags,
  'blog/authors.yml': minimalAuthors,
};

const site = (name: string) => writeTestSite(path.join(work, name), files, configText).dir;
const build = (dir: string, spillFrom?: number) => writtenBuild(dir, cliWriter(dir), spillFrom === undefined ? {} : { spillFrom });

/** The values of one store of a site's build cache, as parsed, in one order, the site's folder left out (keys and places name it). */
const storeValues = (dir: string, name: string): string[] => {
  const folder = path.join(dir, '.cache/build');
  const read = readStoreFileSync<unknown>(path.join(folder, fs.readdirSync(folder)[0]!, name));
  return [...read.keys()].map((key) => JSON.stringify(read.get(key)).replaceAll(`/${path.basename(dir)}/`, '/site/')).sort();
};

const spilled = site('spilled');
const inMemory = site('in-memory');

test('a spilled build writes the bytes of a build that holds its markdown in memory', async () => {
  const { result } = await build(spilled, 0);
  await build(inMemory);
  const pages = [...result.contents.values()];
  assert.ok(pages.length > 4);
  assert.ok(pages.every((content) => content instanceof CompactContent), 'every page\'s markdown was spilled');
  assert.throws(() => pages[0]!.body, /nadat de build het sloot/, 'its spill file is closed with the build');
  assert.equal(fileHashes(path.join(spilled, 'dist')), fileHashes(path.join(inMemory, 'dist')));
  for (const store of ['markdown.json', 'bodies.json', 'trees.json']) assert.equal(storeValues(spilled, store), storeValues(inMemory, store), `${store}: the same values, written from the spill file`);
});

test('a store that keeps its markdown spilled hands out each result compact: the trees read back as they were, each time anew', () => {
  const tree = (text: string): Root => ({ type: 'root', children: [{ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: text }] }] });
  const content: Content = { body: tree('Een lange tekst over één API.'), excerpt: tree('Een uittreksel.'), toc: [{ id: 'api', text: 'API', depth: 2 }], anchors: ['api'], links: [], words: 6, firstParagraph: 'Een lange tekst.', hasMermaid: false, docCardList: false };
  const plain: Content = { ...content, body: tree('Geen uittreksel.'), excerpt: null };
  const store = new Store<MarkdownResult>();
  store.put('k0', { content: plain, problems: [] });
  const spill = SpillFile.open(work)!;
  store.keepMadeAs((result) => compactResult(result, spill));
  const made = store.get(['a'], () => ({ content, problems: [] }));
  store.put('k2', { content: plain, problems: [] });
  const a = made.content;
  assert.ok(a instanceof CompactContent);
  assert.equal(a.body, content.body);
  assert.equal(a.excerpt, content.excerpt);
  assert.ok(a.body !== a.body, 'read back anew');
  assert.equal(treeOrigin(a.body), { content: a, part: 'body' });
  assert.equal(treeOrigin(a.excerpt!), { content: a, part: 'excerpt' });
  assert.equal({ ...a, body: a.body, excerpt: a.excerpt }, content, 'the other fields as they were');
  assert.is(store.get(['a'], () => { throw new Error('made again'); }), made, 'asked again: the same result, not parsed again');
  assert.is(store.find('k2')!.content.excerpt, null);
  assert.is(store.find('k0')!.content, plain, 'a value made before stays as it was');
  // Written in the store's form, read back as the next build reads it.
  const written = (key: string) => {
    const read = readMarkdownResult(JSON.parse((store.made().get(key) as Json).text));
    return { content: { ...read.content, body: read.content.body, excerpt: read.content.excerpt }, problems: read.problems };
  };
  assert.equal(written(store.keyOf(['a'])), { content, problems: [] }, 'the store writes the result it made');
  assert.equal(written('k2'), { content: plain, problems: [] });
  spill.close();
  assert.throws(() => a.body, /nadat de build het sloot/, 'after the build the spilled trees are gone');
});

test('a warm build after a spilled one reuses its markdown and bodies: a new title renders every page again, one body', async () => {
  const file = path.join(spilled, 'content/kennisbank/index.md');
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('title: Kennisbank', 'title: De kennisbank'));
  const { result } = await build(spilled, 0);
  assert.is(result.stats.pagesRendered, result.routes.length);
  // The markdown key covers the whole file, front matter included: the retitled page's body is written again, the others come from the cache.
  assert.is(result.stats.bodiesWritten, 1);
  const fresh = site('fresh');
  fs.writeFileSync(path.join(fresh, 'content/kennisbank/index.md'), fs.readFileSync(file));
  await build(fresh);
  assert.equal(fileHashes(path.join(spilled, 'dist')), fileHashes(path.join(fresh, 'dist')));
});

test('when the disk is full the spilled values stay in memory, readable as before', () => {
  const spill = SpillFile.open(work)!;
  const first = spill.add(JSON.stringify({ waarde: 'voor de volle schijf', groot: 'x'.repeat(2 ** 20) }));
  const writeSync = fs.writeSync;
  fs.writeSync = (() => { throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }); }) as typeof fs.writeSync;
  try {
    const pending = spill.add(JSON.stringify({ waarde: 'één', groot: 'y'.repeat(2 ** 20) }));
    const later = spill.add(JSON.stringify({ waarde: 'daarna' }));
    assert.is((JSON.parse(pending.text) as { waarde: string }).waarde, 'één', 'the batch whose write failed');
    assert.is(later.text, '{"waarde":"daarna"}', 'a value after the failure is not spilled');
  } finally {
    fs.writeSync = writeSync;
  }
  assert.is((JSON.parse(first.text) as { waarde: string }).waarde, 'voor de volle schijf', 'a value written before the failure is read from the file');
  spill.close();
});

test('no spill file stays behind', () => {
  const left = fs.readdirSync(path.join(spilled, '.cache'), { recursive: true }).map(String).filter((name) => name.includes('spill'));
  assert.equal(left, []);
});

test.run();
