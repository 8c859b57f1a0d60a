/**
 * `/.well-known/security.txt` (RFC 9116): generated from `securityTxt` in
 * dist-config/site.yml; the build fails once `Expires` has passed. The build
 * has no clock: "today" comes in from the CLI and only affects the check.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { analyse, generate } from '../../pipeline/build.ts';
import { checkSecurityTxt, securityTxt, securityTxtPath } from '../../pipeline/stages/publish/security-txt.ts';
import { problemsOf } from '../../pipeline/result.ts';
import { configText, effects, root, tree } from '../helpers.ts';

const test = suite('security.txt');

const withExpires = (expires: string) => configText.replace(/^  expires: .*$/m, `  expires: ${JSON.stringify(expires)}`);
const expiresLine = configText.split('\n').findIndex((l) => /^  expires: /.test(l)) + 1;

const build = (config: string, today?: string) =>
  generate(analyse(tree({}, config), 'production', today ? { today } : {}), effects, { render: true });

test('should be configured in dist-config/site.yml', () => {
  assert.ok(expiresLine > 0, 'securityTxt.expires is set');
});

test('should write the RFC 9116 fields, with Canonical from the site URL', () => {
  const text = securityTxt({
    url: 'https://developer.overheid.nl/', siteName: 'Ontwikkelaarsportaal',
    securityTxt: {
      contact: ['mailto:security@developer.overheid.nl', 'https://www.ncsc.nl/contact/kwetsbaarheid-melden'],
      expires: '2027-10-31T23:00:00Z', preferredLanguages: ['nl', 'en'], policy: 'https://example.org/beleid',
    },
  });
  const fields = text.split('\n').filter((l) => l && !l.startsWith('#'));
  assert.equal(fields, [
    'Contact: mailto:security@developer.overheid.nl',
    'Contact: https://www.ncsc.nl/contact/kwetsbaarheid-melden',
    'Expires: 2027-10-31T23:00:00Z',
    'Preferred-Languages: nl, en',
    'Canonical: https://developer.overheid.nl/.well-known/security.txt',
    'Policy: https://example.org/beleid',
  ]);
  assert.ok(text.endsWith('\n'));
});

test('should be written by the build at /.well-known/security.txt, the same whatever today is', () => {
  const a = build(configText, '2026-01-01').files.find((f) => f.path === securityTxtPath);
  const b = build(configText, '2026-06-30').files.find((f) => f.path === securityTxtPath);
  const c = build(configText).files.find((f) => f.path === securityTxtPath);
  assert.ok(a, 'the build writes .well-known/security.txt');
  assert.is(a?.data, b?.data);
  assert.is(a?.data, c?.data);
  assert.match(String(a?.data), /^Contact: mailto:/m);
  assert.match(String(a?.data), /^Preferred-Languages: nl, en$/m);
  assert.match(String(a?.data), /^Canonical: https:\/\/developer\.overheid\.nl\/\.well-known\/security\.txt$/m);
  assert.match(String(a?.data), /^Policy: https:\/\//m);
});

test('should fail the build once Expires has passed, pointing at the line in site.yml', () => {
  for (const [expires, today] of [['2026-03-01T00:00:00Z', '2026-03-02'], ['2026-03-01T23:59:59Z', '2026-03-01'], ['2026-03-01T10:00:00+02:00', '2026-03-01']] as const) {
    const problems = build(withExpires(expires), today).problems.filter((p) => p.code === 'security-txt-expired');
    assert.is(problems.length, 1, `${expires} on ${today}`);
    assert.is(problems[0]?.severity, 'error');
    assert.is(problems[0]?.file, 'dist-config/site.yml');
    assert.is(problems[0]?.line, expiresLine);
  }
});

test('should warn within 30 days of Expires, and say nothing before that or without a date', () => {
  const soon = build(withExpires('2026-03-20T00:00:00Z'), '2026-03-01').problems.filter((p) => p.code.startsWith('security-txt'));
  assert.equal(soon.map((p) => [p.code, p.severity]), [['security-txt-expiring', 'warning']]);
  assert.match(soon[0]?.message ?? '', /19 dagen/);
  assert.equal(build(withExpires('2026-06-01T00:00:00Z'), '2026-03-01').problems.filter((p) => p.code.startsWith('security-txt')), []);
  assert.equal(build(withExpires('2000-01-01T00:00:00Z')).problems.filter((p) => p.code.startsWith('security-txt')), [], 'no today, no check');
  assert.equal(problemsOf(checkSecurityTxt({ contact: [], expires: '2026-03-02T00:00:00Z', preferredLanguages: [] }, '2026-03-01', 'x', { line: 1, column: 1 })).map((p) => p.code), ['security-txt-expiring'], 'a full day left: not expired yet');
});

test('should refuse an Expires without a time zone, and a contact that is no address', () => {
  const bad = build(withExpires('31-10-2027')).problems.filter((p) => p.code === 'config-invalid');
  assert.is(bad.length, 1);
  assert.is(bad[0]?.line, expiresLine);
  const contact = build(configText.replace('mailto:security@developer.overheid.nl', 'bel ons maar')).problems.filter((p) => p.code === 'config-invalid');
  assert.is(contact.length, 1);
});

test('should get today from the CLI: npm run check fails on an expired security.txt', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-securitytxt-'));
  try {
    const config = path.join(dir, 'site.yml');
    fs.writeFileSync(config, withExpires('2020-01-01T00:00:00Z'));
    // A small content tree, so the check is quick.
    for (const f of tree({}).files) {
      fs.mkdirSync(path.dirname(path.join(dir, 'content', f.path)), { recursive: true });
      fs.writeFileSync(path.join(dir, 'content', f.path), f.text);
    }
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'pipeline/cli/main.ts', 'check', '--config', config, '--content', path.join(dir, 'content'), '--format', 'json'], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    assert.is(run.status, 1, run.stderr);
    const problems = JSON.parse(run.stdout) as Array<{ code: string }> | { problems: Array<{ code: string }> };
    const list = Array.isArray(problems) ? problems : problems.problems;
    assert.ok(list.some((p) => p.code === 'security-txt-expired'), run.stdout.slice(0, 500));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
