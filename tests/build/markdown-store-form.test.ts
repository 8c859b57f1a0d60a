/**
 * The markdown store's form on disk (pipeline/io/compact-contents.ts): each
 * page's trees as JSON in a string, so that a warm build parses a tree only
 * when a stage asks for it. What a build made, what it read and what it
 * spilled are written the same way, and read back as the trees they were.
 */
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Root } from 'hast';
import { CompactContent, keptResult, readMarkdownResult } from '../../pipeline/io/compact-contents.ts';
import { readStoreFile, writeStore } from '../../pipeline/io/store-file.ts';
import { Store } from '../../pipeline/memo.ts';
import type { Content, MarkdownResult } from '../../pipeline/types.ts';
import { temporaryFolder } from '../helpers.ts';

const test = suite('build: the markdown store keeps each page\'s trees as JSON');
const work = temporaryFolder('ontwikkelaarsportaal-markdown-form-');
test.after(() => fs.rmSync(work, { recursive: true, force: true }));

const tree = (text: string): Root => ({ type: 'root', children: [{ type: 'element', tagName: 'p', properties: { className: ['inleiding'] }, children: [{ type: 'text', value: text }] }] });
const content: Content = {
  body: tree('Een tekst met "aanhalingstekens", een \\ en een\nnieuwe regel.'), excerpt: tree('Het uittreksel.'),
  toc: [{ id: 'versies', text: 'Versies', depth: 2 }], anchors: ['versies'], links: [], words: 9, firstParagraph: 'Een tekst.', hasMermaid: false, docCardList: false,
};
const plain: Content = { ...content, body: tree('Zonder uittreksel.'), excerpt: null };
const problem = { severity: 'warning', code: 'voorbeeld', message: 'Een waarschuwing.', file: 'kennisbank/api.md', line: 3, column: 1 } as unknown as MarkdownResult['problems'][number];

/** A content as plain data: its trees read, the class left out. */
const asData = (c: Content) => ({ ...c, body: c.body, excerpt: c.excerpt });

test('what a build made is written with its trees as strings, and read back compact, with the same trees', async () => {
  const file = path.join(work, 'markdown.json');
  const store = new Store<MarkdownResult>();
  store.keepMadeAs(keptResult);
  const made = store.get(['a'], () => ({ content, problems: [problem] }));
  assert.is(made.content, content, 'this build goes on with the result it made, trees and all');
  store.put('b', { content: plain, problems: [] });
  writeStore(file, store);
  const line = fs.readFileSync(file, 'utf8').split('\n').find((l) => l.startsWith(JSON.stringify(store.keyOf(['a']))))!;
  const stored = JSON.parse(line.slice(line.indexOf('\t') + 1)) as { content: { body: unknown; excerpt: unknown } };
  assert.type(stored.content.body, 'string');
  assert.type(stored.content.excerpt, 'string');
  const read = await readStoreFile<MarkdownResult>(file, readMarkdownResult);
  const a = read.get(store.keyOf(['a']))!;
  assert.ok(a.content instanceof CompactContent);
  assert.equal(asData(a.content), content);
  assert.equal(a.problems, [problem]);
  assert.ok(a.content.body !== a.content.body, 'each tree parsed when asked, anew');
  assert.is(read.get('b')!.content.excerpt, null);
});

test('a value read and written again keeps its form, byte for byte, without its trees being parsed', async () => {
  const file = path.join(work, 'markdown.json');
  const read = await readStoreFile<MarkdownResult>(file, readMarkdownResult);
  const before = fs.readFileSync(file, 'utf8');
  const again = new Store<MarkdownResult>(read);
  const keys = [...read.keys()];
  for (const key of keys) again.find(key);
  // Rewritten from the values as read (no earlier file to append to): the same lines.
  const copy = path.join(work, 'copy.json');
  writeStore(copy, again);
  assert.equal(fs.readFileSync(copy, 'utf8').split('\n').sort(), before.split('\n').sort());
});

test('a value in the older form, with its trees as objects, is read as it is', async () => {
  const file = path.join(work, 'older.json');
  fs.writeFileSync(file, `${JSON.stringify('k')}\t${JSON.stringify({ content, problems: [] })}\n`);
  const read = await readStoreFile<MarkdownResult>(file, readMarkdownResult);
  const value = read.get('k')!;
  assert.not.ok(value.content instanceof CompactContent);
  assert.equal(value.content, content);
});

test.run();
