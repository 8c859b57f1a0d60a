/**
 * The read edge on files as they can be on disk: bytes that are no UTF-8,
 * NUL characters, a binary file under a text name, an empty page and names
 * the walk skips. Each is said, at its line, instead of passing silently or
 * surfacing later as a missing `title`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { readSources, type SourceTree } from '../../pipeline/io/read.ts';
import { invalidUtf8 } from '../../pipeline/io/decoded-text.ts';
import { analyse } from '../../pipeline/build.ts';
import type { Problem } from '../../pipeline/problem.ts';
import { minimalAuthors, minimalTags, root } from '../helpers.ts';

const test = suite('build: reading files');

let dir = '';
const page = (title: string, body = 'Tekst.\n') => `---\ntitle: ${title}\n---\n\n${body}`;

/** Writes `files` (text or bytes) into a fresh content folder, next to the real configuration, and reads it. */
async function read(files: Record<string, string | Uint8Array>): Promise<SourceTree> {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-files-'));
  const all: Record<string, string | Uint8Array> = {
    'kennisbank/index.md': page('Kennisbank'), 'communities/index.md': page('Communities'), 'tags.yml': minimalTags, 'blog/authors.yml': minimalAuthors, ...files,
  };
  for (const [rel, data] of Object.entries(all)) {
    fs.mkdirSync(path.join(dir, path.dirname(rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), data);
  }
  return readSources(dir, path.join(root, 'dist-config/site.yml'));
}

const shown = (rel: string) => path.relative(process.cwd(), path.join(dir, rel)).split(path.sep).join('/');
const about = (problems: ReadonlyArray<Problem>, rel: string) => problems.filter((p) => p.file === shown(rel)).map((p) => [p.severity, p.code, p.line]);
/** The problems of the whole analysis of the tree: the read edge's and every stage's. */
const analysed = (sources: SourceTree) => analyse(sources, 'production', { today: '2026-01-01' }).problems;

test.after.each(() => { if (dir) fs.rmSync(dir, { recursive: true, force: true }); });

test('should warn at the line of bytes that are no UTF-8, and read them as U+FFFD', async () => {
  const bytes = Buffer.concat([Buffer.from('---\ntitle: Café\n---\nNormaal.\r\nCaf'), Buffer.from([0xe9]), Buffer.from('\nNog eens \xe9\n', 'latin1')]);
  const sources = await read({ 'kennisbank/latin.md': bytes });
  assert.equal(about(sources.problems, 'kennisbank/latin.md'), [['warning', 'invalid-encoding', 5]]);
  assert.match(sources.problems.find((p) => p.code === 'invalid-encoding')?.message ?? '', /^Regel 5 en 1 andere regel bevatten bytes die geen geldige UTF-8 zijn/);
  assert.ok(sources.files.find((f) => f.path === 'kennisbank/latin.md')?.text.includes('Caf\uFFFD'));
});

test('should warn at the line of a NUL character', async () => {
  const sources = await read({ 'kennisbank/nul.md': page('Nul', 'Een\n\nTwee\0drie\n') });
  assert.equal(about(sources.problems, 'kennisbank/nul.md'), [['warning', 'invalid-encoding', 7]]);
  assert.match(sources.problems.find((p) => p.code === 'invalid-encoding')?.message ?? '', /^Regel 7 bevat een NUL-teken/);
});

test('should not warn of a U+FFFD written as UTF-8, or of valid UTF-8 anywhere', async () => {
  const sources = await read({ 'kennisbank/fffd.md': page('Vervangteken', 'Het teken \uFFFD en é, 😀.\n') });
  assert.equal(sources.problems, []);
});

test('should refuse a binary file with a text name as no text, and say nothing else of it', async () => {
  const png = fs.readFileSync(path.join(root, 'theme/static/icon-192.png'));
  const utf16 = Buffer.from(`\uFEFF${page('Zestien')}`, 'utf16le');
  const sources = await read({ 'kennisbank/plaatje.md': png, 'kennisbank/utf16.md': utf16, 'kennisbank/data.json': png });
  for (const rel of ['kennisbank/plaatje.md', 'kennisbank/utf16.md', 'kennisbank/data.json']) {
    assert.equal(about(sources.problems, rel), [['error', 'not-text', 1]], rel);
    assert.not.ok(sources.files.some((f) => f.path === rel), `${rel} is not read`);
    assert.equal(about(analysed(sources), rel), [['error', 'not-text', 1]], `${rel}: no missing title`);
  }
  assert.match(sources.problems.find((p) => p.code === 'not-text')?.message ?? '', /geen tekst/);
});

test('should say an empty page is empty, not that its title is missing', async () => {
  const sources = await read({ 'kennisbank/leeg.md': '', 'kennisbank/wit.md': ' \n\n\t\n', 'kennisbank/bom.md': '\uFEFF\n' });
  const problems = analysed(sources);
  for (const rel of ['kennisbank/leeg.md', 'kennisbank/wit.md', 'kennisbank/bom.md']) {
    assert.equal(about(problems, rel), [['error', 'file-empty', 1]], rel);
  }
  assert.match(problems.find((p) => p.code === 'file-empty')?.message ?? '', /leeg/);
});

test('should warn of Markdown files the walk skips for their hidden name, dots-only names included', async () => {
  const sources = await read({ '...md': page('Punten'), 'kennisbank/.md': page('Leeg'), 'kennisbank/..mdx': page('Twee'), 'kennisbank/.concept.md': page('Concept'), 'kennisbank/.verborgen/x.md': page('X'), 'kennisbank/.prettierrc.json': '{}' });
  assert.equal(sources.problems.filter((p) => p.code === 'hidden-file-ignored').map((p) => [p.severity, p.file, p.line]), [
    ['warning', shown('...md'), 1], ['warning', shown('kennisbank/..mdx'), 1], ['warning', shown('kennisbank/.concept.md'), 1], ['warning', shown('kennisbank/.md'), 1],
  ]);
  assert.match(sources.problems.find((p) => p.file === shown('...md'))?.message ?? '', /alleen uit punten/);
  assert.match(sources.problems.find((p) => p.file === shown('kennisbank/.concept.md'))?.message ?? '', /begint met een punt/);
  assert.equal(sources.files.map((f) => f.path).filter((p) => p.endsWith('.md') || p.endsWith('.mdx')), ['communities/index.md', 'kennisbank/index.md'], 'none of them is read');
});

test('should read a content folder given as a symbolic link (a workspace pointing at content/), its root files included', async () => {
  await read({});
  const link = `${dir}-link`;
  fs.symlinkSync(dir, link);
  try {
    const sources = await readSources(link, path.join(root, 'dist-config/site.yml'));
    assert.equal(sources.files.map((f) => f.path).sort(), ['blog/authors.yml', 'communities/index.md', 'kennisbank/index.md', 'tags.yml']);
    assert.equal(sources.problems, []);
  } finally {
    fs.rmSync(link);
  }
});

test('invalidUtf8 should find every sequence the decoder replaces', () => {
  fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
    const decoded = new TextDecoder().decode(bytes);
    const typed = (Buffer.from(bytes).toString('latin1').match(/\xef\xbf\xbd/g) ?? []).length;
    assert.is(invalidUtf8(bytes).length, (decoded.match(/\uFFFD/g) ?? []).length - typed);
  }), { numRuns: 3000 });
});

test.run();
