/**
 * The build holds site.yml and the sidebars files to the configuration
 * limits: files over 5 MB are not read, strings over 10.000 characters are an
 * error at their place (a 100 MB tagline would otherwise be copied onto every
 * page); a docs area's id is a plain name and its sidebars file lies in the
 * configuration's folder, so the build reads nothing outside the site through
 * the configuration.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { analyse } from '../../pipeline/build.ts';
import { readSources } from '../../pipeline/io/read.ts';
import { overlongStrings } from '../../pipeline/stages/validate/config-limits.ts';
import type { SourceFile } from '../../pipeline/types.ts';
import { configText, tree } from '../helpers.ts';

const test = suite('configuration limits');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'config-limits-'));
test.after(() => fs.rmSync(work, { recursive: true, force: true }));

const withArea = (area: string) => `${configText}
content:
  docs:
    - ${area}
`;
const problemsOf = (config: string, configData: SourceFile[] = []) =>
  analyse({ ...tree({ 'docs/intro.md': '---\ntitle: Intro\n---\n\nTekst.\n' }, config), configData }, 'production').problems;

test('a tagline of 10.001 characters is an error at its line; one of 10.000 is not', () => {
  const long = configText.replace(/^tagline: .*$/m, `tagline: ${'x'.repeat(10_001)}`);
  assert.is.not(long, configText, 'the configuration has a tagline');
  const line = long.split('\n').findIndex((l) => l.startsWith('tagline:')) + 1;
  const found = problemsOf(long).filter((p) => p.code === 'config-invalid');
  assert.equal(found.map((p) => [p.file, p.line, p.severity]), [['dist-config/site.yml', line, 'error']]);
  assert.match(found[0]!.message, /^tagline is langer dan 10\.000 tekens/);
  const fits = configText.replace(/^tagline: .*$/m, `tagline: ${'x'.repeat(10_000)}`);
  assert.equal(problemsOf(fits).filter((p) => p.code === 'config-invalid'), []);
});

test('a long string in a sidebars file is an error in that file', () => {
  const config = withArea('{ id: default, path: docs, routeBasePath: docs, sidebarPath: sidebars.yml }');
  const sidebars: SourceFile = { path: 'sidebars.yml', display: 'dist-config/sidebars.yml', text: `docs:\n  - intro\n  - { type: link, label: ${'l'.repeat(10_001)}, href: /x }\n` };
  const found = problemsOf(config, [sidebars]).filter((p) => p.file === 'dist-config/sidebars.yml');
  assert.equal(found.map((p) => [p.code, p.line]), [['config-sidebar', 3]]);
});

test('a path-like docs area id and a sidebarPath outside the configuration\'s folder are configuration errors', () => {
  for (const area of [
    "{ id: '../../../../x', path: docs, routeBasePath: docs }",
    '{ id: default, path: docs, routeBasePath: docs, sidebarPath: ../../../../x.yml }',
    '{ id: default, path: docs, routeBasePath: docs, sidebarPath: /etc/passwd }',
  ]) {
    const found = problemsOf(withArea(area)).filter((p) => p.code === 'config-invalid');
    assert.is(found.length, 1, `${area}: ${found.map((p) => p.message).join('\n')}`);
  }
});

test('the read edge reads no sidebars file outside the configuration\'s folder, and no configuration over 5 MB', async () => {
  const site = path.join(work, 'site');
  fs.mkdirSync(path.join(site, 'dist-config'), { recursive: true });
  fs.mkdirSync(path.join(site, 'docs'));
  fs.writeFileSync(path.join(work, 'geheim.yml'), 'docs:\n  - intro\n');
  fs.writeFileSync(path.join(site, 'dist-config/site.yml'), withArea('{ id: default, path: docs, routeBasePath: docs, sidebarPath: ../../geheim.yml }'));
  const outside = await readSources(site, path.join(site, 'dist-config/site.yml'));
  assert.equal(outside.configData, []);

  fs.writeFileSync(path.join(site, 'dist-config/site.yml'), `${configText}\n#${'x'.repeat(5 * 1024 * 1024)}\n`);
  const large = await readSources(site, path.join(site, 'dist-config/site.yml'));
  assert.is(large.config, null);
  const refused = large.problems.filter((p) => p.code === 'config-invalid');
  assert.is(refused.length, 1);
  assert.match(refused[0]!.message, /groter dan 5 MB/);
});

test('overlongStrings finds values and keys past the limit, by their path', () => {
  assert.equal(overlongStrings({ a: 'kort', b: ['x'.repeat(11), { ['k'.repeat(11)]: 1 }] }, 10), [['b', 0], ['b', 1, 'k'.repeat(11)]]);
});

test.run();
