import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Root, RootContent } from 'mdast';
import { walk } from '../../../pipeline/stages/markdown/walk.ts';
import { error, placeOf } from '../../../pipeline/problem.ts';
import { parseMarkdownBody } from '../../../pipeline/stages/parse.ts';

const walking = suite('markdown: walk');

const problem = (message: string) => error('unsafe-html', 'content/a.md', { line: 1, column: 1 }, message);

walking('should hand each node to the handler of its type, a node before its children, in document order', () => {
  const tree = parseMarkdownBody('# Kop met [link](/a)\n\n- [twee](/b)\n');
  const seen: string[] = [];
  walk(tree, {
    heading: (node) => { seen.push(`heading ${node.depth}`); return undefined; },
    link: (node) => { seen.push(`link ${node.url}`); return undefined; },
  });
  assert.equal(seen, ['heading 1', 'link /a', 'link /b']);
});

walking('should return the problems of every handler in the order of the page', () => {
  const tree = parseMarkdownBody('[a](/a) ![b](/b.png) [c](/c)\n');
  const problems = walk(tree, {
    link: (node) => ({ problems: [problem(node.url)] }),
    image: (node) => ({ problems: [problem(node.url), problem(`${node.url} 2`)] }),
  });
  assert.equal(problems.map((p) => p.message), ['/a', '/b.png', '/b.png 2', '/c']);
});

walking('should remove a node replaced by nothing, and go on with the node after it', () => {
  const tree = parseMarkdownBody('<!-- weg -->\n\n<!-- ook weg -->\n\nTekst.\n');
  const seen: string[] = [];
  walk(tree, {
    html: () => ({ replace: [] }),
    paragraph: () => { seen.push('paragraph'); return undefined; },
  });
  assert.equal(tree.children.map((n) => n.type), ['paragraph']);
  assert.equal(seen, ['paragraph']);
});

walking('should walk a replacement instead of the node it replaces, each node once', () => {
  const tree = parseMarkdownBody(':::onbekend\n## Kop\n\n[link](/a)\n:::\n');
  const seen: string[] = [];
  const problems = walk(tree, {
    containerDirective: (node) => ({ replace: node.children as RootContent[] }),
    heading: () => { seen.push('heading'); return undefined; },
    link: (node) => ({ problems: [problem(node.url)] }),
  });
  assert.equal(tree.children.map((n) => n.type), ['heading', 'paragraph']);
  assert.equal(seen, ['heading']);
  assert.equal(problems.map((p) => p.message), ['/a']);
});

walking('should not go into the children of a node a handler skips', () => {
  const tree = parseMarkdownBody('> [a](/a)\n\n[b](/b)\n');
  const seen: string[] = [];
  walk(tree, {
    blockquote: () => ({ skip: true }),
    link: (node) => { seen.push(node.url); return undefined; },
  });
  assert.equal(seen, ['/b']);
});

walking('should find no problems where no handler reports one', () => {
  const tree: Root = { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'x', position: { start: { line: 1, column: 1 }, end: { line: 1, column: 2 } } }] }] };
  assert.equal(walk(tree, { text: (node) => { assert.equal(placeOf(node), { line: 1, column: 1 }); return undefined; } }), []);
});

walking.run();
