/**
 * MDX in the parse stage: which parser reads a file (Docusaurus'
 * markdown.format and the front matter's mdx.format), what Docusaurus does to
 * the text first (mdx-code-block fences, heading ids, HTML comments), syntax
 * errors as problems at their place, and trees stored per format.
 */
import { suite } from 'uvu';
import fc from 'fast-check';
import * as assert from 'uvu/assert';
import type { Root } from 'mdast';
import { parse, parseMarkdown, parseMarkdownBody } from '../../pipeline/stages/parse.ts';
import { bodyFormat } from '../../pipeline/stages/parse/format.ts';
import { codeBlocks } from '../../pipeline/stages/code-blocks.ts';
import { renderMarkdown } from '../../pipeline/stages/markdown.ts';
import { Store } from '../../pipeline/memo.ts';
import { problemsOf, valueOf } from '../../pipeline/result.ts';
import { codes, run } from '../helpers.ts';
import type { ParsedMarkdown } from '../../pipeline/types.ts';

const file = (path: string, text: string) => ({ path, display: `content/${path}`, text });
const types = (tree: Root) => tree.children.map((n) => n.type);

const parsing = suite('mdx parse');

parsing('should choose the parser as Docusaurus does: the front matter, then the site; detect by extension', () => {
  assert.is(bodyFormat('a.md', 'mdx'), 'mdx');
  assert.is(bodyFormat('a.mdx', 'md'), 'md');
  assert.is(bodyFormat('a.md', 'detect'), 'md');
  assert.is(bodyFormat('a.mdx', 'detect'), 'mdx');
  assert.is(bodyFormat('a.md', 'md', 'mdx'), 'mdx');
  assert.is(bodyFormat('a.mdx', 'mdx', 'detect'), 'mdx');
  const own = valueOf(parseMarkdown(file('a.md', '---\ntitle: A\nmdx:\n  format: md\n---\n\n<Tabs>\n'), undefined, 'mdx'));
  assert.is(own?.format, 'md');
  assert.equal(own && types(own.tree), ['html']);
  // The key is Docusaurus' own: no unknown-key warning.
  assert.equal(codes(run({ 'kennisbank/a.md': '---\ntitle: A\nmdx:\n  format: mdx\n---\n\nTekst.\n' })), []);
});

parsing('should parse the same text as MDX or Markdown, and store the trees apart', () => {
  const text = 'Tekst <Kaart /> hier.\n';
  const trees = new Store<Root>();
  const asMd = valueOf(parse([file('a.md', text)], trees, 'md'))?.[0] as ParsedMarkdown;
  const asMdx = valueOf(parse([file('a.md', text)], trees, 'mdx'))?.[0] as ParsedMarkdown;
  assert.is(trees.misses, 2);
  assert.is((asMd.tree.children[0] as { children: Array<{ type: string }> }).children[1]?.type, 'html');
  assert.is((asMdx.tree.children[0] as { children: Array<{ type: string }> }).children[1]?.type, 'mdxJsxTextElement');
});

parsing('should unwrap mdx-code-block fences and keep every line where it was', () => {
  const tree = parseMarkdownBody('Intro.\n\n```mdx-code-block\n<Tabs>\n</Tabs>\n```\n\nNa.\n', 'mdx');
  assert.equal(types(tree), ['paragraph', 'mdxJsxFlowElement', 'paragraph']);
  assert.is(tree.children[1]?.position?.start.line, 4);
  assert.is(tree.children[2]?.position?.start.line, 8);
  assert.equal(types(parseMarkdownBody('````mdx-code-block\n<Tabs>\n</Tabs>\n````\n', 'mdx')), ['mdxJsxFlowElement']);
});

parsing('should read a heading id as text in MDX, with the columns of the file (only in headings, as Docusaurus)', () => {
  assert.throws(() => parseMarkdownBody('Tekst {#geen-kop}\n', 'mdx'));
  const tree = parseMarkdownBody('## Stap één {#stap-1}\n', 'mdx');
  assert.equal(tree.children[0], {
    type: 'heading', depth: 2,
    children: [{ type: 'text', value: 'Stap één {#stap-1}', position: { start: { line: 1, column: 4, offset: 3 }, end: { line: 1, column: 22, offset: 21 } } }],
    position: { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 22, offset: 21 } },
  });
});

