/**
 * Issue 11: the client bundle is cached on disk (`<cacheDir>/client/`), so a
 * warm build does not run rollup, and `compile` (`npm install`) makes it next
 * to the compiled CLI, so a first build does not either. Each case runs loadTheme in a child process:
 * in this process the module's in-memory cache would answer instead of the disk.
 *
 * "Without rollup" is shown, not timed: the child can be started with a module
 * hook that makes importing rollup or its plugins fail, so a bundle it returns
 * can only have come from the cache.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { root } from '../helpers.ts';

const test = suite('build: client bundle cache');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-theme-cache-'));
test.after(() => fs.rmSync(work, { recursive: true, force: true }));

// .mjs/.mts: the temporary folder has no package.json saying "type": "module".
fs.writeFileSync(path.join(work, 'no-rollup-hooks.mjs'), `
export async function resolve(specifier, context, next) {
  if (/^(rollup|rollup-plugin-esbuild|@rollup\\/)/.test(specifier)) throw new Error('rollup geblokkeerd: ' + specifier);
  return next(specifier, context);
}
`);
fs.writeFileSync(path.join(work, 'no-rollup.mjs'), `import { register } from 'node:module';\nregister('./no-rollup-hooks.mjs', import.meta.url);\n`);
fs.writeFileSync(path.join(work, 'load-theme.mts'), `
import { loadTheme } from ${JSON.stringify(path.join(root, 'pipeline/io/theme.ts'))};
const { theme, files } = await loadTheme({ cacheDir: process.argv[2] });
const data = (d: string | Uint8Array) => (typeof d === 'string' ? d : 'base64:' + Buffer.from(d).toString('base64'));
process.stdout.write(JSON.stringify({ theme: { ...theme, files: [...theme.files] }, files: files.map((f) => ({ path: f.path, data: data(f.data) })) }));
`);

/** loadTheme's result in a fresh process, as JSON; null when it failed. `noRollup`: importing rollup fails. */
function loadThemeInChild(cacheDir: string, noRollup = false): string | null {
  const hooks = noRollup ? ['--import', path.join(work, 'no-rollup.mjs')] : [];
  const child = spawnSync(process.execPath, ['--import', 'tsx', ...hooks, path.join(work, 'load-theme.mts'), cacheDir], { cwd: root, encoding: 'utf8' });
  return child.status === 0 ? child.stdout : null;
}

const entries = (cacheDir: string) => fs.readdirSync(path.join(cacheDir, 'client'));
/** Equal strings, without printing a diff of two 100 kB bundles when they are not. */
const same = (actual: string | null, expected: string | null, message: string) =>
  assert.ok(actual !== null && actual === expected, `${message}: ${actual === null ? 'loadTheme faalde' : 'andere bytes'}`);

let fresh: string | null = null;
test.before(() => {
  fresh = loadThemeInChild(path.join(work, 'fresh'));
});

test('should need rollup when there is no cache (the hook works)', () => {
  assert.ok(fresh, 'a normal child bundles');
  assert.is(loadThemeInChild(path.join(work, 'empty'), true), null);
});

test('should store one entry and give byte-identical files from it without rollup', () => {
  const cacheDir = path.join(work, 'fresh');
  assert.equal(entries(cacheDir).length, 1);
  assert.match(entries(cacheDir)[0] as string, /^[0-9a-f]{32}\.json$/);
  same(loadThemeInChild(cacheDir, true), fresh, 'from the cache');
});

test('should bundle again, with the same result, when the cache entry is corrupt', () => {
  const cacheDir = path.join(work, 'corrupt');
  same(loadThemeInChild(cacheDir), fresh, 'first bundle');
  const file = path.join(cacheDir, 'client', entries(cacheDir)[0] as string);
  const text = fs.readFileSync(file, 'utf8');
  const damaged = [
    text.slice(0, text.length / 2), // cut off: not JSON
    text.replace(/"data":"/, '"data":"/* anders */'), // JSON, but not what was stored
    text.replace(/"inputs":\{[^}]*\}/, '"inputs":{}'), // JSON, without its inputs
    '{"entry":42}', // JSON, wrong shape
  ];
  for (const bad of damaged) {
    fs.writeFileSync(file, bad);
    same(loadThemeInChild(cacheDir), fresh, 'bundled again');
    same(fs.readFileSync(file, 'utf8'), text, 'the entry written again');
  }
});

test('should still bundle when the cache folder cannot be written', () => {
  const cacheDir = path.join(work, 'a-file');
  fs.writeFileSync(cacheDir, 'geen map');
  same(loadThemeInChild(cacheDir), fresh, 'bundled');
});

test('should take the bundle that compile made (npm install): a first build of a site runs no rollup', () => {
  // Compiles the CLI, with the client bundle beside it, unless npm install already did.
  const launcher = path.join(root, 'bin/ontwikkelaarsportaal.mjs');
  assert.is(spawnSync(process.execPath, [launcher, 'compile'], { cwd: root, encoding: 'utf8' }).status, 0);
  const site = path.join(work, 'first-build');
  fs.mkdirSync(site);
  const fixture = path.join(root, 'tests/fixtures/interactive-site');
  const build = spawnSync(process.execPath, ['--import', path.join(work, 'no-rollup.mjs'), launcher, 'build', '--content', path.join(fixture, 'content'), '--config', path.join(fixture, 'site.yml'), '--out', path.join(site, 'dist')], {
    cwd: site, encoding: 'utf8', timeout: 120_000,
  });
  assert.is(build.status, 0, build.stderr);
  assert.not.ok(fs.existsSync(path.join(site, '.cache/client')), 'nothing bundled into the site\'s own cache');
  const expected = JSON.parse(fresh ?? '{}') as { theme: { js: string }; files: Array<{ path: string; data: string }> };
  const shell = expected.files.find((f) => `/${f.path}` === expected.theme.js);
  assert.ok(shell, 'the bundle made by rollup has a shell');
  same(fs.readFileSync(path.join(site, 'dist', shell.path), 'utf8'), shell.data, 'the shell of the first build');
});

test.run();
