/**
 * Docusaurus' rules for docs in the built HTML of the Docusaurus fixture:
 * titles from the first `# heading`, number prefixes, `_category_` files in
 * both formats, generated index pages and the hand-written sidebars file.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { builtMistakes, builtSite } from './site.ts';

const test = suite('docusaurus: docs rules');

const h1s = (html: string) => [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => m[1]?.replace(/<[^>]+>/g, '').trim());
const titleOf = (html: string) => /<title>(.*?)<\/title>/.exec(html)?.[1] ?? '';
const sidebarOf = (html: string) => /<aside class="docs-sidebar"[\s\S]*?<\/aside>/.exec(html)?.[0] ?? '';

test('a doc without a title takes its first # heading, which is its only h1', async () => {
  const page = (await builtSite()).html('/docs/handleiding/voorbereiden');
  assert.equal(h1s(page), ['Voorbereiden']);
  assert.match(titleOf(page), /^Voorbereiden \|/);
  assert.match(page, /<meta name="description" content="Zet je gereedschap klaar/);
});

test('with a title and a leading # heading the heading is the only h1; the title names the page', async () => {
  const page = (await builtSite()).html('/docs/handleiding/afronden');
  assert.equal(h1s(page), ['Afronden']);
  assert.match(titleOf(page), /^Afronden en opleveren \|/);
});

test('without title and heading the file name without number is the title, with a warning', async () => {
  const built = await builtSite();
  assert.equal(h1s(built.html('/docs/handleiding/uitvoeren')), ['uitvoeren']);
  assert.ok(built.problems.some((p) => p.code === 'title-from-file-name' && p.severity === 'warning' && p.file.endsWith('docs/02-handleiding/3-uitvoeren.md')));
});

test('number prefixes leave URLs and order the sidebar; dates, versions and parse_number_prefixes: false keep them', async () => {
  const built = await builtSite();
  for (const route of ['/docs/handleiding/2024-05-02-logboek', '/docs/handleiding/extra/1.2-versies', '/community/meedoen/eerst', '/community/1-meedoen/10-daarna']) {
    assert.ok(built.html(route).length > 0, route);
  }
  const bar = sidebarOf(built.html('/docs/intro'));
  const at = (label: string) => bar.indexOf(`>${label}<`);
  // 01, 3, 04 (a folder), 10; the dated page has no prefix and comes last.
  assert.ok(at('Voorbereiden') > 0 && at('Voorbereiden') < at('uitvoeren') && at('uitvoeren') < at('Extra stof') && at('Extra stof') < at('Afronden') && at('Afronden') < at('Logboek van 2 mei'), bar);
});

test('the hand-written sidebars: generated index, html, a doc with its own label and class, a doc in no sidebar', async () => {
  const built = await builtSite();
  const bar = sidebarOf(built.html('/docs/intro'));
  assert.match(bar, /<li class="menu-item menu-category[^"]*zijbalk-handleiding"/);
  assert.match(bar, /href="\/docs\/handleiding-overzicht"[^>]*>Handleiding</);
  assert.match(bar, /<li class="menu-item menu-html menu-link"><strong>Hulp nodig\?<\/strong> Vraag het de community\.<\/li>/);
  assert.match(bar, /<li class="menu-item herhaling"><a [^>]*href="\/docs\/handleiding\/afronden"[^>]*>Nog eens: afronden</);
  assert.match(bar, /<li class="menu-item laatste-stap"><a [^>]*>Afronden</);
  const overview = built.html('/docs/handleiding-overzicht');
  assert.equal(h1s(overview), ['De hele handleiding']);
  assert.match(overview, /Van voorbereiden tot afronden\./);
  assert.match(overview, /<h2 class="card-title"><a href="\/docs\/handleiding\/voorbereiden">/);
  assert.is(sidebarOf(built.html('/docs/los-van-de-zijbalk')), '');
});

test('_category_.yml and _category_.json: label, position, class, generated index with its slug, a doc link, no toggle', async () => {
  const built = await builtSite();
  const extra = built.html('/docs/category/extra-stof');
  assert.equal(h1s(extra), ['Extra stof']);
  assert.match(extra, /Verdieping voor wie meer wil weten\./);
  assert.match(extra, /href="\/docs\/handleiding\/extra\/achtergrond"/);
  const overleg = built.html('/community/overleggen');
  assert.equal(h1s(overleg), ['Alle overleggen']);
  assert.match(overleg, /Elke eerste dinsdag van de maand\./);
  const bar = sidebarOf(built.html('/community/meedoen/regels'));
  assert.match(bar, /<li class="menu-item menu-category"><div class="menu-category-row"><a [^>]*href="\/community\/meedoen\/regels"[^>]*>Meedoen<\/a><\/div>/);
  assert.match(bar, /<li class="menu-item menu-category[^"]* overleg">/);
  assert.ok(bar.indexOf('>Meedoen<') < bar.indexOf('>Overleg<'), bar);
});

test('a doc id in the sidebars file that does not exist is an error at its line there', async () => {
  const built = await builtMistakes();
  const p = built.problems.find((x) => x.code === 'config-doc-id' && /bestaat-niet/.test(x.message));
  assert.ok(p, built.problems.map((x) => `${x.file}:${x.line} ${x.code} ${x.message}`).join('\n'));
  assert.match(p.file, /sidebars/);
  assert.ok(p.line > 1);
});

test('a _category_ file that links to a doc that does not exist is an error at the id', async () => {
  const built = await builtMistakes();
  const p = built.problems.find((x) => x.code === 'config-doc-id' && x.file.endsWith('docs/categorie-fout/_category_.json'));
  assert.ok(p, built.problems.map((x) => `${x.file}:${x.line} ${x.code} ${x.message}`).join('\n'));
  assert.is(p.line, 3);
  assert.match(p.message, /geen-pagina/);
});

test.run();
