/**
 * A writer with a spare keeps the previous output after the swap and brings
 * it up to date at the next write, instead of making every folder again.
 * Whatever the spare holds (older files, files this build does not have, a
 * file where a folder comes, a link put there by hand), the new output holds
 * exactly this build's files, and no file of the live output is ever written
 * into: the spare's files are links shared with it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SiteWriter, spareFolder } from '../../pipeline/io/write.ts';
import type { OutputFile } from '../../pipeline/types.ts';

const test = suite('build: the writer reuses the previous output but one');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-spare-'));
test.after(() => fs.rmSync(work, { recursive: true, force: true }));

/** Every file and folder under `dir`, with a file's bytes and a folder's mode; a link as its target. */
function tree(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  const walk = (at: string, rel: string) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const name = rel ? `${rel}/${entry.name}` : entry.name;
      const full = path.join(at, entry.name);
      if (entry.isSymbolicLink()) found[name] = `link → ${fs.readlinkSync(full)}`;
      else if (entry.isDirectory()) {
        found[`${name}/`] = (fs.statSync(full).mode & 0o777).toString(8);
        walk(full, name);
      } else found[name] = fs.readFileSync(full, 'utf8');
    }
  };
  walk(dir, '');
  return found;
}

const expected = (files: ReadonlyArray<OutputFile>, dirMode: string): Record<string, string> => {
  const found: Record<string, string> = {};
  for (const file of files) {
    found[file.path] = String(file.data);
    for (let dir = path.posix.dirname(file.path); dir !== '.'; dir = path.posix.dirname(dir)) found[`${dir}/`] = dirMode;
  }
  return found;
};

let cases = 0;
function place(): { parent: string; dist: string; spare: string; writer: () => SiteWriter } {
  const parent = path.join(work, `case-${cases++}`);
  const dist = path.join(parent, 'dist');
  const spare = spareFolder(path.join(parent, '.cache'), dist);
  return { parent, dist, spare, writer: () => new SiteWriter(dist, undefined, spare) };
}

async function write(writer: SiteWriter, files: ReadonlyArray<OutputFile | { path: string; unchanged: true }>) {
  for (const file of files) writer.add(file);
  return writer.finish();
}

test('each write holds exactly its own files, whatever the spare held', async () => {
  const { parent, dist, spare, writer } = place();
  fs.mkdirSync(parent, { recursive: true });
  const dirMode = (0o777 & ~process.umask()).toString(8);
  const first: OutputFile[] = [
    { path: 'index.html', data: 'start 1' }, { path: 'blog/index.html', data: 'blog 1' }, { path: 'blog/oud/index.html', data: 'oud' },
    { path: 'wordt-map', data: 'een bestand' }, { path: 'docs/a/index.html', data: 'a' }, { path: 'docs/b/index.html', data: 'b' },
  ];
  await write(writer(), first);
  assert.not.ok(fs.existsSync(spare), 'no spare before a second output');

  const second: OutputFile[] = [
    { path: 'index.html', data: 'start 2' }, { path: 'blog/index.html', data: 'blog 1' }, { path: 'wordt-map', data: 'een bestand' },
    { path: 'docs/a/index.html', data: 'a' }, { path: 'docs/b/index.html', data: 'b 2' }, { path: 'nieuw/index.html', data: 'nieuw' },
  ];
  await write(writer(), second);
  assert.equal(tree(dist), expected(second, dirMode));
  assert.equal(tree(spare), expected(first, dirMode), 'the first output is the spare now');
  assert.is(fs.statSync(dist).mode & 0o777, 0o755);

  // Something put into the spare by hand: a link to a file outside, in a folder this build has.
  fs.writeFileSync(path.join(parent, 'buiten.txt'), 'buiten');
  fs.symlinkSync(path.join(parent, 'buiten.txt'), path.join(spare, 'docs/a/index.html.link'));
  fs.rmSync(path.join(spare, 'docs/a/index.html'));
  fs.symlinkSync(path.join(parent, 'buiten.txt'), path.join(spare, 'docs/a/index.html'));
  const live = fs.readFileSync(path.join(dist, 'docs/b/index.html'), 'utf8');
  const third = [
    { path: 'index.html', data: 'start 3' }, { path: 'blog/index.html', unchanged: true as const },
    // A file where a folder was, and a folder where a file was.
    { path: 'blog/oud', data: 'nu een bestand' }, { path: 'wordt-map/index.html', data: 'nu een map' },
    { path: 'docs/a/index.html', data: 'a' }, { path: 'docs/b/index.html', data: 'b 3' },
  ];
  const stats = await write(writer(), third);
  const thirdFiles = third.map((f) => ('unchanged' in f ? { path: f.path, data: 'blog 1' } : f));
  assert.equal(tree(dist), expected(thirdFiles, dirMode));
  assert.is(fs.readFileSync(path.join(parent, 'buiten.txt'), 'utf8'), 'buiten', 'nothing written through a link');
  assert.is(fs.readFileSync(path.join(spare, 'docs/b/index.html'), 'utf8'), live, 'the previous output was never written into: it is the spare now, as it was');
  assert.equal(tree(spare), expected(second, dirMode));
  assert.is(stats.files, third.length);
  assert.equal(fs.readdirSync(parent).sort(), ['.cache', 'buiten.txt', 'dist'], 'no temporary folder left');
});

