/**
 * What real Docusaurus sites hold, in the fixture's own words
 * (docs/praktijk/, and two MDX blog posts): a button with a click handler,
 * components a page defines itself with `export const`, heading ids in
 * comments, a `.md` file read as MDX with imports at its top, CodeBlock and
 * images through require/useBaseUrl. Each page builds without an error and
 * keeps what its Markdown asked for.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { builtSite } from './site.ts';

const test = suite('docusaurus: what real sites hold');

/** The article body of a built page. */
async function body(route: string): Promise<string> {
  const html = (await builtSite()).html(route);
  return html.slice(html.indexOf('<div class="markdown">'), html.indexOf('<footer'));
}

const problemsIn = async (file: string) => (await builtSite()).problems.filter((p) => p.file === file);
const lines = (problems: ReadonlyArray<{ code: string; line: number; column: number }>) => problems.map((p) => `${p.line}:${p.column} ${p.code}`);

test('no page of these builds with an error', async () => {
  const site = await builtSite();
  const errors = site.problems.filter((p) => p.severity === 'error' && (p.file.startsWith('docs/praktijk/') || p.file.includes('afkappen')));
  assert.equal(errors.map((p) => `${p.file}:${p.line} ${p.code} ${p.message}`), []);
});

test('a button keeps its place and its text; its click handler is left out with a warning at the attribute', async () => {
  const html = await body('/docs/praktijk/knop');
  assert.match(html, /<button type="button">Probeer het<\/button>/);
  assert.match(html, /<p>Ook in een zin: <button>nog een<\/button> knop.<\/p>/);
  assert.not.match(html, /onclick|alert/i);
  const problems = await problemsIn('docs/praktijk/knop.mdx');
  assert.equal(lines(problems), ['8:23 mdx-handler-dropped', '10:25 mdx-handler-dropped']);
  assert.match(problems[0]!.message, /onClick op <button> wordt weggelaten/);
  assert.is(problems[0]!.severity, 'warning');
});

test('a component the page defines with export is filled in at each use: props, defaults, template literals, children', async () => {
  const html = await body('/docs/praktijk/eigen-component');
  assert.match(html, /<p>Dit is <mark title="gemarkeerd: groen">een groene markering<\/mark> in een zin.<\/p>/);
  assert.match(html, /<mark title="blauw gemaakt: blauw">een blauwe<\/mark> en druk daarna op <kbd class="toets-groot">Enter<\/kbd>./);
  // A fragment gives its elements in the component's place.
  assert.match(html, /<strong>Let op:<\/strong>\s*<em>lees dit eerst.<\/em>/);
  assert.not.match(html, /style=|onclick|alert/i);
  assert.not.match(html, /Markering|Toets|Waarschuwing/);
  // What the template holds that the page may not have (style, a handler) goes with its warning, at each use.
  const problems = await problemsIn('docs/praktijk/eigen-component.mdx');
  assert.equal(lines(problems), ['31:8 mdx-handler-dropped', '31:8 mdx-style-ignored', '33:8 mdx-handler-dropped', '33:8 mdx-style-ignored']);
});

