/**
 * Partials at the edges: the read edge gives `_` Markdown files as partials
 * (no pages, no warnings), and a warm build (the build cache on disk, the dev
 * server's memo) renders a page again when a partial it places changes,
 * giving exactly what a cold build gives.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toHtml } from 'hast-util-to-html';
import { readSources } from '../../pipeline/io/read.ts';
import { analyse, generate, type Generated } from '../../pipeline/build.ts';
import { createMemo, emptyBuildCache, type BuildCache, type BuildMemo } from '../../pipeline/memo.ts';
import type { SourceTree } from '../../pipeline/types.ts';
import { configText, effects, reloadedCache, tree } from '../helpers.ts';

const test = suite('build: partials');

const mdxConfig = configText.replace(/^  format: detect$/m, '  format: mdx');

const sources = (partial: string): SourceTree => ({
  ...tree({
    'kennisbank/een.mdx': "---\ntitle: Een\n---\n\nimport Stap from './_stap.mdx';\n\n<Stap />\n",
    'kennisbank/twee.mdx': '---\ntitle: Twee\n---\n\nZonder gedeeld stuk.\n',
  }, mdxConfig),
  partials: [{ path: 'kennisbank/_stap.mdx', display: 'content/kennisbank/_stap.mdx', text: partial }],
});


const build = (t: SourceTree, options: { cache?: BuildCache; memo?: BuildMemo } = {}): Generated =>
  generate(analyse(t, 'production', options), effects, { render: false, ...options });

const body = (g: Generated, permalink: string) => toHtml(g.contents.get(permalink)!.body);

test('the read edge gives _ Markdown files under the areas as partials, never as pages, without a warning', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'op-partials-'));
  try {
    const write = (rel: string, text: string) => { fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true }); fs.writeFileSync(path.join(dir, rel), text); };
    write('kennisbank/a.md', '---\ntitle: A\n---\n\nTekst.\n');
    write('kennisbank/_stap.md', 'Stap.\n');
    write('kennisbank/_delen/kop.mdx', '## Kop\n');
    write('kennisbank/_category_.json', '{}');
    const read = await readSources(dir, path.join(dir, 'site.yml'));
    assert.equal(read.partials?.map((p) => p.path), ['kennisbank/_delen/kop.mdx', 'kennisbank/_stap.md']);
    assert.equal(read.files.map((f) => f.path).filter((p) => p.includes('_') && !p.includes('_category_')), []);
    assert.equal(read.problems.filter((p) => p.file.includes('_stap') || p.file.includes('_delen')), []);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('with the build cache, editing a partial renders its importer again, as a cold build would; other pages stay cached', () => {
  const cache = emptyBuildCache();
  const first = build(sources('Oude tekst.\n'), { cache });
  assert.match(body(first, '/kennisbank/een'), /Oude tekst/);
  const warm = reloadedCache(cache);
  const second = build(sources('Nieuwe tekst.\n'), { cache: warm });
  assert.match(body(second, '/kennisbank/een'), /Nieuwe tekst/);
  assert.not.match(body(second, '/kennisbank/een'), /Oude tekst/);
  assert.equal(body(second, '/kennisbank/een'), body(build(sources('Nieuwe tekst.\n')), '/kennisbank/een'));
  // Only the importer was rendered again.
  assert.equal(warm.markdown.misses, 1);
});

test("with the dev server's memo, editing a partial renders its importer again", () => {
  const memo = createMemo();
  assert.match(body(build(sources('Eerst.\n'), { memo }), '/kennisbank/een'), /Eerst/);
  assert.match(body(build(sources('Daarna.\n'), { memo }), '/kennisbank/een'), /Daarna/);
});

test.run();
