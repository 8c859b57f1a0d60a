import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { analyse, generate } from '../../pipeline/build.ts';
import { codes, configText, effects, minimalAuthors, minimalTags, post, run, tree } from '../helpers.ts';

type Built = ReturnType<typeof run>;

const html = (g: Built, path: string): string => {
  const file = g.files.find((f) => f.path === path);
  assert.ok(file, `${path} is built (${g.files.filter((f) => f.path.endsWith('.html')).map((f) => f.path).slice(0, 40).join(', ')})`);
  return String(file?.data);
};
const errors = (g: Built) => g.problems.filter((p) => p.severity === 'error');

const authors = suite('blog-rules: authors.yml socials in the built site');

authors('an e-mail address in socials links with mailto:, never https://name@host', () => {
  const g = run({
    'blog/authors.yml': `${minimalAuthors}jan:\n  name: Jan de Vries\n  socials:\n    email: jan@example.org\n    x: jandevries\n    linkedin: jan-de-vries\n    bluesky: jan.bsky.social\n    mastodon: jan@social.example\n    website: https://jan.example.org\n`,
    'blog/2024-01-02-x.md': post('title: X\nauthors: [jan]'),
  }, { render: true });
  assert.equal(errors(g), []);
  const page = html(g, 'blog/authors/jan/index.html');
  assert.ok(page.includes('href="mailto:jan@example.org"'), 'mailto link');
  assert.not.ok(page.includes('https://jan@example.org'));
  for (const url of ['https://x.com/jandevries', 'https://www.linkedin.com/in/jan-de-vries/', 'https://bsky.app/profile/jan.bsky.social', 'https://mastodon.social/@jan@social.example', 'https://jan.example.org']) {
    assert.ok(page.includes(`href="${url}"`), url);
  }
});

authors('profiles show under the network\'s name; an e-mail link opens no new tab; an author without a page links by url or e-mail', () => {
  const g = run({
    'blog/authors.yml': `${minimalAuthors}jan:\n  name: Jan de Vries\n  email: jan@example.org\n  page: false\n  socials:\n    email: jan@example.org\n    github: jandevries\n`,
    'blog/2024-01-02-x.md': post('title: X\nauthors: [jan]'),
  }, { render: true });
  assert.equal(errors(g), []);
  const page = html(g, 'blog/2024/01/02/x/index.html');
  assert.match(page, /<a href="mailto:jan@example\.org">Jan de Vries<\/a>/);
  const list = html(g, 'blog/authors/index.html');
  assert.not.match(list, /Jan de Vries/, 'page: false leaves the author off the authors page');
});

authors('the author card names the networks and opens mail in the mail program', () => {
  const g = run({
    'blog/authors.yml': `${minimalAuthors}jan:\n  name: Jan\n  socials:\n    email: jan@example.org\n    github: jandevries\n`,
    'blog/2024-01-02-x.md': post('title: X\nauthors: [jan]'),
  }, { render: true });
  const page = html(g, 'blog/authors/jan/index.html');
  assert.match(page, /<a href="mailto:jan@example\.org">E-mail<\/a>/);
  assert.match(page, /<a href="https:\/\/github\.com\/jandevries" target="_blank" rel="noopener noreferrer me">GitHub/);
});

authors('a Stack Overflow user id written as a number is accepted, and a handle with / is a mistake at its line', () => {
  const g = run({
    'blog/authors.yml': `${minimalAuthors}jan:\n  name: Jan\n  socials:\n    stackoverflow: 82609\n    github: jan/repo\n`,
    'blog/2024-01-02-x.md': post('title: X\nauthors: [jan]'),
  });
  const p = g.problems.filter((x) => x.code === 'frontmatter-field');
  assert.is(p.length, 1, JSON.stringify(g.problems));
  assert.is(p[0]?.line, 8);
  assert.match(p[0]?.message ?? '', /socials\.github/);
});

authors('an author page may have its own path, and imageURL is image_url as in Docusaurus', () => {
  const g = run({
    'blog/authors.yml': `${minimalAuthors}jan:\n  name: Jan\n  imageURL: https://example.org/jan.png\n  description: Schrijft over API's.\n  page:\n    permalink: jan-de-vries\n`,
    'blog/2024-01-02-x.md': post('title: X\nauthors: [jan]'),
  }, { render: true });
  assert.equal(errors(g), []);
  assert.match(html(g, 'blog/authors/jan-de-vries/index.html'), /src="https:\/\/example\.org\/jan\.png"/);
});

authors('an author picture beside authors.yml is found in the blog\'s own folder', () => {
  const sources = tree({
    'blog/authors.yml': '',
    'nieuws/authors.yml': `${minimalAuthors}  image_url: ./img/ada.png\n`,
    'nieuws/2024-01-02-x.md': post('title: X\nauthors: [ada]'),
  }, `${configText}\ncontent:\n  blog: { path: nieuws, routeBasePath: blog }\n`);
  const analysis = analyse({ ...sources, assets: [{ path: 'nieuws/img/ada.png', display: 'content/nieuws/img/ada.png', bytes: png }] }, 'production');
  const g = generate(analysis, effects, { render: true });
  assert.equal(errors(g), []);
  assert.match(html(g, 'blog/2024/01/02/x/index.html'), /<img src="\/assets\/[^"]*ada[^"]*\.png"/);
});

