/**
 * A large build makes most of its markdown in a helper thread beside the main
 * thread (pipeline/io/markdown-helper.ts): pages with highlighted code, with
 * diagrams, MDX and partials included, with their trees and blocks sent as
 * JSON. The site and its markdown store come out exactly as when the main
 * thread makes every page, and a helper that stops answering gives its pages
 * back to the main thread. The tests make our own content large (`spillFrom`
 * and `markdownHelperFrom` at 0).
 */
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { helperContext, MarkdownHelper } from '../../pipeline/io/markdown-helper.ts';
import { readStoreFileSync } from '../../pipeline/io/store-file.ts';
import { fileHashes, root, temporaryFolder } from '../helpers.ts';
import { cliWriter, writtenBuild } from './written-build.ts';

const test = suite('build: a large site\'s markdown made beside the main thread');
const work = temporaryFolder('ontwikkelaarsportaal-markdown-helper-');
test.after(() => fs.rmSync(work, { recursive: true, force: true }));

/** A copy of our own site: its content and configuration. */
function site(name: string): string {
  const dir = path.join(work, name);
  fs.cpSync(path.join(root, 'content'), path.join(dir, 'content'), { recursive: true });
  fs.cpSync(path.join(root, 'dist-config'), path.join(dir, 'dist-config'), { recursive: true });
  return dir;
}

/** The markdown store's values, one order, the site's folder left out (it is in the keys too). */
const markdownValues = (dir: string): string[] => {
  const folder = path.join(dir, '.cache/build');
  const read = readStoreFileSync<unknown>(path.join(folder, fs.readdirSync(folder)[0]!, 'markdown.json'));
  return [...read.keys()].map((key) => JSON.stringify(read.get(key)).replaceAll(`/${path.basename(dir)}/`, '/site/')).sort();
};

test('with the helper a large build writes the bytes, and keeps the markdown, of one whose main thread makes every page', async () => {
  const helped = site('helped');
  const alone = site('alone');
  const { result } = await writtenBuild(helped, cliWriter(helped), { spillFrom: 0, markdownHelperFrom: 0 });
  const { result: own } = await writtenBuild(alone, cliWriter(alone), { spillFrom: 0, markdownHelperFrom: Number.POSITIVE_INFINITY });
  const made = result.stats.markdownHelped ?? 0;
  assert.ok(made >= 20, `the helper made pages of every kind (${made})`);
  assert.is(own.stats.markdownHelped, undefined, 'no helper below its threshold');
  assert.equal(fileHashes(path.join(helped, 'dist')), fileHashes(path.join(alone, 'dist')));
  assert.equal(markdownValues(helped), markdownValues(alone));
});

test('a helper that does not answer gives its pages back, without a result', () => {
  const helper = new MarkdownHelper<string>(helperContext({ permalinks: new Map(), drafts: new Set(), assets: new Map(), diagrams: null, highlighter: null }), 200);
  helper.close();
  helper.give('pagina', { input: { path: 'a.md', display: 'content/a.md', permalink: '/a', tocMin: 2, tocMax: 3 }, tree: '{"type":"root","children":[]}', display: 'content/a.md', code: null });
  assert.ok(helper.busy);
  assert.equal(helper.wait(), [{ page: 'pagina', stored: null }]);
  assert.not.ok(helper.busy);
  assert.not.ok(helper.room, 'it gets no more pages');
  assert.is(helper.made, 0);
});

test.run();
