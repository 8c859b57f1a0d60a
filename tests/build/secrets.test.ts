/**
 * Keys and secrets: the Typesense admin key lives only in the
 * environment of `npm run search:index`. A production build made with that
 * variable set and the Typesense backend on must not contain it in any file
 * (the search-only key is meant to ship); the indexer must never print it,
 * not even when Typesense echoes it back in an error. A Docusaurus
 * configuration that migrate runs sees none of the caller's secrets, not even
 * through /proc.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { spawn } from 'node:child_process';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MockTypesense, typesenseConfig, writeFixtureContent } from '../typesense-mock.ts';
import { root } from '../helpers.ts';
import { configEnvironment, evaluateSiteCode } from '../../pipeline/cli/migrate/evaluate-config.ts';
import { namespaceLauncher } from '../../pipeline/io/sandbox.ts';
import { skip } from '../skip.ts';
import { parse as parseYaml } from 'yaml';

const test = suite('build: secrets');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-secrets-'));
test.after(() => fs.rmSync(work, { recursive: true, force: true }));

// Recognisable, and random per run so no fixture can contain it by accident.
const adminKey = `ADMIN-${crypto.randomBytes(12).toString('hex')}`;
const searchKey = 'zoek-publiek-secrets-test';

/** The ways a key could be written down: plain, URL-encoded, base64, JSON-escaped. */
const disguises = (key: string) => [key, encodeURIComponent(key), Buffer.from(key).toString('base64'), Buffer.from(key).toString('base64url'), JSON.stringify(key).slice(1, -1)];

function run(args: ReadonlyArray<string>, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root, env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => { output += d.toString('utf8'); });
    child.stderr.on('data', (d: Buffer) => { output += d.toString('utf8'); });
    child.on('close', (code) => resolve({ code, output }));
  });
}

const walk = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true })
  .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));

test('a production build with TYPESENSE_ADMIN_KEY set contains the search-only key and never the admin key', async () => {
  const config = path.join(work, 'site.yml');
  fs.writeFileSync(config, typesenseConfig(443, searchKey).replace('host: 127.0.0.1', 'host: zoek.developer.overheid.nl').replace('protocol: http\n', 'protocol: https\n'));
  const out = path.join(work, 'dist');
  const build = await run(['pipeline/cli/main.ts', 'build', '--config', config, '--out', out], { TYPESENSE_ADMIN_KEY: adminKey });
  assert.is(build.code, 0, build.output);
  const files = walk(out);
  assert.ok(files.length > 100, `${files.length} files`);
  for (const file of files) {
    const bytes = fs.readFileSync(file);
    for (const form of disguises(adminKey)) assert.is(bytes.indexOf(form), -1, `${path.relative(out, file)} contains the admin key (${form})`);
    assert.is(bytes.indexOf('TYPESENSE_ADMIN_KEY'), -1, `${path.relative(out, file)} names TYPESENSE_ADMIN_KEY`);
  }
  for (const form of disguises(adminKey)) assert.not.ok(build.output.includes(form), 'the build log has no admin key');
  // The scan looks at what ships: the search page does carry the public search settings.
  const searchPage = fs.readFileSync(path.join(out, 'zoeken', 'index.html'), 'utf8');
  assert.match(searchPage, /data-search-config="[^"]*typesense/);
  assert.ok(searchPage.includes(searchKey), 'the search-only key ships, as intended');
});

