/**
 * The blog's loose ends on a real Docusaurus site: a post without a
 * truncation marker only warns (Docusaurus' `onUntruncatedBlogPosts`, which
 * `migrate` carries over), front matter indented with tabs, tags.yml entries
 * without a label or without any value, and an author's description and
 * picture from authors.yml.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { migrateSiteConfig } from '../../pipeline/cli/migrate/site-config.ts';
import { builtMistakes, builtSite } from './site.ts';

const test = suite('blog loose ends on a Docusaurus site');

test('migrate carries the blog option onUntruncatedBlogPosts over, and leaves it out when unset', () => {
  const mapped = (blog: Record<string, unknown>) => migrateSiteConfig({
    title: 'Nieuwssite', url: 'https://nieuws.example.nl', baseUrl: '/', presets: [['classic', { docs: false, blog }]],
  }, new Map(), ['blog/2026-01-01-a.md'], '/site');
  const withIt = mapped({ onUntruncatedBlogPosts: 'ignore' });
  assert.is((withIt.site.blog as { onUntruncatedBlogPosts?: string }).onUntruncatedBlogPosts, 'ignore');
  assert.not.ok(withIt.notes.some((n) => n.includes('onUntruncatedBlogPosts')), withIt.notes.join('\n'));
  assert.is((mapped({}).site.blog as { onUntruncatedBlogPosts?: string }).onUntruncatedBlogPosts, undefined);
});

const listed = (problems: ReadonlyArray<{ file: string; line: number; code: string; message: string }>) =>
  problems.map((p) => `${p.file}:${p.line} ${p.code} ${p.message}`).join('\n');

test('a post without a truncation marker builds with a warning, and the lists show all of it', async () => {
  const built = await builtSite();
  const found = built.problems.filter((p) => p.code === 'missing-truncate');
  assert.equal(found.map((p) => [p.severity, p.file, p.line]), [['warning', 'blog/2024-03-01-zonder-afkapregel.md', 1]], listed(found));
  assert.match(built.html('/blog/authors/els'), /Daarom staat ook deze tweede alinea in de bloglijst\./);
  assert.match(built.html('/blog/2024/03/01/zonder-afkapregel'), /Daarom staat ook deze tweede alinea/);
});

test('front matter indented with tabs reads as Docusaurus reads it, with a warning per line', async () => {
  const built = await builtSite();
  const quirks = built.problems.filter((p) => p.file === 'blog/2024-03-02-tabs-in-de-frontmatter.md');
  assert.equal(quirks.map((p) => [p.severity, p.code, p.line]), [['warning', 'yaml-quirk', 5], ['warning', 'yaml-quirk', 6]], listed(quirks));
  assert.match(quirks[0]!.message, /met een tab/);
  const page = built.html('/blog/2024/03/02/tabs-in-de-frontmatter');
  assert.match(page, /<meta name="description" content="Een beschrijving die met een tab inspringt\."/);
  assert.match(page, /href="\/blog\/tags\/ci"/);
});

test('tags.yml entries without a label, or without any value, take their key as label', async () => {
  const built = await builtSite();
  assert.equal(built.problems.filter((p) => p.file === 'tags.yml'), []);
  assert.match(built.html('/blog/tags/ci'), /<h1>[^<]*ci[^<]*<\/h1>/);
  const zonder = built.html('/blog/tags/zonder-label');
  assert.match(zonder, /<h1>[^<]*zonder-label[^<]*<\/h1>/);
  assert.match(zonder, /Een tag met alleen een beschrijving, zonder label\./);
});

test('an author\'s description is on the author\'s page, and a picture from a static folder is shown', async () => {
  const page = (await builtSite()).html('/blog/authors/els');
  assert.match(page, /<p class="author-description">Els schrijft over het beheer van de voorbeelddienst en wat daarbij misgaat\.<\/p>/);
  assert.match(page, /<img src="\/img\/logo.svg"/);
});

test('an author picture that is in no static folder is an error at its line in authors.yml', async () => {
  const built = await builtMistakes();
  const found = built.problems.filter((p) => p.code === 'broken-image' && p.file === 'blog/authors.yml');
  assert.equal(found.map((p) => [p.severity, p.line]), [['error', 9]], listed(built.problems));
  assert.match(found[0]!.message, /piet-bestaat-niet\.png/);
});

test.run();
