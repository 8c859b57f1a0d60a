/**
 * One genuine MDX mistake per rule in the mistakes fixture (docs/mdx-*):
 * each is reported with its code, a Dutch message that says what is not
 * supported, and its line, and nothing of the content is run.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { builtMistakes } from './site.ts';

const test = suite('docusaurus: MDX mistakes');

const problemsIn = async (file: string) => (await builtMistakes()).problems.filter((p) => p.file === `docs/${file}`);

test('an expression in the text is an error at its place, naming what it is', async () => {
  const [problem, ...rest] = await problemsIn('mdx-expressie.mdx');
  assert.equal(rest, []);
  assert.equal(problem && [problem.severity, problem.code, problem.line, problem.column], ['error', 'mdx-expression', 5, 30]);
  assert.match(problem!.message, 'functieaanroep');
  assert.match(problem!.message, 'geen code uit de content');
});

test('a component no import resolves is an error naming it and its import', async () => {
  const [problem, ...rest] = await problemsIn('mdx-onbekende-import.mdx');
  assert.equal(rest, []);
  assert.equal(problem && [problem.severity, problem.code, problem.line, problem.column], ['error', 'mdx-unknown-component', 9, 1]);
  assert.match(problem!.message, '<Grafiek>');
  assert.match(problem!.message, '@site/src/components/Grafiek');
});

test('an export that is code is an error that says exports are not supported', async () => {
  const problems = await problemsIn('mdx-export.mdx');
  assert.equal(problems.map((p) => [p.code, p.line, p.column]), [['mdx-export', 5, 1]]);
  assert.match(problems[0]!.message, 'wordt niet ondersteund');
  assert.match(problems[0]!.message, 'functieaanroep');
});

test('an MDX syntax error in a .md file is reported at its place, in Dutch', async () => {
  const [problem, ...rest] = await problemsIn('mdx-syntaxfout.md');
  assert.equal(rest, []);
  assert.equal(problem && [problem.severity, problem.code, problem.line, problem.column], ['error', 'mdx-syntax', 7, 18]);
  assert.match(problem!.message, 'begin van een JSX-element');
  assert.match(problem!.message, '&lt;');
});

test.run();
