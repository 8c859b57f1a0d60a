import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Heading } from 'mdast';
import { headingIds } from '../../../pipeline/stages/markdown/headings-and-toc.ts';
import { walk } from '../../../pipeline/stages/markdown/walk.ts';
import { parseMarkdownBody } from '../../../pipeline/stages/parse.ts';

const headings = suite('markdown: heading ids and TOC');

const run = (md: string, tocMin = 2, tocMax = 3) => {
  const tree = parseMarkdownBody(md);
  const job = headingIds({ tocMin, tocMax });
  walk(tree, { heading: job.heading });
  const ids = tree.children.filter((n): n is Heading => n.type === 'heading').map((h) => h.data?.hProperties?.id);
  return { tree, toc: job.toc, anchors: job.anchors, ids };
};

headings('should give GitHub-style slugs, with a suffix for a second use', () => {
  const { anchors, ids } = run('## Aan de slag\n\n## Aan de slag\n\n## API\'s & JSON\n');
  assert.equal(anchors, ['aan-de-slag', 'aan-de-slag-1', 'apis--json']);
  assert.equal(ids, anchors);
});

headings('should honour {#id} as written, take it out of the text, and suffix only a second use', () => {
  const { anchors, toc, tree } = run('## Stap één {#stap-1}\n\n## Anders {#stap-1}\n\n## Stap 1\n');
  assert.equal(anchors, ['stap-1', 'stap-1-1', 'stap-1-2']);
  assert.is(toc[0]?.text, 'Stap één');
  assert.equal((tree.children[0] as Heading).children, [{ type: 'text', value: 'Stap één', position: (tree.children[0] as Heading).children[0]?.position }]);
});

headings('should give a heading of only punctuation an id all the same', () => {
  assert.equal(run('## ?!\n\n## ?!\n').anchors, ['kop', 'kop-1']);
});

headings('should fill the TOC with the levels asked for, in document order, and anchor every heading', () => {
  const md = '# Titel\n\n## Twee\n\n### Drie\n\n#### Vier\n';
  assert.equal(run(md).toc, [{ id: 'twee', text: 'Twee', depth: 2 }, { id: 'drie', text: 'Drie', depth: 3 }]);
  assert.equal(run(md, 3, 4).toc.map((t) => t.depth), [3, 4]);
  assert.equal(run(md).anchors, ['titel', 'twee', 'drie', 'vier']);
});

headings('should start afresh for every page', () => {
  assert.equal(run('## X\n').anchors, ['x']);
  assert.equal(run('## X\n').anchors, ['x']);
});

headings.run();
