/**
 * Mistakes in a site's own components, through the whole build (read,
 * compile at the io edge, render): one that does not compile is an error at
 * its line in the component file, one that throws while rendering is an error
 * at the place of its element in the page. The build reports; it never
 * crashes. (Not in tests/fixtures/docusaurus-mistakes: a src/components
 * folder there would make migrate set `mdx.unknownComponents: warn` for the
 * whole fixture.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runBuild } from '../../pipeline/schedule/schedule.ts';
import { minimalAuthors, minimalTags, root, writeFiles, temporaryFolder } from '../helpers.ts';

const test = suite('docusaurus: site component mistakes');

const files: Record<string, string> = {
  'kennisbank/index.md': '---\ntitle: Kennisbank\n---\n\nWelkom.\n',
  'communities/index.md': '---\ntitle: Communities\n---\n\nSamen.\n',
  'tags.yml': minimalTags,
  'blog/authors.yml': minimalAuthors,
  'kennisbank/lijst.mdx': '---\ntitle: Een component dat een fout gooit\n---\n\nimport Lijst from \'@site/src/components/Lijst\';\n\nDe lijst zonder items:\n\n<Lijst />\n',
  'src/components/Lijst.tsx': 'export default function Lijst({ items }: { items: string[] }) {\n  return <ul>{items.map((item) => <li key={item}>{item}</li>)}</ul>;\n}\n',
  'src/components/Kapot.tsx': '/** Does not compile. */\nexport default function Kapot({ titel }: { titel: string }) {\n  return <p>{titel}</div>;\n}\n',
};

const built = (async () => {
  const dir = temporaryFolder('ontwikkelaarsportaal-component-mistakes-');
  writeFiles(path.join(dir, 'content'), files);
  // The portal's configuration, naming the components folder: site code runs only when named.
  fs.mkdirSync(path.join(dir, 'dist-config'));
  fs.writeFileSync(path.join(dir, 'dist-config/site.yml'), `${fs.readFileSync(path.join(root, 'dist-config/site.yml'), 'utf8')}\nmdx:\n  components: src/components\n`);
  return runBuild({ content: path.join(dir, 'content'), config: path.join(dir, 'dist-config/site.yml'), mode: 'production', render: true, cacheDir: path.join(dir, '.cache') });
})();

const relative = (file: string) => file.replace(/^.*\/content\//, 'content/');

test('a component that does not compile is an error at its line in the component file', async () => {
  const found = (await built).problems.filter((p) => p.code === 'site-component-invalid');
  assert.equal(found.map((p) => [p.severity, relative(p.file), p.line]), [['error', 'content/src/components/Kapot.tsx', 3]]);
  assert.match(found[0]!.message, 'kan niet worden gecompileerd');
});

test('a component that throws while rendering is an error at its element, naming the component and its file', async () => {
  const found = (await built).problems.filter((p) => p.code === 'site-component-failed');
  assert.equal(found.map((p) => [p.severity, relative(p.file), p.line, p.column]), [['error', 'content/kennisbank/lijst.mdx', 9, 1]]);
  assert.match(found[0]!.message, /Het component <Lijst> \(.*content\/src\/components\/Lijst\.tsx\) faalde bij het renderen/);
});

test.run();
