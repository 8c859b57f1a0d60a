/**
 * Docusaurus' rules for docs through the stages: titles from the first
 * `# heading`, number prefixes, `_category_` files and generated indexes.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { codes, post, run } from '../helpers.ts';

const rules = suite('docs rules');

/** The HTML of a built page. */
const page = (g: ReturnType<typeof run>, path: string): string => {
  const file = g.files.find((f) => f.path === path);
  assert.ok(file, `${path} is not built`);
  return String(file.data);
};
const h1s = (html: string) => [...html.matchAll(/<h1[^>]*>(.*?)<\/h1>/g)].map((m) => m[1]?.replace(/<[^>]+>/g, ''));
const titleOf = (html: string) => /<title>(.*?)<\/title>/.exec(html)?.[1];

rules('should take a doc title from its first # heading, drawn once', () => {
  const g = run({ 'kennisbank/kop.md': '# Titel uit de kop\n\nDe eerste alinea.\n' }, { render: true });
  assert.not.ok(codes(g).includes('frontmatter-field'));
  const html = page(g, 'kennisbank/kop/index.html');
  assert.equal(h1s(html), ['Titel uit de kop']);
  assert.match(titleOf(html) ?? '', /^Titel uit de kop \|/);
  assert.match(html, /<meta name="description" content="De eerste alinea\."/);
});

rules('should draw one h1, the heading, when a doc has both a title and a leading # heading', () => {
  const g = run({ 'kennisbank/beide.md': '---\ntitle: Uit de frontmatter\n---\n\n# Uit de kop\n\nTekst.\n' }, { render: true });
  const html = page(g, 'kennisbank/beide/index.html');
  assert.equal(h1s(html), ['Uit de kop']);
  assert.match(titleOf(html) ?? '', /^Uit de frontmatter \|/);
});

rules('should hide the title header with hide_title', () => {
  const g = run({ 'kennisbank/verborgen.md': '---\ntitle: Verborgen\nhide_title: true\n---\n\nTekst.\n' }, { render: true });
  assert.equal(h1s(page(g, 'kennisbank/verborgen/index.html')), []);
});

rules('should fall back to the file name, with a warning, when there is no title and no heading', () => {
  const g = run({ 'kennisbank/zonder-titel.md': 'Alleen tekst.\n' }, { render: true });
  const warning = g.problems.find((p) => p.code === 'title-from-file-name');
  assert.is(warning?.severity, 'warning');
  assert.is(warning?.file, 'content/kennisbank/zonder-titel.md');
  assert.equal(h1s(page(g, 'kennisbank/zonder-titel/index.html')), ['zonder-titel']);
});

rules('should take a blog post title from its heading and show it in the post header only', () => {
  const g = run({ 'blog/2024-01-02-kop.md': post('authors: [ada]', '# Post met kop\n\nInleiding.\n\n<!-- truncate -->\n\nRest.\n') }, { render: true });
  assert.not.ok(codes(g).includes('frontmatter-field'));
  const html = page(g, 'blog/2024/01/02/kop/index.html');
  assert.equal(h1s(html), ['Post met kop']);
});

rules('should take a page title from its heading, drawn once', () => {
  const g = run({ 'pages/over.md': '# Over ons\n\nWie wij zijn.\n' }, { render: true });
  const html = page(g, 'over/index.html');
  assert.equal(h1s(html), ['Over ons']);
  assert.match(titleOf(html) ?? '', /^Over ons \|/);
});

rules.run();
