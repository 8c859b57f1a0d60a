/**
 * The compiled CLI runs through `vm.Script` with V8's code cache
 * (bin/ontwikkelaarsportaal.mjs). Shown by what the launcher reports under
 * ONTWIKKELAARSPORTAAL_TIMINGS=1, not by time: the first run of a command
 * writes the cache, the next one uses it, and a damaged cache is rejected by
 * V8, costs only the compiling, gives the same output and is written again.
 * The CLI's `import()` of a package outside the bundle (shiki's grammars)
 * works without Node's experimental-loader warning. The build cache's
 * generator key is made once, by `compile`, from the same sources.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { configText, minimalAuthors, minimalTags, root } from '../helpers.ts';
import { buildCacheDir, generatorKey } from '../../pipeline/io/build-cache.ts';

const test = suite('build: code cache of the compiled CLI');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-cli-code-cache-'));
test.after(() => fs.rmSync(work, { recursive: true, force: true }));

const launcher = path.join(root, 'bin/ontwikkelaarsportaal.mjs');
const files: Record<string, string> = {
  'kennisbank/index.md': '---\ntitle: Kennisbank\n---\n\nWelkom.\n',
  'kennisbank/api.md': '---\ntitle: Een API\n---\n\nEen API met code.\n\n```ts\nconst antwoord: number = 42;\n```\n',
  'communities/index.md': '---\ntitle: Communities\n---\n\nSamen.\n',
  'tags.yml': minimalTags,
  'blog/authors.yml': minimalAuthors,
};
for (const [file, text] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(work, 'content', file)), { recursive: true });
  fs.writeFileSync(path.join(work, 'content', file), text);
}
fs.writeFileSync(path.join(work, 'site.yml'), configText);

/** One `build` of the small site through the launcher, into `out`; a cold build each time (its own build cache), so shiki loads. */
function build(out: string): { status: string; cacheFile: string; stderr: string } {
  fs.rmSync(path.join(work, '.cache'), { recursive: true, force: true });
  const run = spawnSync(process.execPath, [launcher, 'build', '--content', 'content', '--config', 'site.yml', '--out', out], {
    cwd: work, encoding: 'utf8', timeout: 180_000, env: { ...process.env, ONTWIKKELAARSPORTAAL_TIMINGS: '1' },
  });
  assert.is(run.status, 0, run.stderr);
  const line = /code cache van de CLI: (\S+) \((.+)\)/.exec(run.stderr);
  assert.ok(line, `the launcher reports its code cache:\n${run.stderr}`);
  return { status: line[1] ?? '', cacheFile: line[2] ?? '', stderr: run.stderr };
}

/** Every file under `dir` with its bytes. */
function tree(dir: string): Map<string, string> {
  const result = new Map<string, string>();
  for (const file of fs.readdirSync(dir, { recursive: true }).map(String).sort()) {
    const full = path.join(dir, file);
    if (fs.statSync(full).isFile()) result.set(file, fs.readFileSync(full).toString('base64'));
  }
  return result;
}

test('should write the cache on the first run, use it on the next, and fall back on a damaged one', () => {
  assert.is(spawnSync(process.execPath, [launcher, 'compile'], { cwd: root, encoding: 'utf8' }).status, 0);
  const { cacheFile } = build('dist-0');
  fs.rmSync(cacheFile, { force: true });

  const first = build('dist-1');
  assert.is(first.status, 'geen');
  assert.ok(fs.existsSync(cacheFile), 'written when the run ended');
  const size = fs.statSync(cacheFile).size;

  const second = build('dist-2');
  assert.is(second.status, 'gebruikt');

  fs.truncateSync(cacheFile, Math.floor(size / 2));
  const damaged = build('dist-3');
  assert.is(damaged.status, 'afgewezen');
  assert.equal(tree(path.join(work, 'dist-3')), tree(path.join(work, 'dist-2')), 'the same output as with the cache');
  assert.ok(fs.statSync(cacheFile).size > Math.floor(size / 2), 'written again');
  assert.is(build('dist-4').status, 'gebruikt');
  assert.not.ok(fs.readdirSync(path.dirname(cacheFile)).some((f) => f.includes('.tmp-')), 'no temporary file left');
});

test('should load shiki\'s grammars from outside the bundle without a warning', () => {
  const run = build('dist-5');
  assert.not.match(run.stderr, /Warning/);
  const page = fs.readdirSync(path.join(work, 'dist-5'), { recursive: true }).map(String).find((f) => f.endsWith('api/index.html'));
  assert.ok(page, 'the page with code is built');
  assert.match(fs.readFileSync(path.join(work, 'dist-5', page), 'utf8'), /<span style="color:#[0-9A-F]{6}">const<\/span>/i);
});

test('should name the build cache with the generator key that compile made from the sources', () => {
  const compiled = path.dirname(path.dirname(build('dist-6').cacheFile));
  assert.is(fs.readFileSync(path.join(compiled, 'generator-key'), 'utf8'), generatorKey(), 'the key the TypeScript makes');
  assert.ok(fs.existsSync(buildCacheDir(path.join(work, '.cache'))), 'the build\'s cache is under that key');
});

test.run();