test('a file unchanged since the spare was the output stays where it is, linked to the output', async () => {
  const { dist, spare, writer } = place();
  const site: OutputFile[] = [{ path: 'index.html', data: 'start' }, { path: 'a/index.html', data: 'a' }, { path: 'b/index.html', data: 'b' }];
  await write(writer(), site);
  await write(writer(), [{ ...site[0]!, data: 'start 2' }, ...site.slice(1)]);
  const inode = (file: string) => fs.statSync(file, { bigint: true }).ino;
  const inSpare = inode(path.join(spare, 'a/index.html'));
  const stats = await write(writer(), [{ ...site[0]!, data: 'start 3' }, { path: 'a/index.html', unchanged: true }, site[2]!]);
  assert.is(inode(path.join(dist, 'a/index.html')), inSpare, 'the same file, not linked again');
  assert.equal([stats.files, stats.linked], [3, 2]);
  assert.is(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'), 'start 3');
});

test('without a change the output stays and so does the spare', async () => {
  const { dist, spare, writer } = place();
  const site: OutputFile[] = [{ path: 'index.html', data: 'start' }];
  await write(writer(), site);
  await write(writer(), [{ path: 'index.html', data: 'start 2' }]);
  const stats = await write(writer(), [{ path: 'index.html', data: 'start 2' }]);
  assert.ok(stats.kept);
  assert.is(fs.readFileSync(path.join(spare, 'index.html'), 'utf8'), 'start');
  assert.is(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'), 'start 2');
});

test('a write that fails leaves the output as it was, and no temporary folder', async () => {
  const { parent, dist, writer } = place();
  await write(writer(), [{ path: 'index.html', data: 'start' }]);
  await write(writer(), [{ path: 'index.html', data: 'start 2' }]);
  const failing = writer();
  failing.add({ path: 'index.html', data: 'start 3' });
  failing.add({ path: '../buiten.html', data: 'x' });
  let failed: unknown = null;
  await failing.finish().catch((e: unknown) => { failed = e; });
  assert.ok(failed instanceof Error);
  assert.is(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'), 'start 2');
  assert.equal(fs.readdirSync(parent).filter((name) => name.startsWith('.dist')), []);
  // The next write makes its folder anew (the spare went with the failed one) and is right.
  await write(writer(), [{ path: 'index.html', data: 'start 4' }]);
  assert.equal(tree(dist), { 'index.html': 'start 4' });
});

test('an output that is a symbolic link to a folder is not kept as the spare', async () => {
  const { parent, dist, spare, writer } = place();
  const elsewhere = path.join(parent, 'elders');
  fs.mkdirSync(elsewhere, { recursive: true });
  fs.writeFileSync(path.join(elsewhere, 'index.html'), 'daar');
  fs.symlinkSync(elsewhere, dist);
  await write(writer(), [{ path: 'index.html', data: 'hier' }]);
  assert.is(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'), 'hier');
  assert.not.ok(fs.existsSync(spare), 'no spare');
  assert.is(fs.readFileSync(path.join(elsewhere, 'index.html'), 'utf8'), 'daar', 'the folder the link pointed at is untouched');
});

test.run();
