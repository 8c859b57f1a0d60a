import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import type { Nodes } from 'mdast';
import { markdownNesting } from '../../../pipeline/stages/parse/nesting.ts';
import { htmlNesting } from '../../../pipeline/stages/parse/html-nesting.ts';
import { parseMarkdownBody } from '../../../pipeline/stages/parse/markdown-body.ts';

const nesting = suite('parse: nesting');

/** The containers the parser nests, counted down the deepest path of its tree. */
const containerTypes = new Set(['listItem', 'blockquote', 'footnoteDefinition', 'containerDirective']);
function treeDepth(node: Nodes): number {
  let deepest = 0;
  for (const child of 'children' in node ? node.children : []) deepest = Math.max(deepest, treeDepth(child));
  return deepest + (containerTypes.has(node.type) ? 1 : 0);
}

nesting('should count lists, block quotes and open directives over many lines, with the deepest line', () => {
  assert.equal(markdownNesting('Tekst.\n'), { depth: 0, line: 1 });
  assert.equal(markdownNesting('- a\n  - b\n    - c\n- d\n'), { depth: 3, line: 3 });
  assert.equal(markdownNesting('> > citaat\n> > - punt\n'), { depth: 3, line: 2 });
  assert.equal(markdownNesting(':::note\n:::tip\n- a\n:::\n:::\n'), { depth: 3, line: 3 });
  assert.equal(markdownNesting('1. a\n\n    1. b\n\n        1. c\n'), { depth: 3, line: 5 });
  assert.equal(markdownNesting('> - a\n>\n>   - b\n'), { depth: 3, line: 3 });
  // Text at the left margin after a blank line ends the open lists.
  assert.equal(markdownNesting('- a\n  - b\n\nTekst\n- c\n'), { depth: 2, line: 2 });
  // Tabs count to the next multiple of four.
  assert.equal(markdownNesting('- a\n\t- b\n').depth, 2);
  // Every line ending the parser knows ends a line here.
  assert.equal(markdownNesting('- a\r  - b\r\n    - c'), { depth: 3, line: 3 });
});

nesting('should count containers opened on one line', () => {
  assert.equal(markdownNesting('- - - x'), { depth: 3, line: 1 });
  assert.equal(markdownNesting('> > > x'), { depth: 3, line: 1 });
  assert.equal(markdownNesting('1. - > x'), { depth: 3, line: 1 });
  assert.equal(markdownNesting('Intro.\n\n[^a]: [^b]: - x'), { depth: 3, line: 3 });
  assert.equal(markdownNesting(`${'- '.repeat(10_000)}x`), { depth: 10_000, line: 1 });
});

nesting('should keep counting the lists a lazy line continues', () => {
  // `lazy` continues the paragraph of `b`, so `c` is nested in `b`.
  const text = '- a\n  - b\nlazy\n    - c\n';
  assert.is(treeDepth(parseMarkdownBody(text)), 3);
  assert.equal(markdownNesting(text), { depth: 3, line: 4 });
});

nesting('should close a directive only with a fence it cannot take for text', () => {
  assert.equal(markdownNesting('::::note\n:::tip\n:::\n:::tip\n:::\n::::\n- a\n'), { depth: 2, line: 2 });
  // A shorter fence does not close a longer directive: the next one opens inside it.
  const shorter = '::::a\n:::\n::::b\n:::\n::::c\nx\n';
  assert.is(treeDepth(parseMarkdownBody(shorter)), 3);
  assert.equal(markdownNesting(shorter).depth, 3);
  // Unclosed directives nest.
  assert.equal(markdownNesting(':::a\n:::b\n:::c\nx\n').depth, 3);
  // A directive in a list item closes at its own indentation.
  assert.equal(markdownNesting('1. a\n\n    :::note\n    x\n    :::\n\n2. b\n\n    :::note\n    x\n    :::\n').depth, 2);
});

nesting('should count raw HTML elements, not tags in code, code spans or comments', () => {
  assert.equal(markdownNesting('<div><div>\n\n<div>x</div></div>\n\n</div>\n'), { depth: 3, line: 3 });
  assert.equal(markdownNesting('- a\n\n  <details><summary>Meer</summary>\n\n  - b\n\n  </details>\n').depth, 3);
  assert.is(markdownNesting('`<div>` en ``<span>`` <!-- <div> -->\n\n```html\n<div><div><div>\n```\n<br><img src="x"> <p>a<p>b <li>c<li>d\n').depth, 2);
  assert.is(markdownNesting('<table><tr><td>a<td>b<tr><td>c</table>\n').depth, 3);
  const deep = htmlNesting(3);
  assert.is(deep(`${'<div>'.repeat(1000)}${'</span>'.repeat(1000)}`), 1000, 'elements beyond those remembered are counted');
});

nesting('should stop at the first line beyond the limit', () => {
  const text = '- a\n  - b\n    - c\n      - d\n';
  assert.equal(markdownNesting(text, 2), { depth: 3, line: 3 });
  assert.equal(markdownNesting(text, 3), { depth: 4, line: 4 });
});

nesting('should hold the depth of the real content (at most 5)', async () => {
  const { readdirSync, readFileSync } = await import('node:fs');
  const files = (readdirSync('content', { recursive: true }) as string[]).filter((f) => /\.mdx?$/.test(f));
  assert.ok(files.length > 100);
  for (const file of files) {
    const body = readFileSync(`content/${file}`, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
    const depth = markdownNesting(body).depth;
    assert.ok(depth <= 5, `${file}: ${depth}`);
    assert.ok(depth >= treeDepth(parseMarkdownBody(body)), file);
  }
});

// Lines from the pieces that open, continue and close containers, directives and fences.
const pieces = [
  '- ', '* ', '+ ', '1. ', '2) ', '> ', '>', ' ', '  ', '   ', '    ', '\t', 'x', 'y z', ':::note', '::::tip', ':::::a', ':::', '::::', ':::::',
  '```', '~~~', '[^a]: ', '[^b]:', '-', '#', '# h', '***', '- - -', '---', '===', '<div>', '\t- ', ' >', '>\t', '1.', '*',
];
const line = fc.array(fc.constantFrom(...pieces), { maxLength: 8 }).map((xs) => xs.join(''));
const markdown = fc.tuple(fc.array(line, { maxLength: 20 }), fc.constantFrom('\n', '\r\n', '\r')).map(([lines, end]) => lines.join(end));

nesting('should never count less than the parser nests', () => {
  fc.assert(fc.property(markdown, (text) => {
    const parsed = treeDepth(parseMarkdownBody(text));
    const counted = markdownNesting(text).depth;
    if (counted < parsed) throw new Error(`counted ${counted}, the parser nests ${parsed}`);
  }), { numRuns: 3000 });
});

nesting.run();
