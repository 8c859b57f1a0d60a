/**
 * The writer leaves dist/ in place when a build changed nothing: every file
 * has the previous output's bytes (or is handed over as unchanged) and
 * dist/ holds no other file or folder. Then it makes no temporary folder, no
 * link and no swap. In every other case it swaps a whole new folder in, its
 * unchanged files linked (unchanged ones without their bytes).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SiteWriter, writeSite } from '../../pipeline/io/write.ts';
import type { OutputFile } from '../../pipeline/types.ts';

const test = suite('build: the writer keeps an unchanged output');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-kept-'));
test.after(() => fs.rmSync(work, { recursive: true, force: true }));

const site: OutputFile[] = [
  { path: 'index.html', data: '<!DOCTYPE html><title>start</title>' },
  { path: 'kennisbank/apis/index.html', data: 'apis' },
  { path: 'logo.bin', data: new Uint8Array([1, 2, 3, 4]) },
];

let cases = 0;
/** A parent folder with dist/ written from `site`. */
async function written(): Promise<{ parent: string; dist: string }> {
  const parent = path.join(work, `case-${cases++}`);
  const dist = path.join(parent, 'dist');
  await writeSite(dist, site);
  return { parent, dist };
}

const inode = (file: string): bigint => fs.statSync(file, { bigint: true }).ino;
const besides = (parent: string): string[] => fs.readdirSync(parent).filter((name) => name !== 'dist');

test('should leave dist/ in place, with no folder, link or swap, when every file is the same', async () => {
  const { parent, dist } = await written();
  const before = [dist, ...site.map((f) => path.join(dist, f.path))].map(inode);
  const stats = await writeSite(dist, site.map((f) => ({ ...f })));
  assert.ok(stats.kept);
  assert.equal([stats.files, stats.linked, stats.bytesWritten], [3, 0, 0]);
  assert.equal([dist, ...site.map((f) => path.join(dist, f.path))].map(inode), before, 'the same folder and files');
  assert.equal(besides(parent), []);
});

test('should link an unchanged file without its bytes, and leave dist/ in place when all are', async () => {
  const { dist } = await written();
  const writer = new SiteWriter(dist);
  for (const file of site) writer.add({ path: file.path, unchanged: true });
  const stats = await writer.finish();
  assert.ok(stats.kept);
  assert.equal(stats.stamps, {}, 'no stamp for what the build already knows');

  const again = new SiteWriter(dist);
  const apis = inode(path.join(dist, 'kennisbank/apis/index.html'));
  again.add({ path: 'index.html', data: 'nieuw' });
  again.add({ path: 'kennisbank/apis/index.html', unchanged: true });
  again.add({ path: 'logo.bin', unchanged: true });
  const swapped = await again.finish();
  assert.not.ok(swapped.kept);
  assert.equal([swapped.linked, swapped.bytesWritten], [2, 5]);
  assert.is(inode(path.join(dist, 'kennisbank/apis/index.html')), apis, 'linked from the previous output');
  assert.is(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'), 'nieuw');
  assert.equal(Object.keys(swapped.stamps), ['index.html'], 'a stamp for the file written');
  assert.is(swapped.stamps['index.html']![2], String(inode(path.join(dist, 'index.html'))));
});

test('should swap when dist/ holds another file, a folder without one of the files, or is not readable by others', async () => {
  for (const extra of [(dist: string) => fs.writeFileSync(path.join(dist, 'extra.html'), 'x'), (dist: string) => fs.mkdirSync(path.join(dist, 'leeg')), (dist: string) => fs.chmodSync(dist, 0o700)]) {
    const { parent, dist } = await written();
    extra(dist);
    const stats = await writeSite(dist, site.map((f) => ({ ...f })));
    assert.not.ok(stats.kept);
    assert.equal([stats.linked, stats.bytesWritten], [3, 0]);
    assert.equal(fs.readdirSync(dist).sort(), ['index.html', 'kennisbank', 'logo.bin']);
    assert.is(fs.statSync(dist).mode & 0o777, 0o755);
    assert.equal(besides(parent), []);
  }
});

test('should swap when a file is missing from dist/, and fail with dist/ as it was when an unchanged file is gone', async () => {
  const { parent, dist } = await written();
  fs.rmSync(path.join(dist, 'logo.bin'));
  const stats = await writeSite(dist, site.map((f) => ({ ...f })));
  assert.not.ok(stats.kept);
  assert.equal([stats.linked, stats.bytesWritten], [2, 4]);

  fs.rmSync(path.join(dist, 'logo.bin'));
  const writer = new SiteWriter(dist);
  writer.add({ path: 'logo.bin', unchanged: true });
  let failed: unknown = null;
  await writer.finish().catch((e: unknown) => { failed = e; });
  assert.ok(failed instanceof Error);
  assert.equal(fs.readdirSync(dist).sort(), ['index.html', 'kennisbank']);
  assert.equal(besides(parent), []);
});

test.run();
