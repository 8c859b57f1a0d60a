/**
 * Issue 11: a cold build starts Chromium as soon as the sources are read
 * (`DiagramDrawer.expect`), and ends it by killing the process once the last
 * diagram is drawn. Neither may change what is drawn, start Chromium for a
 * build that draws nothing, or leave a browser or its profile behind.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DiagramDrawer, diagramChromiumPath, fencesMermaid } from '../../pipeline/io/mermaid.ts';
import { contentHash } from '../../pipeline/content-hash.ts';
import { skip } from '../skip.ts';

const test = suite('build: starting and ending Chromium for the diagrams');

const diagram = 'flowchart LR\n  A[Aanvraag] --> B[Besluit]';
const page = (body: string) => `---\ntitle: Pagina\n---\n\n${body}\n`;

/** Chromium processes running now, and the profiles the drawer makes in the temporary folder. */
const browsers = (): Set<string> => new Set(fs.readdirSync('/proc').filter((pid) => {
  try {
    return /^\d+$/.test(pid) && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('ontwikkelaarsportaal-mermaid-');
  } catch {
    return false;
  }
}));
const profiles = (): Set<string> => new Set(fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('ontwikkelaarsportaal-mermaid-')));
const added = <T>(before: Set<T>, after: Set<T>): T[] => [...after].filter((x) => !before.has(x));

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-test-'));

test('a mermaid fence is recognised where Markdown allows one, and prose about mermaid is not a fence', () => {
  for (const text of ['```mermaid\nA-->B\n```', '~~~ mermaid\nA-->B\n~~~', '````mermaid\n', '- ```mermaid\n', '1. ```mermaid\n', '> ```mermaid\n', '   ```mermaid', 'tekst\n\n```mermaid\n']) {
    assert.ok(fencesMermaid(text), text);
  }
  for (const text of ['Met mermaid teken je diagrammen.', 'Schrijf `mermaid` na de backticks.', '```mermaidx\n', '```js\nconst mermaid = 1;\n```', 'tekst ```mermaid']) {
    assert.not.ok(fencesMermaid(text), text);
  }
});

test('no Chromium for a build that has a diagram cache, or whose sources fence no diagram', async () => {
  const dir = tmp();
  const warm = new DiagramDrawer(dir);
  warm.expect([page('```mermaid\nflowchart LR\n  A --> B\n```')]);
  assert.not.ok(warm.started, 'the cache folder exists: this build starts Chromium only for a diagram it lacks');
  const cold = new DiagramDrawer(path.join(dir, 'mermaid'));
  cold.expect([page('Met mermaid teken je een diagram; zie de handleiding.'), 'titel: mermaid\n']);
  assert.not.ok(cold.started);
  assert.equal(await cold.finish(new Map()), new Map());
  fs.rmSync(dir, { recursive: true, force: true });
});

test('Chromium started early draws what a late start draws, and leaves no browser or profile behind', async () => {
  if (!fs.existsSync(diagramChromiumPath)) return skip(`no Chromium at ${diagramChromiumPath} (apt-get install chromium-headless-shell)`);
  const dir = tmp();
  const hash = contentHash(diagram, 16);
  const [browsersBefore, profilesBefore] = [browsers(), profiles()];

  const early = new DiagramDrawer(path.join(dir, 'early'));
  early.expect([page('Geen diagram hier.'), page(`\`\`\`mermaid\n${diagram}\n\`\`\``)]);
  assert.ok(early.started, 'a cold build with a fence starts Chromium before any diagram is found');
  early.draw(hash, diagram);
  const drawnEarly = await early.finish(new Map([[hash, diagram]]));
  assert.not.ok(early.started);

  const late = new DiagramDrawer(path.join(dir, 'late'));
  const drawnLate = await late.finish(new Map([[hash, diagram]]));

  assert.ok(drawnEarly?.get(hash) && 'svg' in drawnEarly.get(hash)!, JSON.stringify(drawnEarly));
  // The ids in the SVG are the same: both drew `mermaid-<hash>`.
  assert.equal(drawnEarly, drawnLate);
  assert.equal(added(browsersBefore, browsers()), [], 'no Chromium left running');
  assert.equal(added(profilesBefore, profiles()), [], 'no Chromium profile left in the temporary folder');
  fs.rmSync(dir, { recursive: true, force: true });
});

test('Chromium started early for a fence that holds no diagram is ended without drawing', async () => {
  if (!fs.existsSync(diagramChromiumPath)) return skip(`no Chromium at ${diagramChromiumPath} (apt-get install chromium-headless-shell)`);
  const dir = tmp();
  const [browsersBefore, profilesBefore] = [browsers(), profiles()];
  const drawer = new DiagramDrawer(path.join(dir, 'mermaid'));
  // A mermaid fence shown inside a Markdown example is no diagram of its own.
  drawer.expect([page('````markdown\n```mermaid\nflowchart LR\n  A --> B\n```\n````')]);
  assert.ok(drawer.started);
  drawer.allSent();
  assert.equal(await drawer.finish(new Map()), new Map());
  assert.not.ok(fs.existsSync(path.join(dir, 'mermaid')), 'nothing drawn, nothing cached');
  assert.equal(added(browsersBefore, browsers()), []);
  assert.equal(added(profilesBefore, profiles()), []);
  fs.rmSync(dir, { recursive: true, force: true });
});

test.run();