test('only the indexer reads TYPESENSE_ADMIN_KEY, and no other source hands the whole environment on', () => {
  const sources = ['pipeline', 'renderer', 'theme'].flatMap((d) => walk(path.join(root, d))).filter((f) => /\.tsx?$/.test(f));
  const indexer = new Set([path.join(root, 'pipeline/cli/typesense-push.ts'), path.join(root, 'pipeline/io/typesense.ts')]);
  // Site code (a Docusaurus configuration in migrate, components in the build's box) runs in a child
  // whose environment is an allow-list (pipeline/io/sandbox.ts, tested below); its users name
  // process.env only as where the allowed values come from.
  const allowList = new Set(['pipeline/io/sandbox.ts', 'pipeline/cli/migrate/evaluate-config.ts', 'pipeline/io/component-box.ts', 'pipeline/io/site-plugins.ts'].map((f) => path.join(root, f)));
  for (const file of sources) {
    const text = fs.readFileSync(file, 'utf8');
    const rel = path.relative(root, file);
    if (indexer.has(file)) continue;
    assert.not.ok(text.includes('TYPESENSE_ADMIN_KEY'), `${rel} mentions TYPESENSE_ADMIN_KEY`);
    if (allowList.has(file)) continue;
    assert.not.match(text, /process\.env(?![.\w[])/, `${rel} uses process.env as a whole`);
  }
});

/** Secrets whose names do not look like secrets, and HOME: a configuration may read none of them. */
const secretNames = ['DATABASE_URL', 'MYSQL_PWD', 'DB_PASS', 'SENTRY_DSN', 'SLACK_WEBHOOK_URL', 'CI_JOB_JWT', 'GH_PAT', 'HOME', 'TYPESENSE_ADMIN_KEY', 'GITHUB_TOKEN'];
const secretValue = (name: string) => `geheim-${name.toLowerCase()}-${adminKey.slice(6, 14)}`;
const secrets = Object.fromEntries(secretNames.map((name) => [name, secretValue(name)]));

test('a Docusaurus configuration run by migrate gets an allow-list environment: production, TZ, LANG, a fixed PATH and what the user names', () => {
  const env = configEnvironment({ PATH: '/home/ada/.local/bin:/usr/bin', URL: 'https://voorbeeld.nl', TZ: 'Europe/Amsterdam', LANG: 'nl_NL.UTF-8', ...secrets }, ['URL']);
  assert.equal(env, { NODE_ENV: 'production', PATH: '/usr/local/bin:/usr/bin:/bin', TZ: 'Europe/Amsterdam', LANG: 'nl_NL.UTF-8', URL: 'https://voorbeeld.nl' });
  assert.equal(configEnvironment({ URL: 'https://voorbeeld.nl', ...secrets }), { NODE_ENV: 'production', PATH: '/usr/local/bin:/usr/bin:/bin' }, 'nothing that is not named');
});

/**
 * A configuration that looks for secrets everywhere it can: its own environment, the secret names one by one,
 * the environment of its parent and of every process it can see in /proc. What it finds becomes the tagline.
 */
const hostileConfig = `const fs = require('node:fs');
const names = ${JSON.stringify(secretNames)};
const seen = { env: process.env, byName: names.map((n) => process.env[n]).filter(Boolean), ppid: process.ppid, proc: [] };
const pids = new Set([String(process.ppid), ...fs.readdirSync('/proc').filter((p) => /^\\d+$/.test(p))]);
for (const pid of pids) {
  for (const file of ['environ', 'cmdline']) {
    try { seen.proc.push(pid + ':' + fs.readFileSync('/proc/' + pid + '/' + file, 'latin1')); } catch {}
  }
}
module.exports = { title: 'Vijandig', url: 'https://vijandig.example.nl', baseUrl: '/', tagline: JSON.stringify(seen).slice(0, 9000) };
`;

test('a hostile configuration reading /proc/<ppid>/environ, every /proc/*/environ and a list of secret names gets none of them', async () => {
  if (!namespaceLauncher()) return skip('this system allows no user and PID namespaces (unshare); docs/security.md says what a configuration can read then');
  const site = fs.mkdtempSync(path.join(work, 'vijandig-'));
  fs.writeFileSync(path.join(site, 'docusaurus.config.js'), hostileConfig);
  // The whole command, started as a user would, with the secrets in its environment (and so in the /proc of migrate and its parents).
  const migrated = await run(['pipeline/cli/migrate.ts', site], secrets);
  assert.is(migrated.code, 0, migrated.output);
  const written = fs.readFileSync(path.join(site, 'dist-config/site.yml'), 'utf8');
  assert.match(written, /byName/, 'the configuration ran and its findings are in site.yml');
  for (const name of secretNames) {
    assert.not.ok(written.includes(secretValue(name)), `site.yml holds the value of ${name}`);
    assert.not.ok(migrated.output.includes(secretValue(name)), `the output holds the value of ${name}`);
  }
  // It saw no parent (it is the first process of its namespace) and no variable by name.
  const tagline = (parseYaml(written) as { tagline: string }).tagline;
  assert.match(tagline, /"byName":\[\],"ppid":0,/);
});

test('also in the evaluation result itself: the configuration saw only the allowed variables', async () => {
  if (!namespaceLauncher()) return skip('this system allows no user and PID namespaces (unshare)');
  const site = fs.mkdtempSync(path.join(work, 'omgeving-'));
  fs.writeFileSync(path.join(site, 'docusaurus.config.js'), `module.exports = { title: 'T', customFields: { env: process.env, pid: process.pid } };\n`);
  const result = await evaluateSiteCode(site, { from: { ...secrets, URL: 'https://t.example.nl', LANG: 'nl_NL.UTF-8' }, env: ['URL'] });
  assert.ok(result.ok, !result.ok ? result.message : '');
  const fields = (result.ok ? result.config.customFields : null) as { env: Record<string, string>; pid: number };
  assert.equal(Object.keys(fields.env).sort(), ['LANG', 'NODE_ENV', 'PATH', 'TMPDIR', 'URL']);
  assert.is(fields.pid, 1);
});

test('the indexer never prints the admin key: wrong key, an error that echoes it, a rejected document, no server', async () => {
  const content = writeFixtureContent(work);
  const mock = await MockTypesense.start({ admin: adminKey, search: searchKey });
  const config = path.join(work, 'indexer.yml');
  fs.writeFileSync(config, typesenseConfig(mock.port, searchKey));
  const indexer = (env: Record<string, string>) => run(['pipeline/cli/typesense-push.ts', '--content', content, '--config', config], { TYPESENSE_ADMIN_KEY: adminKey, ...env });
  const clean = (output: string, what: string) => {
    for (const form of disguises(adminKey)) assert.not.ok(output.includes(form), `${what}: the output contains the admin key:\n${output}`);
  };
  try {
    // 1. Typesense does not accept the key: 401.
    mock.faults = [{ respond: { status: 401, body: { message: 'Forbidden - a valid `x-typesense-api-key` header must be sent.' } } }];
    const refused = await indexer({});
    assert.is(refused.code, 1, refused.output);
    assert.match(refused.output, /weigert de beheersleutel/);
    clean(refused.output, '401');

    // 2. A server error whose message repeats the key it was sent.
    mock.faults = [{ method: 'GET', path: /^\/aliases\//, respond: { status: 500, body: { message: `Interne fout bij sleutel ${adminKey}` } } }];
    const echoed = await indexer({});
    assert.is(echoed.code, 1, echoed.output);
    assert.match(echoed.output, /Interne fout bij sleutel \[verborgen\]/);
    clean(echoed.output, '500 with the key in it');

    // 3. A rejected document whose error text carries the key.
    mock.faults = [];
    mock.rejectDocument = () => `Afgewezen met sleutel ${adminKey}`;
    const rejected = await indexer({});
    assert.is(rejected.code, 1, rejected.output);
    assert.match(rejected.output, /Afgewezen met sleutel \[verborgen\]/);
    clean(rejected.output, 'import failure');
    mock.rejectDocument = null;

    // 4. Nothing listens.
    const probe = http.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const offline = await indexer({ TYPESENSE_PORT: String(port) });
    assert.is(offline.code, 1, offline.output);
    assert.match(offline.output, /niet bereikbaar/);
    clean(offline.output, 'network');

    // And the key only ever travelled in the header.
    assert.ok(mock.requests.length > 0);
    for (const r of mock.requests) {
      assert.is(r.key, adminKey);
      for (const form of disguises(adminKey)) assert.not.ok(`${r.path}?${new URLSearchParams(r.query).toString()}`.includes(form), 'not in the address');
    }
  } finally {
    await mock.close();
  }
});

test.run();
