/**
 * The work of a warm build, counted rather than timed (time is the bench's):
 * a build with nothing changed renders no page, reads no page back, links no
 * file and writes no byte (the output stays in place), and what it leaves in
 * the output is byte for byte what a cold build makes. A page edited by hand
 * in the output is rendered again, also with the same size; a page whose
 * time alone changed is read back, not rendered. A changed body is written
 * again with its page and the pages that show it, and no code block is
 * highlighted again, and only its search section is tokenized again; a
 * changed title renders every page. After each change
 * the output is byte for byte a cold build's of the changed site.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { WriteStats } from '../../pipeline/io/write.ts';
import { configText, fileHashes, minimalAuthors, minimalTags, writeTestSite } from '../helpers.ts';
import { writtenBuild } from './written-build.ts';

const test = suite('build: a warm build counts its work');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-warm-counts-'));
test.after(() => fs.rmSync(work, { recursive: true, force: true }));

const files: Record<string, string> = {
  'kennisbank/index.md': '---\ntitle: Kennisbank\n---\n\nWelkom.\n',
  'kennisbank/api.md': '---\ntitle: Een API\ntags: [api]\n---\n\nEen API met code.\n\n```ts\nconst antwoord: number = 42;\n```\n',
  'communities/index.md': '---\ntitle: Communities\n---\n\nSamen.\n',
  'blog/2025-01-02-nieuws.md': '---\ntitle: Nieuws\nauthors: [ada]\ntags: [api]\n---\n\nEen bericht.\n\n<!-- truncate -->\n\nMeer.\n',
  'tags.yml': minimalTags,
  'blog/authors.yml': minimalAuthors,
};

function site(name: string): string {
  return writeTestSite(path.join(work, name), files, configText).dir;
}

/** A production build as the CLI runs it: cache on disk, files to a writer. */
async function build(dir: string): Promise<{ pagesRendered: number; pagesReused: number; pagesReadBack?: number; feedsRendered?: number; bodiesWritten?: number; blocksHighlighted?: number; sectionsIndexed?: number; pagesSectioned?: number; treesRead?: number; routes: number; written: WriteStats }> {
  const { result, written } = await writtenBuild(dir);
  return { ...result.stats, routes: result.routes.length, written };
}

const dir = site('site');
let cold: Record<string, string>;

test('a cold build renders every page and writes every byte', async () => {
  const counts = await build(dir);
  assert.ok(counts.routes > 5);
  assert.is(counts.pagesRendered, counts.routes);
  assert.is(counts.pagesReused, 0);
  assert.is(counts.written.linked, 0);
  assert.ok(counts.written.bytesWritten > 0);
  assert.ok((counts.sectionsIndexed ?? 0) > 3, 'every search section is tokenized');
  assert.ok((counts.pagesSectioned ?? 0) > 3, 'every page is split into its sections');
  cold = fileHashes(path.join(dir, 'dist'));
});

