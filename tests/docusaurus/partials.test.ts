/**
 * MDX partials in the built HTML of the Docusaurus fixture: docs/_partials/
 * holds no pages, and the two pages of docs/aan-de-slag/ that import
 * sleutel-bewaren.mdx each show it in place, with their own props, its
 * heading in their TOC, and its link and image found from the partial's file.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { builtSite } from './site.ts';

const test = suite('docusaurus: MDX partials');

const body = (html: string) => /<div class="markdown">[\s\S]*?<\/article>/.exec(html)?.[0] ?? '';

test('a partial is no page and no problem of its own', async () => {
  const built = await builtSite();
  assert.equal(built.files.filter((f) => f.includes('_partials') || f.includes('controle') || f.includes('sleutel-bewaren')), []);
  assert.equal(built.problems.filter((p) => p.file.includes('_partials') || p.file.includes('sleutel-')).map((p) => `${p.file}:${p.line} ${p.code}`), []);
});

test('both importers show the partial in place, each with its own props, the nested partial inside it', async () => {
  const built = await builtSite();
  const aanvragen = body(built.html('/docs/aan-de-slag/sleutel-aanvragen'));
  const vernieuwen = body(built.html('/docs/aan-de-slag/sleutel-vernieuwen'));
  assert.match(aanvragen, /Vraag de sleutel aan bij het loket\.<\/p>\s*<h2[^>]*id="sleutel-bewaren"[^>]*>[\s\S]*?Bewaar de sleutel voor de proefdienst in een kluis/);
  assert.match(vernieuwen, /Bewaar de sleutel voor het archief in een kluis/);
  for (const page of [aanvragen, vernieuwen]) {
    assert.match(page, /Kijk elk kwartaal of de sleutel nog geldig is\./);
    assert.match(page, /Controleren/);
    assert.not.match(page, /props\.dienst|<SleutelBewaren|<Bewaren|<Controle/);
  }
  assert.ok(aanvragen.indexOf('Bewaar de sleutel') < aanvragen.indexOf('Nu kun je de dienst aanroepen'));
});

test("the partial's heading joins the importer's TOC, before the page's own next heading", async () => {
  const html = (await builtSite()).html('/docs/aan-de-slag/sleutel-aanvragen');
  const toc = /<nav[^>]*class="[^"]*toc[^"]*"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? html;
  const bewaren = toc.indexOf('#sleutel-bewaren');
  const daarna = toc.indexOf('#daarna');
  assert.ok(bewaren !== -1 && daarna > bewaren, toc.slice(0, 2000));
});

test("the partial's link and image are found from the partial's own file", async () => {
  const built = await builtSite();
  const page = body(built.html('/docs/aan-de-slag/sleutel-vernieuwen'));
  assert.match(page, /<a href="\/docs\/intro">inleiding<\/a>/);
  const src = /<img[^>]*alt="Schets van de kluis"[^>]*>/.exec(page)?.[0] ?? '';
  const url = /src="([^"]+)"/.exec(src)?.[1] ?? '';
  assert.ok(url.startsWith('/assets/') && built.files.includes(url.slice(1)), src);
});

test.run();
