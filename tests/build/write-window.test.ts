/**
 * The writer holds a bounded window: however many pages a build hands it,
 * no more than the window waits for the writer thread at once (the main
 * thread waits instead), and `generating` keeps no page it handed out. Counts,
 * never time: the writer's own count of what waited in its queue.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SiteWriter } from '../../pipeline/io/write.ts';
import { analyse, generating, markdownStage, type Generated, type OutputFile, type UnchangedFile } from '../../pipeline/build.ts';
import { effects, post, tree } from '../helpers.ts';

const test = suite('build: the writer\'s window');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-window-'));
test.after(() => fs.rmSync(work, { recursive: true, force: true }));

let cases = 0;
const dist = () => path.join(work, `case-${cases++}`, 'dist');

test('should never have more than its window waiting for the writer thread, and write every file', async () => {
  const window = 64 * 1024;
  const out = dist();
  const writer = new SiteWriter(out, window);
  const page = 'x'.repeat(10_000);
  for (let i = 0; i < 1000; i++) writer.add({ path: `p${i % 10}/${i}.html`, data: `${page}${i}` });
  assert.ok(writer.peakQueued.size <= window, `at most the window waited: ${writer.peakQueued.size}`);
  assert.ok(writer.peakQueued.files <= 6, `at most six pages of 10 KB waited: ${writer.peakQueued.files}`);
  const written = await writer.finish();
  assert.is(written.files, 1000);
  assert.is(fs.readFileSync(path.join(out, 'p9/999.html'), 'utf8'), `${page}999`);
  assert.is(fs.readFileSync(path.join(out, 'p0/0.html'), 'utf8'), `${page}0`);
});

test('should hand a file larger than the window over alone', async () => {
  const writer = new SiteWriter(dist(), 1000);
  for (let i = 0; i < 5; i++) writer.add({ path: `${i}.bin`, data: new Uint8Array(5000).fill(i) });
  assert.is(writer.peakQueued.files, 1);
  assert.is(writer.peakQueued.size, 5000);
  assert.is((await writer.finish()).files, 5);
});

test('should keep no file it handed out, only its path, with handOff', () => {
  const sources = tree({
    'kennisbank/apis/index.md': '---\ntitle: API\'s\n---\n\nOver API\'s.\n',
    'blog/2026-01-02-een.md': post('title: Een\nauthors: [ada]\ntags: [api]'),
  });
  const analysis = analyse(sources, 'production');
  const markdown = markdownStage(analysis, effects);
  const run = (handOff: boolean): { out: Array<OutputFile | UnchangedFile>; result: Generated } => {
    const files = generating(analysis, effects, { render: true, handOff }, markdown);
    const out: Array<OutputFile | UnchangedFile> = [];
    for (let step = files.next(); ; step = files.next()) {
      if (step.done) return { out, result: step.value };
      out.push(step.value);
    }
  };
  const kept = run(false);
  const handed = run(true);
  assert.is(handed.result.files.length, 0, 'no file kept');
  assert.equal(handed.result.handedOut, handed.out.map((f) => f.path), 'every path handed out, in order');
  assert.equal(handed.out, kept.out, 'the same files handed out');
  assert.equal([...kept.result.files].map((f) => f.path).sort(), [...handed.result.handedOut!].sort());
});

test.run();
