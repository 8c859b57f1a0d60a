/**
 * Mistakes in React pages of tests/fixtures/docusaurus-mistakes
 * (src/pages/extra/): an import that does not resolve, a Docusaurus API the
 * generator does not offer, a package the site did not install, a page that
 * throws while it renders, and a Link to a page that does not exist. Each is
 * one error at its place; the build never crashes, and the other pages build.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { builtMistakes } from './site.ts';

const test = suite('docusaurus: React page mistakes');

const at = async (file: string) => (await builtMistakes()).problems.filter((p) => p.file === `src/pages/extra/${file}`).map((p) => ({ ...p, where: `${p.line}:${p.column} ${p.severity} ${p.code}` }));

test('an import that does not resolve is an error at the import, naming it and the extensions tried', async () => {
  const [problem, ...rest] = await at('ontbreekt.tsx');
  assert.equal(rest, []);
  assert.is(problem?.where, '3:21 error site-component-invalid');
  assert.match(problem!.message, '@site/src/data/stappen bestaat niet in de site (ook niet met .tsx, .ts, .jsx, .js, .mjs, .json of als map met index)');
});

test('a Docusaurus API we do not offer is one error at its import, naming the module', async () => {
  const [problem, ...rest] = await at('onbekend.tsx');
  assert.equal(rest, []);
  assert.is(problem?.where, '3:29 error site-api-unsupported');
  assert.match(problem!.message, 'importeert @docusaurus/useRouteContext: die module van Docusaurus biedt de generator niet aan');
});

test('a package the site did not install is one error naming it, and the install to run', async () => {
  const [problem, ...rest] = await at('pakket.tsx');
  assert.equal(rest, []);
  assert.is(problem?.where, '3:25 error site-package-missing');
  assert.match(problem!.message, 'het pakket @gemeente/grafieken');
  assert.match(problem!.message, 'npm install (of pnpm install)');
});

test('a page that throws while it renders is an error at the page, with the reason', async () => {
  const [problem, ...rest] = await at('gooit.tsx');
  assert.equal(rest, []);
  assert.is(problem?.where, '1:1 error site-component-failed');
  assert.match(problem!.message, /De React-pagina src\/pages\/extra\/gooit\.tsx faalde bij het renderen: Cannot read properties of undefined/);
});

test('a Link to a page that does not exist is checked like a Markdown link', async () => {
  const problems = await at('kapotte-link.tsx');
  assert.equal(problems.map((p) => p.code), ['broken-link']);
  assert.match(problems[0]!.message, '/docs/bestaat-niet');
  // At the place where the page's source writes the link.
  assert.is(problems[0]!.where, '7:56 error broken-link');
});

test.run();
