import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import fs from 'node:fs';
import path from 'node:path';
import type { Root } from 'mdast';
import { parse, treeKey } from '../../../pipeline/stages/parse.ts';
import { summarize } from '../../../pipeline/stages/parse/tree-summary.ts';
import { storedTree, summaryOf } from '../../../pipeline/stages/shared/stored-tree.ts';
import { contentTitle, contentTitleHeading, withoutContentTitle, wrappedTitleHeading } from '../../../pipeline/stages/shared/content-title.ts';
import { hasTruncateMarker } from '../../../pipeline/stages/shared/truncate.ts';
import { codeBlocks } from '../../../pipeline/stages/code-blocks.ts';
import { defaultImports } from '../../../pipeline/stages/shared/default-imports.ts';
import { parseMarkdownBody } from '../../../pipeline/stages/parse/markdown-body.ts';
import { splitFrontmatter } from '../../../pipeline/stages/parse/frontmatter.ts';
import { Store } from '../../../pipeline/memo.ts';
import { StoreFile, storeLine } from '../../../pipeline/io/store-file.ts';
import { valueOf } from '../../../pipeline/result.ts';
import type { ParsedMarkdown, TreeSummary } from '../../../pipeline/types.ts';

const test = suite('parse: a tree from the build cache, read when a stage looks into it');

/** Through JSON, as the cache keeps both. */
const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** A stored stand-in for `tree` and how often it read its tree. */
function stored(tree: Root): { root: Root; reads: () => number } {
  let reads = 0;
  const root = storedTree(() => { reads++; return viaJson(tree); }, viaJson(summarize(tree)));
  return { root, reads: () => reads };
}

/** What the stages ask of a tree, each through the functions they call. */
const answers = (tree: Root) => ({
  title: contentTitle(tree, contentTitleHeading),
  wrapped: contentTitle(tree, wrappedTitleHeading),
  truncated: hasTruncateMarker(tree),
  code: viaJson(codeBlocks(tree)),
  imports: defaultImports(tree),
  post: { title: contentTitle(withoutContentTitle(tree)), truncated: hasTruncateMarker(withoutContentTitle(tree)), code: viaJson(codeBlocks(withoutContentTitle(tree))), imports: defaultImports(withoutContentTitle(tree)) },
});

const bodies: Record<string, string> = {
  'title and code': '# Een titel\n\nTekst.\n\n```ts\nconst x = 1;\n```\n\n```mermaid\ngraph TD; A-->B\n```\n',
  'no heading': 'Alleen tekst.\n\n## Een kop\n',
  'an empty title': '#\n\nTekst.\n',
  'a title with an id': '# Titel {#eigen-id}\n\nTekst.\n',
  'two titles': '# Eerste\n\n# Tweede\n\nTekst.\n',
  'a setext title': 'Titel\n=====\n\nTekst.\n',
  'a title after an import': "import Tabs from '@theme/Tabs';\n\n# Na de import\n\nTekst.\n",
  'partials and other imports': "import Stap from './_stap.mdx';\nimport { Los } from './los.js';\nimport * as Alles from './alles.js';\n\n# Stappen\n\nimport Tweede from '@site/docs/_tweede.md';\n\n<Stap nummer={1} />\n",
  'a wrapped title': '<div className="markdown">\n\n# Gewikkeld\n\n</div>\n',
  'an HTML truncation marker': '# Bericht\n\nInleiding.\n\n<!-- truncate -->\n\nDe rest.\n',
  'an MDX truncation marker': '# Bericht\n\nInleiding.\n\n{/* truncate */}\n\nDe rest.\n',
  'a nested code block': '- punt\n\n  ```json\n  {}\n  ```\n\n> ```sh\n> ls\n> ```\n',
};

test('answers what the tree itself answers, for crafted bodies and every file of our content, without reading the tree', () => {
  const cases: Array<[string, Root]> = Object.entries(bodies).map(([name, body]) => [name, parseMarkdownBody(body, 'mdx')]);
  const content = path.resolve(import.meta.dirname, '../../../content');
  for (const file of fs.readdirSync(content, { recursive: true }).map(String).filter((f) => /\.mdx?$/.test(f))) {
    const { body } = splitFrontmatter(fs.readFileSync(path.join(content, file), 'utf8'));
    cases.push([file, parseMarkdownBody(body, file.endsWith('.mdx') ? 'mdx' : 'md')]);
  }
  assert.ok(cases.length > 100);
  for (const [name, tree] of cases) {
    const { root, reads } = stored(tree);
    assert.equal(answers(root), answers(tree), name);
    assert.is(reads(), 0, `${name}: answered from the summary`);
  }
});

/** Pieces of a body that move what the stages ask: headings of each level and form, imports, markers, code, wrappers. */
const piece = fc.constantFrom(
  '# Titel', '#', '# Titel {#eigen-id}', 'Setext\n======', '## Tweede niveau', 'Gewone tekst met `code`.',
  "import Stap from './_stap.mdx';", "import { Los } from './los.js';", "import Tweede from '@site/docs/_tweede.md';",
  '<!-- truncate -->', '{/* truncate */}', '```ts\nconst a = 1;\n```', '```mermaid\ngraph TD; A-->B\n```', '```\nzonder taal\n```',
  '- punt\n\n  ```json\n  {}\n  ```', '> citaat', '<div>\n\n# In een element\n\n</div>', '---',
);

