/**
 * Content areas and links in the built Docusaurus fixture: two docs plugins
 * where its configuration puts them, links as Docusaurus resolves them, the
 * static folder at the site root, downloads with hashed names, the image
 * front matter as social card, and the React page that is not built.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { builtMistakes, builtSite } from './site.ts';

const test = suite('docusaurus: content areas and links');

const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1] ?? '');
const article = (html: string) => /<article[\s\S]*?<\/article>/.exec(html)?.[0] ?? html;

test('links reach a folder index with and without slash, the same page, another docs area and the static folder', async () => {
  const built = await builtSite();
  const links = hrefs(article(built.html('/docs/koppelingen/')));
  assert.equal(links.filter((h) => h === '/docs/koppelingen/cloud/').length, 2, links.join(' '));
  assert.ok(links.includes('?tab=linux#op-deze-pagina'), links.join(' '));
  assert.ok(links.includes('/community/werkgroepen'), links.join(' '));
  assert.ok(links.includes('/img/logo.svg'), links.join(' '));
  assert.ok(links.includes('/bestanden/folder.pdf'), links.join(' '));
  assert.equal(built.problems.filter((p) => p.file.endsWith('docs/koppelingen/index.md')), []);
});

test('downloads beside the content are published with hashed names and linked', async () => {
  const built = await builtSite();
  const links = hrefs(article(built.html('/docs/koppelingen/')));
  const ods = links.find((h) => /^\/assets\/formulier-[0-9a-f]{10}\.ods$/.test(h));
  const pdf = links.find((h) => /^\/assets\/handleiding-[0-9a-f]{10}\.pdf$/.test(h));
  assert.ok(ods && built.files.includes(ods.slice(1)), links.join(' '));
  assert.ok(pdf && built.files.includes(pdf.slice(1)), links.join(' '));
});

test('the static folder is copied to the site root as it is', async () => {
  const built = await builtSite();
  for (const file of ['img/logo.svg', 'img/voorvertoning.png', 'bestanden/folder.pdf']) assert.ok(built.files.includes(file), file);
  assert.match(article(built.html('/docs/koppelingen/')), /<img [^>]*src="\/img\/logo\.svg"/);
});

test('the image front matter is the page\'s og:image and twitter:image', async () => {
  const page = (await builtSite()).html('/docs/koppelingen/');
  assert.match(page, /<meta property="og:image" content="https?:\/\/[^"]+\/img\/voorvertoning\.png"/);
  assert.match(page, /<meta name="twitter:image" content="https?:\/\/[^"]+\/img\/voorvertoning\.png"/);
});

test('a post in a nested blog folder links into the other content areas', async () => {
  const built = await builtSite();
  const links = hrefs(article(built.html('/blog/2026/01/16/koppelingen')));
  assert.ok(links.includes('/community/werkgroepen'), links.join(' '));
  assert.ok(links.includes('/docs/koppelingen/'), links.join(' '));
  assert.equal(built.problems.filter((p) => p.file.endsWith('blog/2026/01/16-koppelingen.md')), []);
});

test('the React pages are built, so no warning says they are not', async () => {
  const built = await builtSite();
  assert.equal(built.problems.filter((p) => p.code === 'page-not-built'), []);
  assert.ok(built.files.includes('team/index.html'));
});

test('a link to a page that has errors says so, at the link', async () => {
  const built = await builtMistakes();
  const problem = built.problems.find((p) => p.file.endsWith('docs/verwijst-naar-kapot.md'));
  assert.is(problem?.code, 'broken-markdown-link');
  assert.is(problem?.line, 5);
  assert.match(problem?.message ?? '', /kon niet worden gebouwd/);
});

test.run();
