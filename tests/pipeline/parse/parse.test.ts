import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Root } from 'mdast';
import { markdownBody, parse, parseData, parseMarkdown, treeKey } from '../../../pipeline/stages/parse.ts';
import { limits } from '../../../pipeline/stages/parse/limits.ts';
import { Store } from '../../../pipeline/memo.ts';
import { problemsOf, valueOf } from '../../../pipeline/result.ts';
import type { ParsedMarkdown } from '../../../pipeline/types.ts';

const stage = suite('parse: the stage');

const file = (path: string, text: string) => ({ path, display: `content/${path}`, text });
const deep = Array.from({ length: limits.nesting + 1 }, (_, i) => `${'  '.repeat(i)}- x`).join('\n');

stage('should keep body line numbers after the frontmatter', () => {
  const text = '---\ntitle: X\ndescription: Y\n---\n\n## Kop\n';
  const parsed = valueOf(parseMarkdown(file('kennisbank/x.md', text)));
  const heading = parsed?.tree.children.find((n) => n.type === 'heading');
  assert.is(heading?.position?.start.line, 6);
  assert.equal(parsed?.frontmatter.data, { title: 'X', description: 'Y' });
});

stage('should report YAML syntax errors in frontmatter at their line, and still parse the body', () => {
  const result = parseMarkdown(file('kennisbank/x.md', '---\ntitle: X\ntags: [api\n---\n\nTekst.\n'));
  const p = problemsOf(result).find((x) => x.code === 'yaml-syntax');
  assert.ok(p, 'yaml-syntax reported');
  assert.is(p?.file, 'content/kennisbank/x.md');
  assert.ok((p?.line ?? 0) >= 2);
  assert.is(valueOf(result)?.frontmatter.ok, false);
  assert.is(valueOf(result)?.tree.children[0]?.type, 'paragraph');
});

stage('should read a byte order mark as nothing', () => {
  const parsed = valueOf(parseMarkdown(file('a.md', '\uFEFF---\ntitle: X\n---\nTekst.\n')));
  assert.equal(parsed?.frontmatter.data, { title: 'X' });
  assert.equal(valueOf(parseData(file('tags.yml', '\uFEFFapi: {}\n')))?.yaml.data, { api: {} });
});

stage('should parse data files, JSON included, with positions', () => {
  const result = parseData(file('kennisbank/_category_.json', '{\n  "label": "API\'s",\n  "position": 2\n}\n'));
  assert.equal(problemsOf(result), []);
  const parsed = valueOf(result);
  assert.equal([parsed?.kind, parsed?.yaml.data], ['data', { label: "API's", position: 2 }]);
  assert.equal(parsed?.yaml.locate(['position']), { line: 3, column: 3 });
});

stage('should give every file its entry in order, refuse what it cannot read, and keep problems in file order', () => {
  const files = [
    file('a.md', '---\ntitle: [\n---\nTekst.\n'),
    file('b?.md', 'Tekst.\n'),
    file('c.yml', 'x: 1\n'),
    file('d.md', 'x'.repeat(limits.fileChars + 1)),
    file('e.md', `${deep}\n`),
  ];
  const result = parse(files);
  assert.equal(valueOf(result)?.map((p) => [p.kind, p.file.path]), [['markdown', 'a.md'], ['data', 'c.yml'], ['markdown', 'e.md']]);
  assert.equal([...new Set(problemsOf(result).map((p) => `${p.file} ${p.code}`))], [
    'content/a.md yaml-syntax', 'content/b?.md unsafe-file-name', 'content/d.md file-too-large', 'content/e.md markup-too-complex',
  ]);
  // A body beyond the limits is never parsed: its page has an empty tree.
  assert.equal((valueOf(result)?.[2] as ParsedMarkdown).tree, { type: 'root', children: [] });
  // A data file may have any name: only a page's path becomes a URL.
  assert.equal(problemsOf(parse([file('a?.yml', 'x: 1\n')])), []);
});

stage('should refuse an empty page as empty, so no missing title follows', () => {
  for (const text of ['', ' \n\t\n', '\uFEFF']) {
    const result = parse([file('kennisbank/leeg.md', text), file('leeg.yml', '')]);
    assert.equal(valueOf(result)?.map((p) => p.file.path), ['leeg.yml'], JSON.stringify(text));
    assert.equal(problemsOf(result).map((p) => [p.code, p.file, p.line]), [['file-empty', 'content/kennisbank/leeg.md', 1]]);
  }
  assert.is(markdownBody(file('a.md', '')), null);
});

stage('should report content the parser throws on, with an empty tree', () => {
  // A store whose computation throws stands in for the parser failing on hostile content.
  const failing = { has: () => false, get: () => { throw new Error('te diep\nstack'); } } as unknown as Store<Root>;
  const result = parseMarkdown(file('a.md', 'Tekst.\n'), failing);
  assert.equal(problemsOf(result).map((p) => [p.code, p.message.includes('(te diep)')]), [['content-unprocessable', true]]);
  assert.equal(valueOf(result)?.tree, { type: 'root', children: [] });
});

stage('should take a tree from the store, and skip the limits for a body the store has', () => {
  const trees = new Store<Root>();
  const a = file('a.md', '---\ntitle: A\n---\nTekst.\n');
  const first = valueOf(parseMarkdown(a, trees))?.tree;
  assert.is(trees.misses, 1);
  assert.is(valueOf(parseMarkdown(a, trees))?.tree, first);
  assert.is(trees.misses, 1);
  // A store made when the body passed: its tree is used, and the body is not measured again.
  const tooDeep = file('b.md', `${deep}\n`);
  assert.is(problemsOf(parse([tooDeep], new Store<Root>())).length, 1);
  const known = new Store<Root>();
  known.get(treeKey(`${deep}\n`, 'md'), () => ({ type: 'root', children: [{ type: 'thematicBreak' }] }));
  const warm = parse([tooDeep], known, 'md');
  assert.equal(problemsOf(warm), []);
  assert.equal((valueOf(warm)?.[0] as ParsedMarkdown).tree.children, [{ type: 'thematicBreak' }]);
});

stage('markdownBody should give the text the stage parses, or null for what it does not', () => {
  assert.is(markdownBody(file('a.md', '---\ntitle: A\n---\nTekst.\n')), '\n\n\nTekst.\n');
  assert.is(markdownBody(file('a.yml', 'x: 1\n')), null);
  assert.is(markdownBody(file('a#b.md', 'Tekst.\n')), null);
  assert.is(markdownBody(file('a.md', 'x'.repeat(limits.fileChars + 1))), null);
  assert.is(markdownBody(file('a.md', `${deep}\n`)), null);
  const known = new Store<Root>();
  known.get(treeKey(`${deep}\n`, 'md'), () => ({ type: 'root', children: [] }));
  assert.is(markdownBody(file('a.md', `${deep}\n`), known), `${deep}\n`);
});

stage.run();
