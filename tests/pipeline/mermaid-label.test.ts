/**
 * A diagram label with a line break (`"Regel 1<br/>Regel 2"`): the diagram's
 * accessible name reads its text, "Regel 1 Regel 2", never the tag; whether
 * Chromium drew the diagram at build time or the browser draws it.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { renderMarkdown } from '../../pipeline/stages/markdown.ts';
import { parseMarkdownBody } from '../../pipeline/stages/parse.ts';
import { contentHash } from '../../pipeline/content-hash.ts';
import { Markdown } from '../../renderer/markdown.tsx';
import { newBodyTheme } from '../../theme/shell/body-theme.tsx';
import type { Diagram } from '../../pipeline/types.ts';
import { run } from '../helpers.ts';

const source = 'flowchart LR\n  A["Regel 1<br/>Regel 2"] --> B[Klaar]';
const markdown = `Zo loopt het:\n\n\`\`\`mermaid\n${source}\n\`\`\`\n`;

const test = suite('mermaid: a label with a line break');

/** Every aria-label in the HTML. */
const labels = (html: string): string[] => [...html.matchAll(/aria-label="([^"]*)"/g)].map((m) => m[1]!);

test('should name a diagram the browser draws by the label\'s text', () => {
  const generated = run({ 'kennisbank/diagram.md': `---\ntitle: Diagram\n---\n\n${markdown}` }, { render: true });
  assert.equal(generated.problems, []);
  const html = String(generated.files.find((f) => f.path === 'kennisbank/diagram/index.html')?.data ?? '');
  const diagram = labels(html).filter((l) => l.startsWith('Diagram'));
  assert.equal(diagram, ['Diagram: Regel 1 Regel 2, Klaar', 'Diagram: Regel 1 Regel 2, Klaar']);
  assert.not.match(html, /aria-label="[^"]*(&lt;|<)br/i);
});

test('should name a diagram drawn at build time by the label\'s text', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 40"><g class="node"><text>Regel 1</text><text>Regel 2</text></g></svg>';
  const diagrams = new Map<string, Diagram>([[contentHash(source, 16), { svg }]]);
  const { content, problems } = renderMarkdown(
    { tree: parseMarkdownBody(markdown), path: 'kennisbank/diagram.md', display: 'content/kennisbank/diagram.md', permalink: '/kennisbank/diagram', tocMin: 2, tocMax: 3, source: markdown },
    { permalinks: new Map(), drafts: new Set(), assets: new Map(), highlighter: null, diagrams },
  );
  assert.equal(problems, []);
  const html = renderToStaticMarkup(createElement(Markdown, { tree: content.body, siteHosts: [], bodyTheme: newBodyTheme() }));
  // The scrolling region and the figure with role img.
  assert.equal(labels(html), ['Diagram: Regel 1 Regel 2, Klaar', 'Diagram: Regel 1 Regel 2, Klaar']);
  assert.match(html, /<figure class="mermaid-diagram" role="img" aria-label="Diagram: Regel 1 Regel 2, Klaar">/);
});

test.run();