parsing('should read HTML comments in MDX, in blocks and in text, and {/* truncate */} as the marker', () => {
  const tree = parseMarkdownBody('<!-- blok -->\n\nTekst <!-- in\nde zin --> verder.\n\n> <!-- in\n> citaat -->\n\n{/* truncate */}\n', 'mdx');
  assert.equal(types(tree), ['html', 'paragraph', 'blockquote', 'html']);
  assert.is((tree.children[3] as { value: string }).value, '<!-- truncate -->');
  assert.equal((tree.children[1] as { children: Array<{ type: string; value: string }> }).children.map((c) => c.type), ['text', 'html', 'text']);
});

parsing('should make a static CodeBlock a code block the code index finds', () => {
  const tree = parseMarkdownBody(`import CodeBlock from '@theme/CodeBlock';

<CodeBlock language="ts" title="a.ts" showLineNumbers>{\`
const a = 1;
\`}</CodeBlock>

<CodeBlock language={taal}>x</CodeBlock>
`, 'mdx');
  const found = codeBlocks(tree);
  assert.equal(found.map((c) => [c.lang, c.meta, c.value]), [['ts', 'title="a.ts" showLineNumbers', 'const a = 1;']]);
  assert.is(found[0]?.position?.start.line, 3);
  // Not static: it stays JSX, for the markdown stage to report.
  assert.match(JSON.stringify(tree.children.at(-1)), '"name":"CodeBlock"');
});

parsing('should report an MDX syntax error at its place, in Dutch, and keep the page', () => {
  const result = parse([file('a.mdx', '---\ntitle: A\n---\n\nTekst.\n\nEen <5 en {x +}.\n')]);
  const [problem] = problemsOf(result);
  assert.equal(problem && [problem.code, problem.line, problem.column], ['mdx-syntax', 7, 6]);
  assert.match(problem!.message, 'begin van een JSX-element');
  assert.ok(valueOf(result)?.[0]);
  const unclosed = problemsOf(parse([file('b.mdx', '<div>\n\nTekst.\n')]))[0];
  assert.equal(unclosed && [unclosed.code, unclosed.line, unclosed.column], ['mdx-syntax', 1, 1]);
  assert.match(unclosed!.message, '<div> wordt niet gesloten');
  const comment = problemsOf(parse([file('d.mdx', 'Tekst.\n\n<!-- nooit gesloten\n')]))[0];
  assert.equal(comment && [comment.code, comment.line, comment.column], ['mdx-syntax', 3, 2]);
  assert.match(comment!.message, 'niet met `-->` gesloten');
  const expression = problemsOf(parse([file('c.mdx', 'Tekst {x +} hier.\n')]))[0];
  assert.equal(expression && [expression.code, expression.line], ['mdx-syntax', 1]);
});

parsing('should never throw on any MDX text: a tree, or a problem inside the file', () => {
  const piece = fc.constantFrom('<', '>', '{', '}', '</', '/>', '<A', '<a b="c">', '</a>', '<!--', '-->', '{/*', '*/}', 'import x from "y"', 'export const a = 1', '\n', '\n\n', '> ', '- ', '```', '```mdx-code-block\n', ':::tip', '## Kop {#id}', 'tekst', ' ', '`', '\\');
  fc.assert(fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
    const text = pieces.join('');
    const result = parse([file('a.mdx', `---\ntitle: A\n---\n\n${text}\n`)]);
    const lines = text.split('\n').length + 5;
    for (const problem of problemsOf(result)) {
      assert.ok(problem.line >= 1 && problem.line <= lines, `${problem.code} at line ${problem.line} of ${lines}`);
      assert.ok(problem.code !== 'content-unprocessable', `${problem.code}: ${problem.message} for ${JSON.stringify(text)}`);
    }
    // The markdown stage takes every tree the parser gives without throwing.
    const tree = (valueOf(result)?.[0] as ParsedMarkdown | undefined)?.tree;
    if (tree) renderMarkdown({ tree, path: 'a.mdx', display: 'a.mdx', permalink: '/a', tocMin: 2, tocMax: 3 }, { permalinks: new Map(), drafts: new Set(), assets: new Map(), highlighter: null, diagrams: new Map() });
  }), { numRuns: 400 });
});

parsing.run();