const tags = suite('blog-rules: tags with / or spaces');

tags('keys with / and spaces are allowed; their pages are slugged as Docusaurus does', () => {
  const g = run({
    'tags.yml': `${minimalTags}ci/cd:\n  label: CI/CD\n  description: Bouwen en uitrollen.\nopen source:\n  label: Open source\n  description: Open.\n`,
    'blog/2024-01-02-x.md': post('title: X\nauthors: [ada]\ntags: [ci/cd, open source]'),
  }, { render: true });
  assert.equal(errors(g), []);
  assert.match(html(g, 'blog/tags/ci-cd/index.html'), /CI\/CD/);
  html(g, 'blog/tags/open-source/index.html');
  assert.match(html(g, 'blog/2024/01/02/x/index.html'), /href="\/blog\/tags\/ci-cd"/);
});

authors.run();
tags.run();

const posts = suite('blog-rules: blog posts where Docusaurus finds them');

/** A 1×1 PNG. */
const png = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'));

/** The pure stages on `files` plus image files, rendered. */
function build(files: Record<string, string>, assets: Record<string, Uint8Array> = {}, mode: 'production' | 'development' = 'production') {
  const sources = tree(files);
  const analysis = analyse({ ...sources, assets: Object.entries(assets).map(([p, bytes]) => ({ path: p, display: `content/${p}`, bytes })) }, mode);
  return generate(analysis, effects, { render: true });
}

posts('nested folders, one-digit months and days, capitals and folder posts give Docusaurus\' URLs', () => {
  const g = build({
    'blog/2026/01/16-geneste-post.md': post('title: Genest\nauthors: [ada]'),
    'blog/2024-5-2-kort.md': post('title: Kort\nauthors: [ada]'),
    'blog/2018-12-14-Happy-Birthday.md': post('title: Jarig\nauthors: [ada]'),
    'blog/2024-01-01-map-post/index.md': post('title: Map\nauthors: [ada]', 'Inleiding.\n\n<!-- truncate -->\n\n![Een foto](./foto.png)\n'),
    'blog/reeks/2024-03-04-deel-1.md': post('title: Deel 1\nauthors: [ada]'),
  }, { 'blog/2024-01-01-map-post/foto.png': png });
  assert.equal(errors(g), []);
  html(g, 'blog/2026/01/16/geneste-post/index.html');
  assert.match(html(g, 'blog/2024/5/2/kort/index.html'), /datetime="2024-05-02"/i);
  html(g, 'blog/2018/12/14/Happy-Birthday/index.html');
  html(g, 'blog/2024/03/04/reeks/deel-1/index.html');
  assert.match(html(g, 'blog/2024/01/01/map-post/index.html'), /<img[^>]+src="\/assets\/[^"]*foto[^"]*\.png"/);
});

posts('a date in the front matter overrides the one in the path; the URL keeps the path\'s', () => {
  const g = build({ 'blog/2024-01-02-x.md': post('title: X\nauthors: [ada]\ndate: 2024-03-04T10:00:00Z') });
  assert.equal(errors(g), []);
  assert.match(html(g, 'blog/2024/01/02/x/index.html'), /datetime="2024-03-04"/i);
});

posts('a slug in the front matter is a path under the blog, with or without a leading /', () => {
  const g = build({
    'blog/2024-01-02-x.md': post('title: X\nauthors: [ada]\nslug: eigen-pad'),
    'blog/2024-01-03-y.md': post('title: Y\nauthors: [ada]\nslug: /ander/pad'),
  });
  assert.equal(errors(g), []);
  html(g, 'blog/eigen-pad/index.html');
  html(g, 'blog/ander/pad/index.html');
});

posts('a published post without a date is an error that asks for one; a draft without one builds in development', () => {
  const published = build({ 'blog/nieuws/zonder-datum.md': post('title: Z\nauthors: [ada]') });
  const p = published.problems.find((x) => x.code === 'blog-post-undated');
  assert.is(p?.severity, 'error');
  assert.match(p?.message ?? '', /date: JJJJ-MM-DD/);
  const files = { 'blog/2024-01-02-x.md': post('title: X\nauthors: [ada]'), 'blog/concept.md': post('title: Concept\nauthors: [ada]\ndraft: true') };
  const dev = build(files, {}, 'development');
  assert.equal(errors(dev), []);
  assert.is(dev.problems.find((x) => x.code === 'blog-post-undated')?.severity, 'warning');
  assert.ok(dev.onRequest?.has('blog/concept/index.html') || dev.files.some((f) => f.path === 'blog/concept/index.html'));
  assert.equal(errors(build(files)), []);
});

posts('a date that is no day is a mistake, in the path and in the front matter', () => {
  assert.ok(codes(build({ 'blog/2024-02-31-x.md': post('title: X\nauthors: [ada]') })).includes('blog-file-name'));
  const g = build({ 'blog/2024-01-02-x.md': post('title: X\nauthors: [ada]\ndate: gisteren') });
  const p = g.problems.find((x) => x.code === 'frontmatter-field');
  assert.is(p?.line, 4);
  assert.match(p?.message ?? '', /`date`/);
});

posts.run();
