/**
 * The theme's component map (`src/theme/MDXComponents.tsx`, `mdx.componentMap`):
 * in the markdown stage, its entries (keys `$<name>`, as the box reports them)
 * resolve where a page uses them without an import; in the box's loader, the
 * entries the map adds are found by the mark of `@theme-original/MDXComponents`,
 * and those that replace what our renderer draws are left out with one warning.
 * Then in the built Docusaurus fixture: the components render, with the
 * CSS module's scoped classes and its stylesheet only where it is used.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Nodes as HastNodes } from 'hast';
import { parseMarkdown } from '../../pipeline/stages/parse.ts';
import { renderMarkdown } from '../../pipeline/stages/markdown.ts';
import { valueOf } from '../../pipeline/result.ts';
import { mapEntries } from '../../pipeline/io/site-component-map.ts';
import original from '../../theme/mdx/mdx-components.tsx';
import { builtSite } from './site.ts';

const test = suite('docusaurus: the theme\'s component map');

function render(text: string, siteComponents: ReadonlySet<string>) {
  const page = 'docs/kaart.mdx';
  const tree = valueOf(parseMarkdown({ path: page, display: page, text }, undefined, 'mdx'))!.tree;
  return renderMarkdown({ tree, path: page, display: page, permalink: '/docs/kaart', tocMin: 2, tocMax: 3, source: text }, {
    permalinks: new Map(), drafts: new Set(), assets: new Map(), highlighter: null, diagrams: new Map(),
    mdx: { unknownComponents: 'error', componentsFolder: 'src/components', siteComponents, staticFolders: ['static'] },
  });
}

function components(node: HastNodes, found: string[] = []): string[] {
  if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') found.push(node.name ?? '');
  if ('children' in node) for (const child of node.children) components(child as HastNodes, found);
  return found;
}

test('a map entry resolves without an import; an import of the same name still wins', () => {
  const text = 'Een <Markering>zin</Markering>.\n\n<Stap nummer={1} titel="Begin">\n\nTekst\n\n</Stap>\n';
  const made = render(text, new Set(['$Markering', '$Stap', 'Kaart']));
  assert.equal(made.problems.map((p) => p.code), []);
  assert.equal(components(made.content.body), ['Site$$Markering', 'Site$$Stap']);
  const imported = render(`import Stap from '@site/src/components/Kaart';\n\n<Stap />\n`, new Set(['$Stap', 'Kaart']));
  assert.equal(components(imported.content.body), ['Site$Kaart']);
});

test('without the map, the same page has unknown components', () => {
  const made = render('Een <Markering>zin</Markering>.\n', new Set(['Kaart']));
  assert.equal(made.problems.map((p) => p.code), ['mdx-unknown-component']);
});

test('the map\'s own entries are found; the original ones and non-components are not', () => {
  const Markering = () => null;
  const { entries, problems } = mapEntries({ ...original, Markering, versie: '1.0' }, 'src/theme/MDXComponents.tsx');
  assert.equal(entries.map(([name]) => name), ['Markering']);
  assert.equal(problems, []);
});

test('entries that replace what the theme draws are left out, with one warning that names them', () => {
  const Eigen = () => null;
  const { entries, problems } = mapEntries({ ...original, a: Eigen, code: Eigen, Details: Eigen, Tabs: Eigen, Markering: Eigen }, 'src/theme/MDXComponents.tsx');
  assert.equal(entries.map(([name]) => name), ['Markering']);
  assert.is(problems.length, 1);
  assert.is(problems[0]!.severity, 'warning');
  assert.match(problems[0]!.message, '(Details, code, a, Tabs)');
});

test('a map that exports no object is a warning, not a crash', () => {
  assert.equal(mapEntries(undefined, 'src/theme/MDXComponents.tsx').problems.map((p) => p.code), ['site-component-invalid']);
});

const body = (html: string) => /<div class="markdown">[\s\S]*?<\/article>/.exec(html)?.[0] ?? '';
const stylesheets = (html: string) => [...(/<head>[\s\S]*?<\/head>/.exec(html)?.[0] ?? '').matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);

test('in the built fixture, Markdown uses the map\'s two components without an import', async () => {
  const built = await builtSite();
  assert.equal(built.problems.filter((p) => p.file.includes('zonder-import') || p.file.includes('src/theme')).map((p) => `${p.code} ${p.message}`), []);
  assert.not.ok(built.problems.some((p) => p.code === 'site-code-ignored' && p.message.includes('MDXComponents')), 'the named map is no unnamed code');
  const page = body(built.html('/docs/praktijk/zonder-import'));
  assert.match(page, /<span class="site-component" data-component="Markering"><mark class="markering_markering_[0-9a-f]{6}">deze markering<\/mark><\/span>/);
  assert.match(page, '<section class="stap" aria-label="Stap 1: Vraag een sleutel aan"><p class="stap-kop"><strong>Stap 1</strong>: Vraag een sleutel aan</p><div><p>Vul het formulier in en wacht op de <strong>bevestiging</strong>.</p></div></section>');
  assert.match(page, 'aria-label="Stap 2: Probeer de sleutel uit"');
});

test('a CSS module\'s classes are scoped, and its stylesheet is linked only on the pages that use it, after the theme\'s', async () => {
  const built = await builtSite();
  const used = stylesheets(built.html('/docs/praktijk/zonder-import'));
  assert.is(used.length, 3);
  assert.match(used[0]!, /^\/assets\/styles-/);
  assert.match(used[1]!, /^\/assets\/componenten-[0-9a-f]+\.css$/);
  const css = built.html(used[1]!.slice(1));
  assert.match(css, /\.markering_markering_[0-9a-f]{6} \{/);
  assert.match(css, /@media \(min-width: 37\.5em\) \{\n {2}\.markering_markering_[0-9a-f]{6} \{/);
  assert.not.match(css, /(^|[^_])\.markering \{/);
  // A page without components links the theme and customCss only; a page with another component, that one's.
  assert.equal(stylesheets(built.html('/docs/intro')).length, 2);
  const tegel = stylesheets(built.html('/docs/componenten/alles'));
  assert.is(tegel.length, 3);
  assert.is.not(tegel[1], used[1]);
  assert.match(built.html(tegel[1]!.slice(1)), /\.Tegel_tegel_[0-9a-f]{6} \{/);
  assert.not.match(built.html(tegel[1]!.slice(1)), 'markering');
});

test.run();
