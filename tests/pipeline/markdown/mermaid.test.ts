import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Code } from 'mdast';
import { describeDiagram, mermaidFigures, mermaidSources } from '../../../pipeline/stages/markdown/mermaid.ts';
import { contentHash } from '../../../pipeline/stages/assets.ts';
import { parseMarkdownBody } from '../../../pipeline/stages/parse.ts';
import type { Diagram } from '../../../pipeline/types.ts';

const mermaid = suite('markdown: mermaid');

const source = 'flowchart LR\n  A[Aanvraag] --> B[Besluit]';
const fence = (): Code => parseMarkdownBody(`\`\`\`mermaid\n${source}\n\`\`\`\n`).children[0] as Code;
const figure = (diagrams: ReadonlyMap<string, Diagram> | null) => {
  const job = mermaidFigures('content/a.md', diagrams);
  const visit = job.code(fence());
  const node = visit?.replace?.[0] as unknown as { type: string; data: { hName: string; hProperties: Record<string, unknown> } };
  return { problems: visit?.problems?.map((p) => p.code) ?? [], node, found: job.found() };
};

mermaid('should replace the fence by a figure with the drawn SVG and a text alternative', () => {
  const { problems, node, found } = figure(new Map([[contentHash(source, 16), { svg: '<svg/>' }]]));
  assert.equal(problems, []);
  assert.ok(found);
  assert.is(node.data.hName, 'figure');
  assert.equal(node.data.hProperties, { className: ['mermaid-diagram'], dataMermaidSvg: '<svg/>', dataMermaidSource: undefined, dataMermaidLazy: undefined, dataLabel: 'Diagram: Aanvraag, Besluit' });
});

mermaid('should keep the source for the browser when the diagram was not drawn, and warn only without Chromium', () => {
  const lazy = figure(new Map());
  assert.equal(lazy.problems, []);
  assert.is(lazy.node.data.hProperties['dataMermaidSource'], source);
  assert.is(lazy.node.data.hProperties['dataMermaidLazy'], '');
  assert.equal(figure(null).problems, ['mermaid-unavailable']);
});

mermaid('should report a diagram Chromium could not draw', () => {
  assert.equal(figure(new Map([[contentHash(source, 16), { error: 'Parse error' }]])).problems, ['mermaid-syntax']);
});

mermaid('should describe a diagram by its labels, and say where to look when it has none', () => {
  assert.is(describeDiagram('sequenceDiagram\n  participant A as Aanvrager\n  participant B'), 'Aanvrager, B');
  assert.is(describeDiagram('graph TD'), 'zie de broncode van het diagram');
  assert.not.ok(mermaidFigures('content/a.md', new Map()).found());
});

mermaid('should collect every distinct diagram source once, by hash', () => {
  const tree = parseMarkdownBody(`\`\`\`mermaid\n${source}\n\`\`\`\n\n> \`\`\`mermaid\n> ${source.replace('\n', '\n> ')}\n> \`\`\`\n\n\`\`\`js\nx\n\`\`\`\n`);
  assert.equal([...mermaidSources([tree])], [[contentHash(source, 16), source]]);
});

mermaid.run();
