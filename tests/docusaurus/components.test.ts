/**
 * The MDX components in the built HTML of the Docusaurus fixture
 * (docs/componenten/): the card list of the category page, tabs that read
 * without JavaScript, and the site's own components from src/components,
 * rendered at build time and held to the rules of content.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { builtSite } from './site.ts';

const test = suite('docusaurus: MDX components');

const body = (html: string) => /<div class="markdown">[\s\S]*?<\/article>/.exec(html)?.[0] ?? '';

test('the fixture builds with no error', async () => {
  const built = await builtSite();
  assert.equal(built.problems.filter((p) => p.severity === 'error').map((p) => `${p.file}:${p.line} ${p.code}`), []);
});

test('<DocCardList /> shows the category\'s pages in sidebar order with their descriptions, where the author put it, once', async () => {
  const page = body((await builtSite()).html('/docs/componenten/'));
  const cards = [...page.matchAll(/<h2 class="card-title"><a href="([^"]+)">([^<]+)<\/a><\/h2>(<p class="card-description">([^<]*)<\/p>)?/g)].map((m) => [m[1], m[2], m[4] ?? null]);
  assert.equal(cards.map((c) => c[0]), ['/docs/componenten/tabs', '/docs/componenten/alles', '/docs/componenten/tabs-vervolg']);
  assert.equal(cards[0]![2], 'Dezelfde stap voor verschillende systemen, naast elkaar.');
  assert.equal(cards[1]![2], 'Elk component op één pagina.');
  assert.match(page, /gebruiken\. Deze categorie heeft een pagina per soort\.<\/p>\s*<div class="doc-card-list">/);
  assert.match(page, /<\/div>\s*<p>Na de kaarten gaat de tekst verder\.<\/p>/);
});

test('tabs: every panel in the HTML under a heading with its label, the default marked, groupId and queryString for the shell', async () => {
  const page = body((await builtSite()).html('/docs/componenten/tabs'));
  const sets = [...page.matchAll(/<div class="tabs" data-tabs=""([^>]*)>/g)].map((m) => m[1]);
  assert.equal(sets, [' data-group-id="os"', ' data-group-id="os"', ' data-group-id="taal" data-query-string="taal"']);
  const headings = [...page.matchAll(/<h3 class="tabs-panel-heading">([^<]+)<\/h3>/g)].map((m) => m[1]);
  assert.equal(headings, ['Linux', 'macOS', 'Windows', 'Linux', 'macOS', 'Windows', 'JavaScript', 'Python']);
  assert.match(page, '<div class="tabs-panel" data-tab-value="linux" data-tab-default=""><h3 class="tabs-panel-heading">Linux</h3><p>Installeer met <code>apt install curl</code>.</p></div>');
  // defaultValue="py" wins over the first item; the code in a tab is highlighted as anywhere.
  assert.match(page, /data-tab-value="py" data-tab-default="">/);
  assert.match(page, /data-tab-value="js"><h3 class="tabs-panel-heading">JavaScript<\/h3><figure class="code-block" data-language="js">/);
  assert.not.match(page, /<div class="tabs-panel"[^>]*hidden/);
});

test('the site\'s own components render at build time, with their CSS module\'s scoped class names and our Link, never as script', async () => {
  const built = await builtSite();
  const page = body(built.html('/docs/componenten/alles'));
  assert.match(page, '<div class="site-component" data-component="Kaart"><section class="kaart"><h3>Een eigen kaart</h3><div><p>Tekst in de kaart, met een <a href="/docs/intro">link naar de inleiding</a>.</p></div></section></div>');
  assert.match(page, /<div class="site-component" data-component="Tegel"><div class="Tegel_tegel_([0-9a-f]{6}) Tegel_nadruk_\1"><a class="Tegel_titel_\1" href="\/docs\/componenten\/tabs">Naar de tabs<\/a>/);
  // A .js component (JSX in JavaScript, as Docusaurus' JavaScript template has them) with a helper module beside it.
  assert.match(page, '<figure class="citaat"><blockquote><p>Een goede handleiding begint bij de vraag van de lezer.</p></blockquote><figcaption>Bron: de werkgroep</figcaption></figure>');
  assert.not.ok(built.problems.some((p) => p.file.includes('Citaat')), 'the helper beside it is no mistake');
  // No component code reaches the site; its CSS only in the stylesheet of the pages that use it, scoped.
  assert.not.ok(built.files.some((f) => /Kaart|Tegel|Citaat|bron\.js|styles\.module/i.test(f)), 'no file of a component is published');
  for (const file of built.files.filter((f) => f.endsWith('.css'))) assert.not.match(built.html(file), /(^|[^_])\.tegel\b/, file);
});

test.run();
