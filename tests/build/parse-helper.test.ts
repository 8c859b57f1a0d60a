/**
 * The parse helper: a worker thread that parses bodies beside the main
 * thread. Its trees must be the trees the main thread makes (the tree store
 * keeps either under the same key), and parsing ahead with it must fill the
 * store with exactly those trees.
 */
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Root } from 'mdast';
import { ParseHelper, worthHelping, helperThreshold, type ParseJob } from '../../pipeline/io/parse-helper.ts';
import { parseAhead } from '../../pipeline/schedule/parse-ahead.ts';
import { parseMarkdownBody, treeKey } from '../../pipeline/stages/parse.ts';
import { splitFrontmatter } from '../../pipeline/stages/parse/frontmatter.ts';
import { Store } from '../../pipeline/memo.ts';
import type { SourceFile } from '../../pipeline/types.ts';
import { root } from '../helpers.ts';

const test = suite('build: parse helper');

const mdx = [
  'import Tabs from \'@theme/Tabs\';\n\n# Titel {#eigen-id}\n\n<Tabs>\n  <TabItem value="a" label={`A ${1 + 1}`}>\n\nTekst met **nadruk** en {/* een opmerking */}.\n\n  </TabItem>\n</Tabs>\n\nexport const x = 1n;\n',
  '<details>\n<summary>Meer</summary>\n\n- een\n- twee\n\n</details>\n\n{/* truncate */}\n\n:::tip[Let op]\nInhoud\n:::\n',
];
const content: SourceFile[] = (fs.readdirSync(path.join(root, 'content'), { recursive: true }) as string[])
  .filter((f) => f.endsWith('.md')).sort()
  .map((f) => ({ path: f, display: `content/${f}`, text: fs.readFileSync(path.join(root, 'content', f), 'utf8') }));

test('should make in its thread the trees the main thread makes, in both formats', async () => {
  const jobs: ParseJob[] = [
    ...mdx.map((body) => ({ body, format: 'mdx' as const })),
    ...content.map((file) => ({ body: splitFrontmatter(file.text).body, format: 'md' as const })),
    { body: '<Niet gesloten\n', format: 'mdx' },
  ];
  const helper = new ParseHelper(jobs);
  assert.not.ok(helper.join(1), 'no thread on one core');
  assert.ok(helper.join(2), 'a thread for the whole content on two');
  assert.not.ok(helper.join(2), 'one thread at most');
  // The main thread takes none: every tree comes from the worker.
  const trees = await helper.done();
  assert.is(trees.size, jobs.length - 1, 'every body but the one the parser refuses');
  assert.not.ok(trees.has(jobs.length - 1));
  // A structured clone: acorn's nodes arrive as plain objects, as they do from trees.json.
  jobs.slice(0, -1).forEach((job, i) => assert.equal(trees.get(i), structuredClone(parseMarkdownBody(job.body, job.format)), `job ${i}`));
});

test('should not start a thread for what little is left when it could join', () => {
  const jobs: ParseJob[] = content.map((file) => ({ body: file.text, format: 'md' }));
  const helper = new ParseHelper(jobs);
  let left = content.reduce((sum, f) => sum + f.text.length, 0);
  // The main thread takes jobs until less than the threshold is left.
  while (left >= helperThreshold) left -= jobs[helper.take()!]!.body.length;
  assert.not.ok(helper.join(2));
  helper.stop();
});

test('should fill the tree store with the trees the parse stage would make when it parses ahead with the helper', async () => {
  const size = content.reduce((sum, f) => sum + f.text.length, 0);
  assert.ok(size >= helperThreshold, 'the real content is worth a helper');
  assert.ok(worthHelping(content.map((f) => ({ body: f.text, format: 'md' })), 2));
  assert.not.ok(worthHelping(content.map((f) => ({ body: f.text, format: 'md' })), 1), 'not on one core');
  const trees = new Store<Root>();
  await parseAhead(content, trees, 'detect', () => {});
  for (const file of content) {
    const { body } = splitFrontmatter(file.text);
    const key = treeKey(body, 'md');
    assert.ok(trees.has(key), file.path);
    assert.equal(structuredClone(trees.get(key, () => assert.unreachable('in the store') as never)), structuredClone(parseMarkdownBody(body, 'md')), file.path);
  }
});

test.run();
