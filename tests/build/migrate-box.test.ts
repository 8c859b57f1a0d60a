/**
 * `migrate` runs a Docusaurus configuration in a box: a child process with an
 * allow-list environment (tests/build/secrets.test.ts), a time limit and a
 * heap limit, whose process group (and, where the system allows, PID
 * namespace) is ended when migrate is done. What the configuration returns is
 * held to the configuration limits, and it can make migrate write nowhere but
 * SITE/dist-config/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { evaluateSiteCode } from '../../pipeline/cli/migrate/evaluate-config.ts';
import { namespaceLauncher } from '../../pipeline/io/sandbox.ts';
import { migrate, migrateArguments, pathInside } from '../../pipeline/cli/migrate.ts';
import { skip } from '../skip.ts';

const test = suite('build: migrate runs the configuration in a box');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'op-migrate-box-'));
test.after(() => fs.rmSync(work, { recursive: true, force: true }));

/** A site folder of the test's own with these files. */
function site(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(work, 'site-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** migrate as the CLI runs it, its lines collected. */
async function migrated(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await migrate(argv, (l) => out.push(l), (l) => err.push(l));
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A configuration that starts a grandchild writing a heartbeat file every 50 ms, `detached` or in the child's group. */
const heartbeat = (detached: boolean) => `const { spawn } = require('node:child_process');
spawn('/bin/sh', ['-c', 'while true; do date +%s%N > hartslag.txt; sleep 0.05; done'], { detached: ${detached}, stdio: 'ignore' }).unref();
// Wait for the first beat, so the grandchild surely runs before the configuration is done.
const until = Date.now() + 5000;
while (!require('node:fs').existsSync('hartslag.txt') && Date.now() < until) {}
module.exports = { title: 'Hartslag', url: 'https://hartslag.example.nl', baseUrl: '/' };
`;

/** True when the heartbeat file still changes. */
async function beating(dir: string): Promise<boolean> {
  const file = path.join(dir, 'hartslag.txt');
  await sleep(300);
  const before = fs.readFileSync(file, 'utf8');
  await sleep(500);
  return fs.readFileSync(file, 'utf8') !== before;
}

test('a detached grandchild (setsid, out of the process group) does not outlive migrate', async () => {
  if (!namespaceLauncher()) return skip('this system allows no user and PID namespaces (unshare): only the process group is ended, see docs/security.md');
  const dir = site({ 'docusaurus.config.js': heartbeat(true) });
  const result = await evaluateSiteCode(dir);
  assert.ok(result.ok, !result.ok ? result.message : '');
  assert.ok(fs.existsSync(path.join(dir, 'hartslag.txt')), 'the grandchild ran');
  assert.not.ok(await beating(dir), 'the grandchild still runs');
});

test('without the namespace, a grandchild in the child\'s process group does not outlive migrate either', async () => {
  const dir = site({ 'docusaurus.config.js': heartbeat(false) });
  const result = await evaluateSiteCode(dir, { plain: true });
  assert.ok(result.ok, !result.ok ? result.message : '');
  assert.not.ok(await beating(dir), 'the grandchild still runs');
});

test('SIGTERM to migrate during a configuration that never ends ends the configuration too, within 2 s', async () => {
  const dir = site({ 'docusaurus.config.js': `const fs = require('node:fs');
for (;;) { fs.writeFileSync('hartslag.txt', String(process.hrtime.bigint())); const t = Date.now(); while (Date.now() - t < 50) {} }
` });
  const cli = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../../pipeline/cli/migrate.ts'), dir], { stdio: 'ignore' });
  const until = Date.now() + 20_000;
  while (!fs.existsSync(path.join(dir, 'hartslag.txt')) && Date.now() < until) await sleep(50);
  assert.ok(fs.existsSync(path.join(dir, 'hartslag.txt')), 'the configuration ran');
  const exited = new Promise<NodeJS.Signals | null>((r) => cli.on('exit', (_code, signal) => r(signal)));
  const sent = Date.now();
  cli.kill('SIGTERM');
  assert.is(await exited, 'SIGTERM');
  assert.ok(Date.now() - sent < 2_000, `migrate took ${Date.now() - sent} ms to end`);
  assert.not.ok(await beating(dir), 'the configuration still runs');
});

test('a configuration that never ends is stopped at the time limit, with a message', async () => {
  const dir = site({ 'docusaurus.config.js': 'for (;;) {}\n' });
  const started = Date.now();
  const result = await evaluateSiteCode(dir, { timeoutMs: 4_000 });
  assert.ok(Date.now() - started < 8_000, `took ${Date.now() - started} ms`);
  assert.not.ok(result.ok);
  assert.match(!result.ok ? result.message : '', /duurde langer dan 4 seconden.*--timeout/);
});

test('a configuration that eats memory ends at the heap limit, with a message', async () => {
  const dir = site({ 'docusaurus.config.js': 'const keep = []; for (;;) keep.push(new Array(1e5).fill({ a: Math.random() }));\n' });
  const result = await evaluateSiteCode(dir, { heapMb: 64, timeoutMs: 20_000 });
  assert.not.ok(result.ok);
  assert.match(!result.ok ? result.message : '', /gebruikte meer dan 64 MB geheugen/);
});

test('a 100 MB tagline is refused, and nothing is written', async () => {
  const dir = site({ 'docusaurus.config.js': "module.exports = { title: 'Groot', url: 'https://groot.example.nl', baseUrl: '/', tagline: 'x'.repeat(100 * 1024 * 1024) };\n" });
  const result = await migrated([dir]);
  assert.is(result.code, 1);
  assert.match(result.err, /meer dan 5 MB/);
  assert.not.ok(fs.existsSync(path.join(dir, 'dist-config')));
});

test('a string longer than 10.000 characters is refused, naming where it is', async () => {
  const dir = site({
    'docusaurus.config.js': "module.exports = { title: 'Lang', url: 'https://lang.example.nl', baseUrl: '/', themeConfig: { navbar: { items: [{ type: 'html', value: 'y'.repeat(10001) }] } } };\n",
  });
  const result = await migrated([dir]);
  assert.is(result.code, 1);
  assert.match(result.err, /langer dan 10\.000 tekens: docusaurus\.config\.js: themeConfig\.navbar\.items\[0\]\.value/);
  assert.not.ok(fs.existsSync(path.join(dir, 'dist-config')));
  const fits = site({ 'docusaurus.config.js': "module.exports = { title: 'Past', url: 'https://past.example.nl', baseUrl: '/', tagline: 'z'.repeat(10000) };\n" });
  assert.is((await migrated([fits])).code, 0);
});

test('a configuration file over 5 MB is refused before it runs', async () => {
  const dir = site({ 'docusaurus.config.js': `module.exports = { title: 'Groot' };\n//${'x'.repeat(5 * 1024 * 1024)}\n` });
  const result = await migrated([dir]);
  assert.is(result.code, 1);
  assert.match(result.err, /docusaurus\.config\.js is groter dan 5 MB/);
});

test('a path-like docs plugin id is refused with a Dutch message, and nothing is written anywhere', async () => {
  const outer = fs.mkdtempSync(path.join(work, 'outer-'));
  const dir = path.join(outer, 'a', 'b', 'c', 'site');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'sidebars.js'), "module.exports = { s: ['intro'] };\n");
  fs.writeFileSync(path.join(dir, 'docusaurus.config.js'), `module.exports = { title: 'Pad', url: 'https://pad.example.nl', baseUrl: '/',
  plugins: [['@docusaurus/plugin-content-docs', { id: '../../../../x', path: 'docs', sidebarPath: './sidebars.js' }]] };\n`);
  const result = await migrated([dir]);
  assert.is(result.code, 1);
  assert.match(result.err, /De docs-plugin-id "\.\.\/\.\.\/\.\.\/\.\.\/x" is geen gewone naam/);
  assert.not.ok(fs.existsSync(path.join(dir, 'dist-config')));
  assert.not.ok(fs.existsSync(path.join(outer, 'x.yml')) || fs.existsSync(path.join(outer, 'a', 'x.yml')));
});

test('every written name stays in dist-config/ itself', () => {
  assert.is(pathInside('/s/dist-config', 'sidebars-default.yml'), '/s/dist-config/sidebars-default.yml');
  for (const name of ['../x.yml', 'sidebars-../../x.yml', 'a/b.yml', '/etc/x', '..', '.']) assert.is(pathInside('/s/dist-config', name), null, name);
});

test('the command line: the folder, --env names (repeated or with commas), --timeout in seconds', () => {
  assert.equal(migrateArguments(['site', '--env', 'URL', '--env=BASE_URL,ALGOLIA_APP', '--timeout', '5']), { site: 'site', env: ['URL', 'BASE_URL', 'ALGOLIA_APP'], timeoutMs: 5000 });
  assert.equal(migrateArguments(['--env', 'URL', 'site']), { site: 'site', env: ['URL'], timeoutMs: 30_000 });
  for (const wrong of [['site', '--env'], ['site', '--env', 'A=B'], ['site', '--timeout', 'nul'], ['site', '--tijd'], ['a', 'b'], []]) {
    assert.ok('problem' in migrateArguments(wrong), wrong.join(' '));
  }
});

test('a variable named with --env reaches the configuration', async () => {
  const dir = site({ 'docusaurus.config.js': "module.exports = { title: 'Env', url: process.env.URL, baseUrl: '/', tagline: String(process.env.NIET_GENOEMD) };\n" });
  const result = await evaluateSiteCode(dir, { env: ['URL'], from: { URL: 'https://env.example.nl', NIET_GENOEMD: 'nee' } });
  assert.ok(result.ok);
  assert.is(result.ok && result.config.url, 'https://env.example.nl');
  assert.is(result.ok && result.config.tagline, 'undefined');
});

test.run();
