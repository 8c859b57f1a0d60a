/**
 * The styles of a code block parsed once per string (renderer/body/code-styles.ts):
 * the props hast-util-to-jsx-runtime makes, and so the HTML, are the ones it
 * makes from the strings itself, an unparseable style still throws its
 * error, and the tree given is never changed.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { Element, ElementContent, Properties, Root } from 'hast';
import { withCodeStyles } from '../../renderer/body/code-styles.ts';
import { Fragment, jsx, jsxs, type BodyNode } from '../../renderer/body/jsx-runtime.ts';
import { writeBody } from '../../renderer/body/write.ts';

const test = suite('body: code block styles parsed once');

const el = (tagName: string, properties: Properties, ...children: ElementContent[]): Element => ({ type: 'element', tagName, properties, children });
const txt = (value: string): ElementContent => ({ type: 'text', value });
const root = (...children: Root['children']): Root => ({ type: 'root', children });

/** The body's options (renderer/markdown.tsx), without a components map. */
const written = (tree: Root): string =>
  writeBody(toJsxRuntime(tree, { Fragment, jsx, jsxs, passKeys: false, tableCellAlignToStyle: true }) as unknown as BodyNode);
/** The HTML, or the error's message. */
const outcome = (tree: Root): string => {
  try {
    return written(tree);
  } catch (e) {
    return `fout: ${(e as Error).message}`;
  }
};

const tokens = (...styles: string[]): Root =>
  root(el('pre', { className: ['shiki'], style: 'background-color:#fff;color:#24292e' }, el('code', {}, ...styles.map((style, i) => el('span', { style }, txt(`t${i}`))))));

test('the tokens of a code block get their style as the object the library makes of the string', () => {
  const tree = tokens('color:#D73A49', 'color:#D73A49', 'COLOR: Red; font-style: italic', '-ms-transition: x; --Eigen: 1px');
  const code = withCodeStyles(tree).children[0] as Element;
  assert.equal(code.properties.style, { backgroundColor: '#fff', color: '#24292e' });
  const spans = (code.children[0] as Element).children as Element[];
  assert.equal(spans.map((s) => s.properties.style), [{ color: '#D73A49' }, { color: '#D73A49' }, { color: 'Red', fontStyle: 'italic' }, { msTransition: 'x', '--Eigen': '1px' }]);
  // Each element its own object: a component may change its props.
  assert.is.not(spans[0]!.properties.style, spans[1]!.properties.style);
  assert.is(written(withCodeStyles(tree)), written(tree));
});

test('the tree given is not changed, and a tree without a code block comes back as it is', () => {
  const tree = root(el('div', {}, el('p', { style: 'color:red' }, txt('a'))), ...tokens('color:#D73A49').children);
  const before = structuredClone(tree);
  const done = withCodeStyles(tree);
  assert.equal(tree, before);
  assert.is(done.children[0], tree.children[0]);
  const plain = root(el('p', { style: 'color:red' }, txt('a')), el('span', { style: 'color:blue' }, txt('b')));
  assert.is(withCodeStyles(plain), plain);
});

test('outside a code block, and on a table cell in one, the style stays a string', () => {
  const tree = root(el('span', { style: 'color:red' }), el('pre', {}, el('table', {}, el('tr', {}, el('td', { align: 'right', style: 'color:red' }, txt('1'))))));
  const done = withCodeStyles(tree);
  assert.is((done.children[0] as Element).properties.style, 'color:red');
  const cell = (((done.children[1] as Element).children[0] as Element).children[0] as Element).children[0] as Element;
  assert.is(cell.properties.style, 'color:red');
  assert.is(written(done), written(tree));
});

test('a style the library cannot parse throws the same error as before', () => {
  const tree = tokens('color:#D73A49', 'color: red; /* open');
  const error = outcome(tree);
  assert.match(error, /^fout: /);
  assert.is(outcome(withCodeStyles(tree)), error);
});

/** Style strings: shiki's, odd casing, custom and vendor properties, empty declarations, and anything at all. */
const style = fc.oneof(
  fc.constantFrom('color:#D73A49', 'color:#24292E;font-style:italic', 'COLOR: Red', '--x: 1px', '-ms-transition: x', '-webkit-box: 1', 'a:b;;c:d', ':red', 'color:', ' ', '', 'color: red !important', 'content: "a;b"', 'color: red; /* x', 'text-align:center'),
  fc.string({ maxLength: 16 }),
);
const { node: hastNode } = fc.letrec<{ node: ElementContent }>((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true },
    fc.string({ maxLength: 4 }).map(txt),
    fc.record({
      tag: fc.constantFrom('pre', 'code', 'span', 'td', 'th', 'p', 'div'),
      style: fc.option(style, { nil: undefined }),
      align: fc.option(fc.constantFrom('left', 'right'), { nil: undefined }),
      children: fc.array(tie('node'), { maxLength: 4 }),
    }).map(({ tag, style: s, align, children }) =>
      el(tag, { ...(s === undefined ? {} : { style: s }), ...(align === undefined ? {} : { align }) }, ...children)),
  ),
}));

test('random trees: the same HTML, or the same error, as the library parsing every string itself; the tree unchanged', () => {
  fc.assert(fc.property(fc.array(hastNode, { maxLength: 5 }), (children) => {
    const tree = root(...children);
    const before = structuredClone(tree);
    assert.is(outcome(withCodeStyles(tree)), outcome(tree));
    assert.equal(tree, before);
  }), { numRuns: 500 });
});

test.run();
