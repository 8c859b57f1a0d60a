/**
 * The React pages of the Docusaurus fixture (src/pages/index.tsx and
 * src/pages/team/index.tsx), migrated and built unchanged: each is a page at
 * the path Docusaurus gives it, rendered at build time in our shell, with
 * what it imports resolved as Docusaurus' bundler resolves it (`@site/`
 * without an extension, JSON, an image, an SVG as a component, a package
 * from the site's own node_modules) and the Docusaurus API it uses.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { builtSite } from './site.ts';

const test = suite('docusaurus: React pages');

/** What the page's own code drew: the shell's main, which holds only the page. */
const main = (html: string): string => /<main id="hoofdinhoud"[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? '';
const scripts = (html: string): string[] => [...html.matchAll(/<script[^>]*>/g)].map((m) => m[0]);

test('the pages build without an error, and neither the test nor the _-file beside them is a page', async () => {
  const built = await builtSite();
  assert.equal(built.problems.filter((p) => p.file.startsWith('src/') && p.severity === 'error').map((p) => `${p.file}:${p.line} ${p.code} ${p.message}`), []);
  assert.equal(built.problems.filter((p) => p.code === 'page-not-built'), []);
  assert.ok(built.files.includes('index.html'));
  assert.ok(built.files.includes('team/index.html'));
  assert.not.ok(built.files.some((f) => /index\.test|_lid/.test(f)), built.files.filter((f) => f.includes('test')).join(' '));
});

test('the home page: its title and tagline from useDocusaurusContext, Heading, a translated Link, the description from Layout', async () => {
  const html = (await builtSite()).html('/');
  const page = main(html);
  assert.match(page, /^<div class="react-page">/);
  // The page's CSS module gives its classes names of their own, and its stylesheet comes with the page.
  assert.match(page, /<h1>Voorbeeldportaal<\/h1><p class="[a-z]+_ondertitel_[0-9a-f]{6}">Een proefsite voor ontwikkelaars bij de overheid<\/p>/);
  assert.match(html, /<link rel="stylesheet" href="\/assets\/componenten-[0-9a-f]{10}\.css"\/>/);
  // Translate finds its id in i18n/nl/code.json; translate() without one keeps its message.
  assert.match(page, '<a class="button" href="/docs/intro">Begin hier met lezen</a>');
  assert.match(page, '<h2 id="eerste-stappen">Eerste stappen</h2>');
  assert.match(html, '<meta name="description" content="De beginpagina van het voorbeeldportaal voor ontwikkelaars"/>');
  // customFields from docusaurus.config.js, carried over by migrate.
  assert.match(page, '<a href="mailto:portaal@voorbeeld.example.nl">portaal@voorbeeld.example.nl</a>');
  // The page's own <main> is inside ours: one main on the page.
  assert.is(html.match(/<main\b/g)?.length, 1);
});

test('the home page: a @site import without extension, an SVG as a component drawn inline, a package from the site\'s node_modules', async () => {
  const page = main((await builtSite()).html('/'));
  assert.match(page, '<ol><li><a href="/docs/intro">Lees de inleiding</a></li><li><a href="/community">Doe mee in de community</a></li><li><a href="/blog">Volg het blog</a></li></ol>');
  assert.match(page, /<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 32 32" width="32" height="32" role="img" aria-labelledby="logo-titel" class="[a-z]+_logo_[0-9a-f]{6}"><title id="logo-titel">Logo van het voorbeeldportaal<\/title><rect [^>]*\/><\/svg>/);
  assert.match(page, '<ul class="gemeente-kaartjes"><li class="gemeente-kaartje"><a href="/team">Het team</a></li>');
});

test('the team page in a subfolder: /team/, its title from Layout, useLocation, JSON, a hashed image, a component through @site', async () => {
  const built = await builtSite();
  const html = built.html('/team/');
  const page = main(html);
  assert.match(html, '<title>Het team | Voorbeeldportaal</title>');
  assert.match(page, '<h1>Het team</h1><p>Je leest nu <code>/team/</code>.</p>');
  const image = /<img src="(\/assets\/voorvertoning-[0-9a-f]{10}\.png)" alt="Het team aan het werk" width="320"\/?>/.exec(page);
  assert.ok(image, page);
  assert.ok(built.files.includes(image![1]!.slice(1)), 'the image is published at the URL the page names');
  assert.equal(fs.readFileSync(path.join(built.out, image![1]!)), fs.readFileSync(path.join(built.dir, 'static/img/voorvertoning.png')));
  assert.match(page, '<ul><li>Fatima, ontwikkelaar</li><li>Joost, schrijver</li></ul>');
  assert.match(page, /<div class="kenmerk"><svg [^>]*aria-hidden="true" class="kenmerk-tekening"[^>]*>/);
  assert.match(page, '<p><a href="/docs/intro">Lees de inleiding</a> of ga <a href="/">terug naar het begin</a>.</p>');
});

test('a React page without interactive parts ships the same JavaScript as a Markdown page', async () => {
  const built = await builtSite();
  assert.equal(scripts(built.html('/team/')), scripts(built.html('/over')));
  assert.equal(scripts(built.html('/')), scripts(built.html('/over')));
});

test('the pages are in the search index and the sitemap like any page', async () => {
  const built = await builtSite();
  const sitemap = built.html('sitemap.xml');
  assert.match(sitemap, /<loc>[^<]*\/team\/<\/loc>/);
  const index = built.files.find((f) => /^assets\/search-index-.*\.json$/.test(f) || /zoekindex|search/.test(f) && f.endsWith('.json'));
  if (index) assert.match(built.html(index), /Fatima/);
});

test('migrate names the pages folder (its React pages run) and carries customFields over', async () => {
  const built = await builtSite();
  const site = parseYaml(fs.readFileSync(path.join(built.dir, 'dist-config/site.yml'), 'utf8')) as { content: { pages: { path: string } }; customFields: unknown };
  assert.equal(site.content.pages, { path: 'src/pages' });
  assert.equal(site.customFields, { contactAdres: 'portaal@voorbeeld.example.nl' });
  assert.not.match(built.migrate.stdout, /React-pagina/);
});

test.run();
