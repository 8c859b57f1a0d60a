/**
 * Paths and links in the Docusaurus fixture's configuration mean what
 * Docusaurus means by them: `tags: ../tags.yml` in the options of both docs
 * plugins and the blog is the one tags.yml at the site root, an `editUrl`
 * becomes each page's edit link (the base plus the file's path from the site
 * root), and a Markdown page in src/pages draws no title of its own but takes
 * its `<title>` from its `# heading`, also inside a wrapping `<div>`.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { builtSite } from './site.ts';

const test = suite('docusaurus: paths and links in the configuration');

const article = (html: string) => /<article[\s\S]*?<\/article>/.exec(html)?.[0] ?? html;
const h1s = (html: string) => [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => m[1]?.replace(/<[^>]+>/g, '').trim());
const titleOf = (html: string) => /<title>(.*?)<\/title>/.exec(html)?.[1] ?? '';
const editLinks = (html: string) => [...html.matchAll(/<ul class="edit-links">[\s\S]*?<\/ul>/g)].flatMap((m) => [...m[0].matchAll(/href="([^"]*)"/g)].map((h) => h[1]));

test('the root tags.yml that two docs plugins and the blog name as ../tags.yml is read, and every tag resolves', async () => {
  const built = await builtSite();
  assert.equal(built.problems.filter((p) => p.code === 'unknown-tag' && !/Evenementen/.test(p.message)), [],
    built.problems.filter((p) => p.code === 'unknown-tag').map((p) => `${p.file}: ${p.message}`).join('\n'));
  assert.match(built.html('/docs/tags/installatie'), /Alles over het opzetten van de generator/);
  assert.match(built.html('/community/tags/werkgroep'), /Samen aan één onderwerp werken/);
  assert.match(built.html('/blog/tags/ci-cd'), /Bouwen, testen en uitrollen/);
  assert.match(article(built.html('/docs/aan-de-slag/installeren')), /<a class="tag" href="\/docs\/tags\/installatie" rel="tag">Installatie<\/a>/);
  assert.match(article(built.html('/community/werkgroepen')), /<a class="tag" href="\/community\/tags\/werkgroep" rel="tag">Werkgroep<\/a>/);
});

test('a doc\'s edit link is its plugin\'s editUrl plus the doc\'s path from the site root; a plugin without editUrl shows none', async () => {
  const built = await builtSite();
  assert.equal(editLinks(built.html('/docs/intro')), ['https://github.com/voorbeeld/portaal/edit/main/docs/intro.md']);
  assert.equal(editLinks(built.html('/docs/handleiding/afronden')), ['https://github.com/voorbeeld/portaal/edit/main/docs/02-handleiding/10-afronden.md']);
  assert.equal(editLinks(built.html('/community/werkgroepen')), []);
});

test('a post\'s edit link is the blog\'s editUrl plus the post\'s path from the site root, one slash between', async () => {
  const built = await builtSite();
  assert.equal(editLinks(built.html('/blog/2026/01/05/welkom')), ['https://github.com/voorbeeld/portaal/blob/main/blog/2026-01-05-welkom.md']);
  assert.equal(editLinks(built.html('/blog/2026/01/16/koppelingen')), ['https://github.com/voorbeeld/portaal/blob/main/blog/2026/01/16-koppelingen.md']);
});

test('a Markdown page draws no title of its own: its # heading inside a <div> is its one h1 and its <title>', async () => {
  const built = await builtSite();
  const page = built.html('/contact');
  assert.equal(h1s(page), ['Contact']);
  assert.match(titleOf(page), /^Contact \| Voorbeeldportaal$/);
  assert.equal(built.problems.filter((p) => p.file.endsWith('src/pages/contact.mdx')), []);
  // A page without any heading gets none either, as in Docusaurus; its front matter title names it.
  const over = built.html('/over');
  assert.equal(h1s(over), []);
  assert.match(titleOf(over), /^Over het voorbeeldportaal \|/);
});

test.run();
