/**
 * A blog on another URL prefix than `/blog` (Docusaurus' `routeBasePath`):
 * every page, link, breadcrumb, feed and author picture follows it, so a
 * built site names `/blog` nowhere. With the prefix '' the blog is the site's
 * root, as in Docusaurus' blog-only mode.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { analyse, generate, type Generated } from '../../pipeline/build.ts';
import { feedStylesheetTemplate } from '../../pipeline/io/theme.ts';
import { configText, minimalAuthors, minimalTags, tree } from '../helpers.ts';

const prefix = suite('blog on its own URL prefix');

const effects = { highlighter: null, diagrams: new Map(), theme: { css: '/assets/styles.css', js: null, files: new Map() }, themeFiles: [], feedStylesheet: feedStylesheetTemplate() } as const;

/** The portal's configuration with its `/blog` links moved to `base`, and the blog in `nieuws/` published there. */
const configFor = (routeBasePath: string) => `${configText.replace(/href: \/blog\b/g, `href: /${routeBasePath}`)}
content:
  blog: { path: nieuws, routeBasePath: '${routeBasePath}', tags: null, authors: auteurs.yml }
`;

const files = {
  'kennisbank/index.md': '---\ntitle: Kennisbank\n---\n\nWelkom.\n',
  'communities/index.md': '---\ntitle: Communities\n---\n\nSamen.\n',
  'tags.yml': minimalTags,
  'nieuws/auteurs.yml': `${minimalAuthors}  image_url: ./img/ada.png\n`,
  'nieuws/2024-05-02-eerste.md': '---\ntitle: Eerste bericht\nauthors: [ada]\ntags: [release]\n---\n\nIn het kort.\n\n<!-- truncate -->\n\nMeer.\n',
  'nieuws/2024-05-03-tweede.md': '---\ntitle: Tweede bericht\nauthors: [ada]\n---\n\nOok kort.\n\n<!-- truncate -->\n\nMeer.\n',
};

function build(routeBasePath: string): Generated {
  const source = tree(files, configFor(routeBasePath));
  const withImage: typeof source = { ...source, assets: [{ path: 'nieuws/img/ada.png', display: 'content/nieuws/img/ada.png', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) }] };
  return generate(analyse(withImage, 'production'), effects, { render: true });
}

const text = (data: string | Uint8Array) => (typeof data === 'string' ? data : new TextDecoder().decode(data));
const output = (g: Generated, file: string): string => {
  const found = g.files.find((f) => f.path === file);
  if (!found) throw new Error(`${file} is niet gebouwd: ${g.files.map((f) => f.path).filter((p) => !p.startsWith('assets/')).join(' ')}`);
  return text(found.data);
};

prefix('should link, name feeds and place breadcrumbs under /nieuws, and never under /blog', () => {
  const g = build('nieuws');
  for (const file of ['nieuws/rss.xml', 'nieuws/atom.xml', 'nieuws/feed.json', 'nieuws/feed.xsl']) output(g, file);
  assert.not.ok(g.files.some((f) => f.path.startsWith('blog/')), 'no file under blog/');
  const list = output(g, 'nieuws/index.html');
  assert.match(list, /href="\/nieuws\/archive"/);
  assert.match(list, /href="\/nieuws\/authors"/);
  assert.match(list, /<link rel="alternate" type="application\/rss\+xml"[^>]*href="\/nieuws\/rss.xml"/);
  const post = output(g, 'nieuws/2024/05/03/tweede/index.html');
  assert.match(post, /<a href="\/nieuws">Blog<\/a>/);
  assert.match(output(g, 'nieuws/feed.xsl'), /<a href="\/nieuws">Blog<\/a>/);
  assert.match(output(g, 'nieuws/feed.json'), /"home_page_url": "https:\/\/developer.overheid.nl\/nieuws"/);
  // The author's picture beside auteurs.yml is published from the blog's own folder, in the feed too.
  assert.match(output(g, 'nieuws/feed.json'), /"avatar": "https:\/\/developer.overheid.nl\/[^"]+\.png"/);
  for (const f of g.files.filter((f) => /\.(html|xml|json|xsl)$/.test(f.path))) {
    assert.not.match(text(f.data), /["'(]\/blog\b/, `${f.path} names /blog`);
  }
});

prefix('should publish a blog with the empty prefix at the site root', () => {
  const g = build('');
  for (const file of ['rss.xml', 'atom.xml', 'feed.json', 'feed.xsl', 'archive/index.html', 'authors/index.html']) output(g, file);
  assert.ok(g.routes.every((r) => !r.path.includes('//')), g.routes.map((r) => r.path).join(' '));
  assert.match(output(g, 'archive/index.html'), /href="\/authors"/);
  const post = output(g, '2024/05/03/tweede/index.html');
  assert.match(post, /<a href="\/">Blog<\/a>/);
  assert.match(post, /<link rel="alternate" type="application\/rss\+xml"[^>]*href="\/rss.xml"/);
  for (const f of g.files.filter((f) => /\.(html|xml|json|xsl)$/.test(f.path))) {
    assert.not.match(text(f.data), /["'(]\/blog\b/, `${f.path} names /blog`);
  }
});

prefix('should name the blog\'s own authors file when inline authors are refused', () => {
  // The portal's configuration refuses inline authors (onInlineAuthors: throw).
  const config = configFor('nieuws');
  const g = generate(analyse(tree({ ...files, 'nieuws/2024-05-04-gast.md': '---\ntitle: Gast\nauthors:\n  - name: Gijs Gast\n---\n\nKort.\n\n<!-- truncate -->\n\nMeer.\n' }, config), 'production'), effects, { render: false });
  const refused = g.problems.filter((p) => p.code === 'unknown-author');
  assert.equal(refused.map((p) => p.file), ['content/nieuws/2024-05-04-gast.md']);
  assert.match(refused[0]!.message, /content\/nieuws\/auteurs\.yml/);
});

prefix.run();