/** The output folder's inode and its files' inodes and times: what a build that leaves it in place keeps. */
function identities(out: string): string {
  const files = fs.readdirSync(out, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    .map((e) => { const s = fs.statSync(path.join(e.parentPath, e.name), { bigint: true }); return `${path.relative(out, path.join(e.parentPath, e.name))}:${s.ino}:${s.mtimeNs}`; });
  return [String(fs.statSync(out).ino), ...files.sort()].join('\n');
}

const leftovers = () => fs.readdirSync(dir).filter((name) => name.startsWith('.dist-tmp-'));

test('a warm build with nothing changed renders 0 pages, reads 0 back, links 0 files and writes 0 bytes, and leaves the output in place', async () => {
  const out = path.join(dir, 'dist');
  const before = identities(out);
  const counts = await build(dir);
  assert.is(counts.pagesRendered, 0);
  assert.is(counts.feedsRendered, 0, 'the feeds come from the previous output too');
  assert.is(counts.bodiesWritten, 0);
  assert.is(counts.blocksHighlighted, 0);
  assert.is(counts.sectionsIndexed, 0, 'the search index comes from the cache');
  assert.is(counts.pagesSectioned, 0, 'and no page is split into sections for it');
  assert.is(counts.treesRead, 0, 'no stage looks into a tree: validate, resolve and the jobs take what they ask from the summaries');
  assert.is(counts.pagesReused, counts.routes);
  assert.is(counts.pagesReadBack, 0, 'every page is known by its stamp');
  assert.is(counts.written.bytesWritten, 0);
  assert.is(counts.written.linked, 0);
  assert.ok(counts.written.kept, 'no new folder, no swap');
  assert.is(identities(out), before, 'the same folder and files');
  assert.equal(leftovers(), []);
  assert.equal(fileHashes(out), cold);
});

test('a page whose time alone changed is read back once, not rendered, and known by its stamp again after', async () => {
  const page = path.join(dir, 'dist/kennisbank/index.html');
  const earlier = new Date(Date.now() - 60_000);
  fs.utimesSync(page, earlier, earlier);
  const counts = await build(dir);
  assert.is(counts.pagesRendered, 0);
  assert.is(counts.pagesReadBack, 1);
  assert.is(counts.written.bytesWritten, 0);
  assert.ok(counts.written.kept);
  const again = await build(dir);
  assert.is(again.pagesReadBack, 0, 'its new stamp was recorded');
  assert.equal(fileHashes(path.join(dir, 'dist')), cold);
});

test('a stamp not older than the manifest that holds it is not trusted: every page is read back once, none rendered', async () => {
  // As if every page had been written in the last tick of the file system's clock before the manifest.
  const cacheDir = path.join(dir, '.cache/build');
  const manifest = fs.readdirSync(cacheDir).map((name) => path.join(cacheDir, name, 'pages.json')).find((file) => fs.existsSync(file))!;
  fs.utimesSync(manifest, new Date(0), new Date(0));
  const counts = await build(dir);
  assert.is(counts.pagesRendered, 0);
  assert.ok((counts.pagesReadBack ?? 0) >= counts.routes, `${counts.pagesReadBack} read back`);
  assert.ok(counts.written.kept);
  assert.is((await build(dir)).pagesReadBack, 0, 'the manifest written again is newer than every stamp');
  assert.equal(fileHashes(path.join(dir, 'dist')), cold);
});

test('a page edited by hand in the output is rendered again and restored', async () => {
  const page = path.join(dir, 'dist/kennisbank/api/index.html');
  const original = fs.readFileSync(page);
  fs.writeFileSync(page, `${original.toString()}<!-- met de hand -->`);
  const counts = await build(dir);
  assert.is(counts.pagesRendered, 1);
  assert.is(counts.written.bytesWritten, original.byteLength);
  assert.is(counts.written.linked, counts.written.files - 1, 'the rest is linked');
  assert.not.ok(counts.written.kept);
  assert.equal(fileHashes(path.join(dir, 'dist')), cold);
  assert.equal(leftovers(), []);
});

test('a page edited by hand in place with the same size is rendered again and restored', async () => {
  const page = path.join(dir, 'dist/kennisbank/api/index.html');
  const original = fs.readFileSync(page);
  const before = fs.statSync(page, { bigint: true });
  const edited = Buffer.from(original);
  edited.write('X', edited.indexOf('</title>') - 1);
  fs.writeFileSync(page, edited);
  const after = fs.statSync(page, { bigint: true });
  assert.is(after.size, before.size);
  assert.is(after.ino, before.ino, 'written in place');
  assert.ok(after.mtimeNs !== before.mtimeNs, 'with a new time');
  const counts = await build(dir);
  assert.is(counts.pagesRendered, 1);
  assert.is(counts.pagesReadBack, 1);
  assert.is(counts.written.bytesWritten, original.byteLength);
  assert.equal(fileHashes(path.join(dir, 'dist')), cold);
});

test('a file added by hand to the output is removed, the rest linked', async () => {
  fs.writeFileSync(path.join(dir, 'dist/extra.html'), 'met de hand');
  const counts = await build(dir);
  assert.is(counts.pagesReadBack, 0);
  assert.is(counts.written.bytesWritten, 0);
  assert.is(counts.written.linked, counts.written.files);
  assert.not.ok(counts.written.kept, 'swapped: the output holds another file');
  assert.equal(fileHashes(path.join(dir, 'dist')), cold);
});

/** A fresh site with `change` made, built cold: what the warm build must have left. */
async function coldBuildOf(name: string, change: (content: string) => void): Promise<Record<string, string>> {
  const fresh = site(name);
  change(path.join(fresh, 'content'));
  await build(fresh);
  return fileHashes(path.join(fresh, 'dist'));
}

const appendTo = (file: string, text: string) => (content: string) => fs.appendFileSync(path.join(content, file), text);

test('after a change to one body only that body is written again, with its page, and the output is a cold build\'s', async () => {
  const change = appendTo('kennisbank/api.md', '\nEen nieuwe zin.\n');
  change(path.join(dir, 'content'));
  const counts = await build(dir);
  assert.is(counts.bodiesWritten, 1);
  assert.is(counts.pagesRendered, 1);
  assert.is(counts.pagesReused, counts.routes - 1);
  assert.is(counts.pagesReadBack, 0);
  assert.is(counts.written.linked, counts.written.files - 2, 'all linked but the page and the search index');
  const page = fs.statSync(path.join(dir, 'dist/kennisbank/api/index.html')).size;
  const index = fs.statSync(path.join(dir, 'dist/search-index.json')).size;
  assert.is(counts.written.bytesWritten, page + index, 'the page and the search index written');
  assert.is(counts.feedsRendered, 0, 'no feed lists a doc');
  assert.is(counts.blocksHighlighted, 0, 'its code block comes from the cache');
  assert.is(counts.sectionsIndexed, 1, 'the search index takes the other sections\' terms from the cache');
  assert.is(counts.pagesSectioned, 1, 'and their sections: no other page\'s tree is read for the index');
  assert.is(counts.treesRead, 0, 'the changed body is parsed; no stored tree is read');
  const warm = fileHashes(path.join(dir, 'dist'));
  assert.equal(warm, await coldBuildOf('fresh-body', change));
  assert.not.equal(warm, cold);
});

test('after a change to a post\'s body the pages that list it are rendered again too, as a cold build renders them', async () => {
  // The excerpt changes: the blog list, the tag and the author page show it.
  const change = (content: string) => {
    const file = path.join(content, 'blog/2025-01-02-nieuws.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('Een bericht.', 'Een ander bericht.'));
  };
  change(path.join(dir, 'content'));
  const counts = await build(dir);
  assert.is(counts.bodiesWritten, 2, 'the post\'s body and its excerpt');
  assert.ok(counts.pagesRendered > 1 && counts.pagesRendered < counts.routes, `${counts.pagesRendered} of ${counts.routes} pages`);
  assert.ok((counts.feedsRendered ?? 0) >= 3, 'RSS, Atom and JSON Feed carry the post');
  assert.equal(fileHashes(path.join(dir, 'dist')), await coldBuildOf('fresh-post', (content) => {
    appendTo('kennisbank/api.md', '\nEen nieuwe zin.\n')(content);
    change(content);
  }));
});

test('after a change to a title every page is rendered again, as a cold build renders it', async () => {
  const retitle = (content: string) => {
    const file = path.join(content, 'kennisbank/api.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('title: Een API', 'title: Een andere API'));
  };
  retitle(path.join(dir, 'content'));
  const counts = await build(dir);
  assert.is(counts.pagesRendered, counts.routes);
  // The markdown key covers the whole file, front matter included: its body is written again, the others are not.
  assert.is(counts.bodiesWritten, 1);
  assert.is(counts.blocksHighlighted, 0);
  assert.equal(fileHashes(path.join(dir, 'dist')), await coldBuildOf('fresh-title', (content) => {
    appendTo('kennisbank/api.md', '\nEen nieuwe zin.\n')(content);
    const post = path.join(content, 'blog/2025-01-02-nieuws.md');
    fs.writeFileSync(post, fs.readFileSync(post, 'utf8').replace('Een bericht.', 'Een ander bericht.'));
    retitle(content);
  }));
});

test('a new code block is the only block highlighted', async () => {
  appendTo('kennisbank/api.md', '\n```ts\nconst vraag: string = "?";\n```\n')(path.join(dir, 'content'));
  const counts = await build(dir);
  assert.is(counts.blocksHighlighted, 1);
});

test.run();
