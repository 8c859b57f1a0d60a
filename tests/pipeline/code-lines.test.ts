/**
 * Code blocks as Docusaurus writes them: `showLineNumbers` (with a start),
 * and the magic comments `highlight-next-line`, `highlight-start` and
 * `highlight-end` in each language's comment syntax, taken out of the code
 * shown and copied; through the markdown stage with a real highlighter, then
 * the renderer's code block.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { toString } from 'hast-util-to-string';
import type { Element, Nodes, Root as HastRoot } from 'hast';
import { renderMarkdown, type MarkdownContext } from '../../pipeline/stages/markdown.ts';
import { parseMarkdownBody } from '../../pipeline/stages/parse.ts';
import { lineNumbersStart, magicLines } from '../../pipeline/stages/magic-comments.ts';
import { highlightRequests, highlightKey, highlight } from '../../pipeline/stages/highlight/requests.ts';
import { codeBlocks } from '../../pipeline/stages/code-blocks.ts';
import { createHighlighter } from '../../pipeline/io/highlight/shiki.ts';
import { Markdown } from '../../renderer/markdown.tsx';
import { newBodyTheme } from '../../theme/shell/body-theme.tsx';

const highlighter = await createHighlighter(['typescript', 'python', 'html', 'sql', 'yaml', 'tsx']);
const ctx: MarkdownContext = { permalinks: new Map(), drafts: new Set(), assets: new Map(), highlighter, diagrams: new Map() };
const page = { path: 'kennisbank/a.md', display: 'content/kennisbank/a.md', permalink: '/kennisbank/a', tocMin: 2, tocMax: 3 };

/** The elements under `node` that `test` takes, in document order. */
function selectAll(test: string, node: Nodes): Element[] {
  const [tag, child] = test.split(' > ');
  const matches = (el: Element, sel: string) => (sel.startsWith('.') ? String(el.properties.className ?? el.properties.class ?? '').split(/[ ,]/).includes(sel.slice(1)) : el.tagName === sel);
  const found: Element[] = [];
  const walk = (n: Nodes, parent: Element | null) => {
    if (n.type === 'element' && (child ? parent !== null && matches(parent, tag!) && matches(n, child) : matches(n, tag!))) found.push(n);
    if ('children' in n) for (const c of n.children) walk(c, n.type === 'element' ? n : null);
  };
  walk(node, null);
  return found;
}
const select = (test: string, node: Nodes): Element | undefined => selectAll(test, node)[0];

function stage(markdown: string) {
  const { content, problems } = renderMarkdown({ tree: parseMarkdownBody(markdown), ...page, source: markdown }, ctx);
  return { body: content.body, problems };
}

/** The lines of the (first) code block: text and whether highlighted. */
function lines(body: HastRoot, index = 0): Array<[string, boolean]> {
  const pre = selectAll('pre', body)[index] as Element;
  return selectAll('.line', pre).map((line) => [toString(line), (line.properties.className as string[] | string | undefined)?.toString().includes('highlighted') ?? false]);
}

const unit = suite('code blocks: magic comments and line numbers (rules)');

unit('should read the comment syntaxes of each language, as Docusaurus does', () => {
  const marked = (lang: string, code: string) => magicLines(lang, '', code)?.highlighted ?? null;
  assert.equal(marked('ts', 'a\n// highlight-next-line\nb\nc'), [2]);
  assert.equal(marked('ts', 'a\n  /* highlight-next-line */\nb'), [2]);
  assert.equal(marked('tsx', '{/* highlight-next-line */}\n<b/>'), [1]);
  assert.equal(marked('python', '# highlight-next-line\nx = 1'), [1]);
  assert.equal(marked('html', '<!-- highlight-next-line -->\n<p>'), [1]);
  assert.equal(marked('sql', '-- highlight-next-line\nSELECT 1'), [1]);
  assert.equal(marked('lua', '-- highlight-start\na\nb\n-- highlight-end\nc'), [1, 2]);
  // A language without its own list takes the common ones: `//`, `/* */`, `{/* */}`, `#`, `<!-- -->`.
  assert.equal(marked('yaml', '# highlight-next-line\na: 1'), [1]);
  assert.equal(marked('onbekend', '<!-- highlight-next-line -->\na'), [1]);
  // Not this language's comment: the line stays code.
  assert.is(marked('python', '// highlight-next-line\nx = 1'), null);
  assert.is(marked('sql', '# highlight-next-line\nSELECT 1'), null);
});

unit('should only read a line that is nothing but the comment', () => {
  assert.is(magicLines('ts', '', 'const a = 1; // highlight-next-line\nb'), null);
  assert.is(magicLines('ts', '', '// highlight-next-line please\nb'), null);
  assert.equal(magicLines('ts', '', '\t//highlight-next-line   \nb')?.code, 'b');
});

unit('should leave the code as written without a language, or with a line range in the meta', () => {
  assert.is(magicLines(null, '', '// highlight-next-line\na'), null);
  assert.is(magicLines('ts', '{2}', '// highlight-next-line\na'), null);
  assert.ok(magicLines('ts', 'title="a.ts" showLineNumbers', '// highlight-next-line\na'));
});

