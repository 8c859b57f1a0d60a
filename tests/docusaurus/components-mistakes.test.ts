/**
 * The site's own components in the mistakes fixture: one that does not
 * compile is an error at its line in the component file, one that throws
 * while rendering is an error at the place of its element in the page; the
 * build goes on and reports, it never crashes.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { builtMistakes } from './site.ts';

const test = suite('docusaurus: site component mistakes');

test('a component that does not compile is an error at its line in the component file', async () => {
  const built = await builtMistakes();
  const found = built.problems.filter((p) => p.code === 'site-component-invalid');
  assert.equal(found.map((p) => [p.severity, p.file, p.line]), [['error', 'src/components/Kapot.tsx', 3]]);
  assert.match(found[0]!.message, 'kan niet worden gecompileerd');
});

test('a component that throws while rendering is an error at its element, naming the component and its file', async () => {
  const built = await builtMistakes();
  const found = built.problems.filter((p) => p.file === 'docs/component-gooit.mdx');
  assert.equal(found.map((p) => [p.severity, p.code, p.line, p.column]), [['error', 'site-component-failed', 9, 1]]);
  assert.match(found[0]!.message, 'Het component <Lijst> (src/components/Lijst.tsx) faalde bij het renderen');
  assert.not.match(built.log, /^\s+at /m, 'no stack trace');
});

test.run();