test('property: a stored tree answers as its tree, for bodies made of the pieces that matter', () => {
  fc.assert(fc.property(fc.array(piece, { maxLength: 8 }), fc.constantFrom('md' as const, 'mdx' as const), (pieces, format) => {
    const body = `${pieces.join('\n\n')}\n`;
    let tree: Root;
    try {
      tree = parseMarkdownBody(body, format);
    } catch {
      return; // Not every mix is MDX the parser takes; the stage reports those.
    }
    const { root, reads } = stored(tree);
    assert.equal(answers(root), answers(tree), body);
    assert.is(reads(), 0);
  }), { numRuns: 300 });
});

test('reads its tree once, when a field is first read, and is then the tree', () => {
  const tree = parseMarkdownBody(bodies['title and code']!, 'mdx');
  const { root, reads } = stored(tree);
  assert.is(root.type, 'root');
  assert.is(reads(), 0, 'the type is known');
  assert.equal(root.children, tree.children);
  assert.equal(root.position, tree.position);
  assert.is(reads(), 1);
  assert.is(JSON.stringify(root), JSON.stringify(tree));
  assert.is(reads(), 1, 'read once');
});

test('gives the tree\'s own fields to a spread, JSON and a dropped title before it was read', () => {
  const tree = parseMarkdownBody('# Titel\n\nTekst.\n', 'md');
  assert.is(JSON.stringify(stored(tree).root), JSON.stringify(tree), 'JSON');
  assert.equal({ ...stored(tree).root }, { ...tree }, 'a spread: no `data` the tree has not');
  assert.not.ok('data' in { ...stored(tree).root });
  const { root, reads } = stored(tree);
  const post = withoutContentTitle(root);
  assert.is(reads(), 0, 'a post\'s body is a stored tree too');
  assert.ok(summaryOf(post));
  assert.is(JSON.stringify(post), JSON.stringify(withoutContentTitle(tree)));
  assert.is(reads(), 1);
});

test('takes a write as a plain field', () => {
  const tree = parseMarkdownBody('Tekst.\n', 'md');
  const { root } = stored(tree);
  root.children = [];
  assert.equal(root.children, []);
  assert.equal(root.position, tree.position, 'the other fields read from the tree');
});

/** A store as a build reads it from its file, its values kept as the file's bytes (as the tree store keeps them) or as text. */
function fileStore<V>(entries: ReadonlyArray<readonly [string, string]>, asBytes = false): StoreFile<V> {
  return StoreFile.parse<V>(Buffer.from(entries.map(([key, json]) => storeLine(key, json)).join('')), null, undefined, asBytes);
}

test('the stage gives a stored tree when the cache has its summary, and keeps both for the next build', () => {
  const body = 'Tekst met `code`.\n\n```ts\nlet y = 2;\n```\n';
  const key = treeKey(body, 'md');
  const tree = parseMarkdownBody(body, 'md');
  const probe = new Store<Root>();
  const k = probe.keyOf(key);
  const trees = new Store<Root>(fileStore([[k, JSON.stringify(tree)]], true));
  const summaries = new Store<TreeSummary>(fileStore([[k, JSON.stringify(summarize(tree))]]));
  const parsed = valueOf(parse([{ path: 'kennisbank/a.md', display: 'content/kennisbank/a.md', text: body }], trees, 'md', undefined, summaries))?.[0] as ParsedMarkdown;
  assert.ok(summaryOf(parsed.tree), 'a stored tree');
  assert.is(trees.readsLater, 0);
  assert.equal([...trees.keys()], [k], 'kept for the next build');
  assert.equal([...summaries.keys()], [k]);
  assert.is(trees.changed || summaries.changed, false, 'nothing to write');
  trees.release();
  assert.equal(viaJson(parsed.tree), viaJson(tree), 'read after the store let go of its values');
  assert.is(trees.readsLater, 1);
});

test('the stage reads a tree without a summary as before, and makes its summary', () => {
  const body = '# Kop\n\nTekst.\n';
  const tree = parseMarkdownBody(body, 'md');
  const trees = new Store<Root>(fileStore([[new Store<Root>().keyOf(treeKey(body, 'md')), JSON.stringify(tree)]]));
  const summaries = new Store<TreeSummary>();
  const parsed = valueOf(parse([{ path: 'kennisbank/a.md', display: 'content/kennisbank/a.md', text: body }], trees, 'md', undefined, summaries))?.[0] as ParsedMarkdown;
  assert.is(summaryOf(parsed.tree), undefined);
  assert.equal(parsed.tree, tree);
  assert.is(trees.misses, 0, 'the stored tree, not parsed again');
  assert.equal([...summaries.made().values()], [summarize(tree)]);
});

test('a stored tree whose text is damaged is parsed from its body', () => {
  const body = 'Tekst.\n';
  const k = new Store<Root>().keyOf(treeKey(body, 'md'));
  const tree = parseMarkdownBody(body, 'md');
  // Whole as a line (it ends in `}`), but no JSON.
  const trees = new Store<Root>(fileStore([[k, '{"type":"root","children":[}']], true));
  const summaries = new Store<TreeSummary>(fileStore([[k, JSON.stringify(summarize(tree))]]));
  const parsed = valueOf(parse([{ path: 'kennisbank/a.md', display: 'content/kennisbank/a.md', text: body }], trees, 'md', undefined, summaries))?.[0] as ParsedMarkdown;
  assert.equal(viaJson(parsed.tree), viaJson(tree));
});

test.run();
