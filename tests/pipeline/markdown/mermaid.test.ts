import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Code } from 'mdast';
import { describeDiagram, htmlInLabels, mermaidFigures, mermaidSources } from '../../../pipeline/stages/markdown/mermaid.ts';
import { contentHash } from '../../../pipeline/content-hash.ts';
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
  const id = `mermaid-${contentHash(source, 16)}`;
  const { problems, node, found } = figure(new Map([[contentHash(source, 16), { svg: `<svg id="${id}"><rect/></svg>` }]]));
  assert.equal(problems, []);
  assert.ok(found);
  assert.is(node.data.hName, 'figure');
  assert.equal(node.data.hProperties, { className: ['mermaid-diagram'], dataMermaidSvg: `<svg id="${id}"><rect/></svg>`, dataMermaidSource: undefined, dataMermaidLazy: undefined, dataLabel: 'Diagram: Aanvraag, Besluit' });
});

mermaid('should embed the drawing as the SVG schema keeps it: no HTML in a label, no handler, no id but the diagram\'s own', () => {
  const id = `mermaid-${contentHash(source, 16)}`;
  const drawn = `<svg id="${id}" onload="alert(1)"><g id="ontwikkelaarsportaal"><foreignObject><div><form action="https://evil.example/s"><input type="password"><button>OK</button></form></div></foreignObject></g><script>alert(1)</script></svg>`;
  const { node } = figure(new Map([[contentHash(source, 16), { svg: drawn }]]));
  assert.is(node.data.hProperties['dataMermaidSvg'], `<svg id="${id}"><g><foreignObject>OK</foreignObject></g></svg>`);
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

mermaid('should find HTML in labels by line, but not line breaks, mermaid\'s own arrows and annotations, or comments', () => {
  const found = htmlInLabels([
    'flowchart LR',
    '  A["<form action=\'https://evil.example/s\'><input type=\'password\'><button>OK</button></form>"] --> B["een<br>twee<br/>drie<br />"]',
    '  B <--> C["x < y"] -.-> D["<<interface>>"]',
    '  %% <b>niet in een label</b>',
    '  D --> E["<img src=x>"] & F["a<b"]',
  ].join('\n'));
  assert.equal(found, [
    { line: 1, column: 5, tags: ['<form>', '<input>', '<button>', '</button>', '</form>'] },
    { line: 4, column: 11, tags: ['<img>', '<b>'] },
  ]);
  assert.equal(htmlInLabels('sequenceDiagram\n  A->>B: hallo<br>daar\n  B-->>A: <<ok>>'), []);
});

mermaid('should warn about HTML in a label at the label\'s line and column, drawn or not', () => {
  const markdown = 'Tekst.\n\n```mermaid\nflowchart LR\n  A["<b>vet</b>"] --> B\n```\n\n> ```mermaid\n> flowchart LR\n>   C --> D["<i>schuin</i>"]\n> ```\n';
  const tree = parseMarkdownBody(markdown);
  const fences = [tree.children[1] as Code, (tree.children[2] as unknown as { children: Code[] }).children[0] as Code];
  for (const diagrams of [new Map(), null]) {
    const job = mermaidFigures('content/a.md', diagrams);
    const warnings = fences.flatMap((fence) => job.code(fence)?.problems ?? []).filter((p) => p.code === 'mermaid-html-label');
    assert.equal(warnings.map((p) => [p.severity, p.line, p.column]), [['warning', 5, 6], ['warning', 10, 14]]);
    assert.match(warnings[0]?.message ?? '', /<b>, <\/b>/);
  }
});

mermaid('should collect every distinct diagram source once, by hash', () => {
  const tree = parseMarkdownBody(`\`\`\`mermaid\n${source}\n\`\`\`\n\n> \`\`\`mermaid\n> ${source.replace('\n', '\n> ')}\n> \`\`\`\n\n\`\`\`js\nx\n\`\`\`\n`);
  assert.equal([...mermaidSources([tree])], [[contentHash(source, 16), source]]);
});

mermaid.run();