test('a comment at the end of a heading gives its id as in Docusaurus 3; a comment without # does not, and no comment is in the text', async () => {
  const html = (await builtSite()).html('/docs/praktijk/kop-ids');
  assert.match(html, /<h2 id="installatie">Installeren<a class="hash-link" href="#installatie"/);
  assert.match(html, /<h3 id="controle">Controleren<a/);
  assert.match(html, /<h2 id="een-opmerking-zonder-id">Een opmerking zonder id<a class="hash-link" href="#een-opmerking-zonder-id" aria-label="Direct link naar Een opmerking zonder id">/);
  assert.not.match(html, /\/\*|\*\//);
  assert.match(html, /<a href="#installatie">Installeren<\/a>/);
  assert.equal(await problemsIn('docs/praktijk/kop-ids.mdx'), []);
});

test('a .md file read as MDX: Tabs imported at the top, code titles and line ranges, an admonition title, details, a table, entities, br and img', async () => {
  const html = await body('/docs/praktijk/tabbladen-in-md');
  assert.not.match(html, /import|&lt;|:::/);
  assert.match(html, /<div class="tabs" data-tabs="" data-group-id="systeem"><div class="tabs-panel" data-tab-value="linux" data-tab-default=""><h3 class="tabs-panel-heading">Linux<\/h3><figure class="code-block" data-language="bash"><figcaption class="code-block-title">installeer.sh<\/figcaption>/);
  assert.is(html.match(/class="line highlighted"/g)?.length, 3);
  assert.match(html, /<aside class="admonition admonition-tip" aria-label="Handig om te weten">/);
  assert.match(html, /<details><summary>Wat doet het script\?<\/summary><p>Het haalt de <strong>nieuwste<\/strong> versie op en:<\/p><ul>/);
  assert.match(html, /<th style="text-align:center">Commando<\/th>/);
  assert.match(html, /<p>Eerste regel<br\/>tweede regel, © de makers &amp; co, een\u00a0harde spatie en € 5.<\/p>/);
  assert.match(html, /<img src="\/img\/logo.svg" width="300" alt="Het logo, smal"/);
  assert.match(html, /<img src="\/assets\/plattegrond-[0-9a-f]+\.png" alt="Een plattegrond"/);
  assert.match(html, /<p align="center">\s*<img src="\/img\/logo.svg" alt="Het logo in het midden"/);
  assert.equal(await problemsIn('docs/praktijk/tabbladen-in-md.md'), []);
});

test('CodeBlock with a title and line numbers; images through require (beside the page and @site/static) and useBaseUrl', async () => {
  const html = await body('/docs/praktijk/codeblok-import');
  assert.match(html, /<figure class="code-block" data-language="yaml"><figcaption class="code-block-title">instellingen.yml<\/figcaption><pre[^>]*><code class="line-numbers"/);
  assert.match(html, /<figcaption class="code-block-title">\/src\/groet.js<\/figcaption>/);
  assert.is(html.match(/class="line highlighted"/g)?.length, 1);
  assert.match(html, /<img src="\/assets\/plattegrond-[0-9a-f]+\.png" alt="De plattegrond via require" width="200"/);
  assert.match(html, /<img src="\/img\/logo.svg" alt="Het logo via useBaseUrl"/);
  assert.match(html, /<figure><img src="\/img\/voorvertoning.png" alt="De voorvertoning"[^>]*><figcaption>Uit de statische map.<\/figcaption><\/figure>/);
  assert.equal(await problemsIn('docs/praktijk/codeblok-import.mdx'), []);
});

test('a Link alone on its line keeps its text, as one in a sentence does', async () => {
  const html = await body('/docs/praktijk/link-op-een-regel');
  assert.match(html, /<p><a href="\/docs\/intro">Naar de <strong>inleiding<\/strong><\/a><\/p>/);
  assert.match(html, /<p>Ook in een zin: <a href="\/docs\/intro">de inleiding<\/a>.<\/p>/);
  // target goes with a warning; the theme opens a link to another site in a new tab itself, and says so.
  assert.match(html, /<a href="https:\/\/www.overheid.nl" class="external" target="_blank" rel="noopener noreferrer">de overheid/);
  assert.equal(lines(await problemsIn('docs/praktijk/link-op-een-regel.mdx')), ['12:54 mdx-target-ignored']);
  // An HTML link in JSX is a link like any other: a .md path becomes its page, and what it holds stays.
  assert.match(html, /<p><a href="\/docs\/intro" title="Begin hier" class="knop">De inleiding, als HTML-link<\/a><\/p>/);
  assert.match(html, /<p><a href="\/docs\/intro"><img src="\/img\/logo.svg" alt="Naar de inleiding"[^>]*><\/a><\/p>/);
});

test('TOCInline places the page\'s headings as nested links, within the levels it is given; <head> is left out with a warning', async () => {
  const html = await body('/docs/praktijk/inhoud-op-de-pagina');
  const lists = html.match(/<ul class="toc-inline">[^]*?<\/ul>\s*<\/li>\s*<li><a href="#uitvoeren">Uitvoeren<\/a><\/li>\s*<\/ul>|<ul class="toc-inline">[^]*?<\/ul>/g) ?? [];
  assert.is(lists.length, 2);
  assert.match(lists[0]!, /<li><a href="#voorbereiden">Voorbereiden<\/a>\s*<ul>\s*<li><a href="#wat-je-nodig-hebt">Wat je nodig hebt<\/a><\/li>\s*<li><a href="#wie-je-nodig-hebt">Wie je nodig hebt<\/a><\/li>\s*<\/ul>\s*<\/li>\s*<li><a href="#uitvoeren">Uitvoeren<\/a><\/li>/);
  assert.is(lists[1], '<ul class="toc-inline">\n<li><a href="#voorbereiden">Voorbereiden</a></li>\n<li><a href="#uitvoeren">Uitvoeren</a></li>\n</ul>');
  assert.not.match(lists.join(''), /te-diep/);
  assert.not.match(html, /keywords|<meta/);
  const problems = await problemsIn('docs/praktijk/inhoud-op-de-pagina.mdx');
  assert.equal(lines(problems), ['8:1 mdx-head-ignored']);
});

test('a summary or title written as JSX keeps its markup, as Details and Admonition show it in Docusaurus', async () => {
  const html = await body('/docs/praktijk/rijke-titels');
  assert.match(html, /<details><summary><span>Meer over <strong>sleutels<\/strong><\/span><\/summary><p>Een sleutel bewaar je in een kluis.<\/p><\/details>/);
  assert.match(html, /<aside class="admonition admonition-warning" aria-label="Let op: geheim"><p class="admonition-heading"><svg[^]*?<\/svg>Let op: <code>geheim<\/code><\/p>/);
  assert.equal(await problemsIn('docs/praktijk/rijke-titels.mdx'), []);
});

test('BrowserOnly shows its fallback (or nothing) with a warning; its function is never run', async () => {
  const html = await body('/docs/praktijk/alleen-in-de-browser');
  assert.match(html, /<div class="markdown"><p>De kaart verschijnt in de browser.<\/p>\s*<p>In een zin:  en verder.<\/p>/);
  assert.not.match(html, /window|navigator/);
  assert.equal(lines(await problemsIn('docs/praktijk/alleen-in-de-browser.mdx')), ['8:1 mdx-browser-only', '12:13 mdx-browser-only']);
});

test('an MDX blog post is cut at <!-- truncate --> and at {/* truncate */} in the list', async () => {
  const list = (await builtSite()).html('/blog/tags/nieuws');
  assert.match(list, /<p>Dit stuk staat in de lijst met berichten.<\/p><\/div>/);
  assert.match(list, /<p>Ook dit stuk staat in de lijst.<\/p><\/div>/);
  assert.not.match(list, /alleen op (de pagina van het bericht|de eigen pagina)/);
  assert.match((await builtSite()).html('/blog/2023/06/01/afkappen-in-mdx'), /Dit stuk staat alleen op de pagina van het bericht./);
});

test.run();
