/**
 * Every MDX form of the Docusaurus fixture (docs/mdx/alle-vormen.mdx): first
 * through the parse and markdown stages in memory (what the stage hands the
 * renderer), then in the built HTML of the migrated site.
 */
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Nodes as HastNodes } from 'hast';
import { parseMarkdown } from '../../pipeline/stages/parse.ts';
import { renderMarkdown } from '../../pipeline/stages/markdown.ts';
import { valueOf, problemsOf } from '../../pipeline/result.ts';
import { builtSite, siteFixture } from './site.ts';

const test = suite('docusaurus: MDX forms');
const page = 'docs/mdx/alle-vormen.mdx';
const text = fs.readFileSync(path.join(siteFixture, page), 'utf8');

function stages() {
  const parsed = parseMarkdown({ path: page, display: page, text }, undefined, 'detect');
  const tree = valueOf(parsed)!.tree;
  const rendered = renderMarkdown({ tree, path: page, display: page, permalink: '/docs/mdx/alle-vormen', tocMin: 2, tocMax: 3, source: text }, {
    permalinks: new Map([['docs/intro.md', '/docs/intro']]),
    drafts: new Set(),
    assets: new Map([['docs/mdx/img/schets.png', { path: 'docs/mdx/img/schets.png', url: '/assets/schets.1234.png', bytes: new Uint8Array(), width: 4, height: 4 } as never]]),
    highlighter: null,
    diagrams: new Map(),
    mdx: { unknownComponents: 'error', componentsFolder: 'src/components', siteComponents: new Set(['Kaart', 'Tegel']), staticFolders: ['static'] },
  });
  return { parseProblems: problemsOf(parsed), ...rendered };
}

/** The components left in the hast, by name, in order. */
function components(node: HastNodes, found: string[] = []): string[] {
  if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') found.push(node.name ?? '');
  if ('children' in node) for (const child of node.children) components(child as HastNodes, found);
  return found;
}

test('the page goes through the stages with no problem, and leaves only canonical components', () => {
  const { parseProblems, problems, content } = stages();
  assert.equal([...parseProblems, ...problems], []);
  assert.equal(components(content.body), ['Tabs', 'TabItem', 'TabItem', 'Site$Kaart', 'Site$Tegel', 'DocCardList', 'Tabs', 'TabItem']);
  assert.ok(content.docCardList);
  assert.equal(content.links.map((l) => l.url), ['/docs/intro']);
  assert.equal(content.toc.map((t) => t.id), ['tabbladen', 'een-link-als-component', 'een-melding-als-component', 'uitklappen', 'code-als-component', 'html-in-jsx', 'eigen-componenten', 'kaarten-van-deze-categorie']);
});

test('the built page shows every form', async () => {
  const built = await builtSite();
  assert.equal(built.problems.filter((p) => p.file.endsWith('alle-vormen.mdx')).map((p) => `${p.line}:${p.column} ${p.code} ${p.message}`), []);
  const html = built.html('/docs/mdx/alle-vormen');
  assert.match(html, 'id="tabbladen"');
  assert.match(html, 'Goedemorgen.');
  assert.match(html, 'Goeie moarn.');
  assert.match(html, 'Nederlands');
  assert.match(html, /<a href="\/docs\/intro">de inleiding<\/a>/);
  assert.match(html, /admonition-info/);
  assert.match(html, 'Goed om te weten');
  assert.match(html, /<details[^>]*><summary>Meer over deze pagina<\/summary>/);
  assert.match(html, /groet\.ts/);
  assert.match(html, /<kbd>Ctrl<\/kbd>/);
  assert.match(html, 'letterlijke tekst');
  assert.match(html, /<img src="\/assets\/[^"]*schets[^"]*\.png"/);
  assert.match(html, /<img src="\/img\/logo\.svg"/);
  assert.match(html, /<figcaption>Een schets naast de pagina\.<\/figcaption>/);
  assert.match(html, 'Een kaart');
  assert.match(html, 'In een mdx-code-block.');
  assert.not.match(html, /Dit commentaar|HTML-commentaar|mdx-code-block\n|talen = |import /);
});

test.run();
