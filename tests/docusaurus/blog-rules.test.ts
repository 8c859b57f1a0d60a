/**
 * Docusaurus' rules for the blog, its authors and tags, front matter and
 * YAML, in the built HTML of the Docusaurus fixture; and their mistakes in
 * the mistakes fixture, with code, message and line.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { builtMistakes, builtSite } from './site.ts';

const test = suite('docusaurus: blog, authors, tags, front matter');

test('posts in nested folders, folder posts with their images, one-digit months and days, folders before the date', async () => {
  const built = await builtSite();
  assert.equal(built.problems.filter((p) => p.severity === 'error' && p.file.includes('blog/')).map((p) => `${p.file}:${p.line} ${p.code} ${p.message}`), []);
  assert.ok(built.html('/blog/2026/01/16/koppelingen'));
  assert.match(built.html('/blog/2024/01/01/map-post'), /<img[^>]+src="\/assets\/[^"]*\.png"[^>]*alt="Een foto bij het bericht"|alt="Een foto bij het bericht"[^>]+src="\/assets\//);
  assert.match(built.html('/blog/2024/5/2/korte-datum'), /dateTime="2024-05-03"/i);
  assert.ok(built.html('/blog/2024/03/04/reeks/deel-1'));
});

test('socials expand as Docusaurus does and an e-mail address is a mailto: link', async () => {
  const page = (await builtSite()).html('/blog/authors/jan');
  assert.match(page, /href="mailto:jan@voorbeeld\.example\.nl"/);
  assert.not.match(page, /https:\/\/jan@/);
  assert.match(page, /href="https:\/\/x\.com\/jandevries"/);
  assert.match(page, /href="https:\/\/www\.linkedin\.com\/in\/jan-de-vries\/"/);
  assert.match(page, /src="\/img\/logo\.svg"/);
});

test('tags with / and spaces get Docusaurus\' URLs', async () => {
  const built = await builtSite();
  assert.match(built.html('/blog/tags/ci-cd'), /CI\/CD/);
  assert.ok(built.html('/blog/tags/open-source'));
});

test('inline tags and authors build with one warning each, and YAML Docusaurus tolerates builds with a warning at its line', async () => {
  const built = await builtSite();
  const page = built.html('/blog/2024/02/10/gastbijdrage');
  assert.match(page, /Gijs Gast/);
  assert.match(page, /<meta name="description" content="Een beschrijving die doorloopt op de volgende regel/);
  assert.ok(built.html('/blog/tags/evenementen'));
  const warned = (code: string) => built.problems.filter((p) => p.code === code && p.file.endsWith('blog/2024-02-10-gastbijdrage.md'));
  assert.is(warned('inline-tag').length, 1);
  assert.is(warned('inline-author').length, 1);
  assert.equal(warned('yaml-quirk').map((p) => [p.severity, p.line]), [['warning', 10]]);
});

const mistakes = suite('docusaurus: blog mistakes');

mistakes('a published post without any date asks for one', async () => {
  const p = (await builtMistakes()).problems.find((x) => x.code === 'blog-post-undated');
  assert.ok(p);
  assert.is(p?.severity, 'error');
  assert.ok(p?.file.endsWith('blog/zonder-datum.md'));
  assert.is(p?.line, 1);
  assert.match(p?.message ?? '', /date: JJJJ-MM-DD/);
});

mistakes('a date that is no day, and a social handle with a /, are errors at their place', async () => {
  const built = await builtMistakes();
  const day = built.problems.find((x) => x.code === 'blog-file-name');
  assert.ok(day?.file.endsWith('blog/2024-02-31-bestaat-niet.md'));
  assert.match(day?.message ?? '', /2024-02-31.*bestaat niet/);
  const social = built.problems.find((x) => x.code === 'frontmatter-field' && x.file.endsWith('blog/authors.yml'));
  assert.is(social?.line, 6);
  assert.match(social?.message ?? '', /socials\.github/);
});

test.run();
mistakes.run();