unit('should report a start without its end and an end without its start, by line, and mark nothing for them', () => {
  const lines = magicLines('ts', '', 'a\n// highlight-end\nb\n// highlight-start\nc\n// highlight-next-line\nd');
  assert.equal(lines, {
    code: 'a\nb\nc\nd',
    highlighted: [4],
    unpaired: [{ line: 1, comment: 'highlight-end' }, { line: 3, comment: 'highlight-start' }],
  });
});

unit('should read showLineNumbers and its start from the meta', () => {
  assert.is(lineNumbersStart(''), null);
  assert.is(lineNumbersStart('title="showLineNumbers"'), null);
  assert.is(lineNumbersStart('showLineNumbers'), 1);
  assert.is(lineNumbersStart('title="a" showLineNumbers=12 {1}'), 12);
  assert.is(lineNumbersStart('showLineNumbers=x'), 1);
});

unit.run();

const blocks = suite('code blocks: magic comments and line numbers (stage and renderer)');

const md = [
  '```ts title="rekenen.ts" showLineNumbers=5',
  'const a = 1;',
  '// highlight-next-line',
  'const b = 2;',
  '/* highlight-start */',
  'const c = 3;',
  'const d = 4;',
  '// highlight-end',
  'const e = 5;',
  '```',
  '',
].join('\n');

blocks('should take the magic comments out and mark the lines they name', () => {
  const { body, problems } = stage(md);
  assert.equal(problems, []);
  assert.equal(lines(body), [['const a = 1;', false], ['const b = 2;', true], ['const c = 3;', true], ['const d = 4;', true], ['const e = 5;', false]]);
  assert.not.match(toString(body), /highlight-/);
});

blocks('should number the lines from the given start on the code element, not in its text', () => {
  const { body } = stage(md);
  const code = select('pre > code', body) as Element;
  assert.equal(code.properties.className, ['line-numbers']);
  assert.is(code.properties.style, 'counter-reset:line 4;--line-number-digits:1');
  // The copy button copies the text of the block: code only.
  assert.is(toString(select('pre', body) as Element), 'const a = 1;\nconst b = 2;\nconst c = 3;\nconst d = 4;\nconst e = 5;');
  const plain = stage('```ts showLineNumbers\nconst a = 1;\n```\n').body;
  assert.is((select('pre > code', plain) as Element).properties.style, 'counter-reset:line 0;--line-number-digits:1');
  const wide = stage(`\`\`\`ts showLineNumbers=98\n${'x;\n'.repeat(3)}\`\`\`\n`).body;
  assert.is((select('pre > code', wide) as Element).properties.style, 'counter-reset:line 97;--line-number-digits:3');
});

blocks('should keep what was supported: {lines}, title and plain blocks', () => {
  const { body } = stage('```ts {1,3} title="x.ts"\n// highlight-next-line\nb\nc\n```\n\n```\n// highlight-next-line\nplain\n```\n');
  // A line range in the meta: the comments stay, the range marks.
  assert.equal(lines(body), [['// highlight-next-line', true], ['b', false], ['c', true]]);
  assert.is((select('pre', body) as Element).properties.dataTitle, 'x.ts');
  assert.is(toString(selectAll('pre', body)[1] as Element), '// highlight-next-line\nplain\n');
  assert.is((select('pre > code', body) as Element).properties.className, undefined);
});

blocks('should warn at the line of a comment that pairs with nothing', () => {
  const { problems } = stage('Tekst.\n\n- lijst\n\n  ```python\n  a = 1\n  # highlight-start\n  b = 2\n  ```\n');
  assert.equal(problems.map((p) => [p.code, p.severity, p.line, p.column]), [['highlight-comment-unpaired', 'warning', 7, 3]]);
  assert.match(problems[0]!.message, /highlight-end/);
});

blocks('should render line numbers and highlighted lines in the code block of the page', () => {
  const { body } = stage(md);
  const html = renderToStaticMarkup(createElement(Markdown, { tree: body, siteHosts: [], bodyTheme: newBodyTheme() }));
  assert.match(html, /<figcaption class="code-block-title">rekenen.ts<\/figcaption>/);
  assert.match(html, /<code class="line-numbers" style="counter-reset:line 4;--line-number-digits:1">/);
  assert.is(html.match(/class="line highlighted"/g)?.length, 3);
  assert.not.match(html, /highlight-(next-line|start|end)/);
});

blocks('should ask the highlight threads for the block the stage highlights', () => {
  // The threads highlight ahead with the same transformers: their answer is the stage's.
  const tree = parseMarkdownBody(md);
  const [request] = highlightRequests(codeBlocks(tree));
  assert.ok(request);
  assert.is(highlightKey(request), highlightKey({ lang: 'ts', meta: 'title="rekenen.ts" showLineNumbers=5', code: tree.children[0]!.type === 'code' ? tree.children[0].value : '' }));
  const ahead = highlight(highlighter, request);
  assert.equal(selectAll('.line', ahead).map((l) => toString(l)), ['const a = 1;', 'const b = 2;', 'const c = 3;', 'const d = 4;', 'const e = 5;']);
});

blocks.run();
