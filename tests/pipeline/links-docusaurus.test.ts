/**
 * Links as Docusaurus resolves them: a folder's index page with or without
 * its trailing slash, relative URLs that climb from one content area into
 * another, links that are only a query and a hash, files in the static
 * folders, downloads beside the content, and a link to a page that exists
 * but could not be built.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { analyse, generate, type Generated } from '../../pipeline/build.ts';
import type { AssetFile, SourceTree } from '../../pipeline/types.ts';
import { effects, post, tree } from '../helpers.ts';

const links = suite('links as Docusaurus resolves them');

const page = (title: string, body: string) => `---\ntitle: ${title}\n---\n\n${body}\n`;
const bytes = (text: string) => new TextEncoder().encode(text);
const asset = (path: string, text: string): AssetFile => ({ path, display: `content/${path}`, bytes: bytes(text) });

/** Runs the pure stages on `files`, with assets beside the content and files in the static folders. */
function build(files: Record<string, string>, extra: Partial<SourceTree> = {}, render = false): Generated {
  const sources: SourceTree = { ...tree(files), ...extra };
  return generate(analyse(sources, 'production'), effects, { render });
}

const linksOf = (g: Generated, permalink: string) => g.contents.get(permalink)?.links.map((l) => l.url) ?? [];
const about = (g: Generated, file: string) => g.problems.filter((p) => p.file === `content/${file}`).map((p) => `${p.code}: ${p.message}`);

links('should follow a relative URL from a nested blog post into the communities', () => {
  const g = build({
    'communities/foo/index.md': page('Foo', 'Over foo.'),
    'blog/2026/01/16-post.md': post('title: Post\nauthors: [ada]', 'Zie [Foo](../../../../communities/foo/).\n\n<!-- truncate -->\n\nMeer.\n'),
  });
  assert.equal(about(g, 'blog/2026/01/16-post.md'), []);
  assert.equal(linksOf(g, '/blog/2026/01/16/post'), ['/communities/foo/']);
});

links('should refuse a relative URL that climbs above the site root', () => {
  const g = build({ 'kennisbank/a.md': page('A', '[weg](../../ergens/)') });
  assert.equal(g.problems.filter((p) => p.code === 'link-outside-content').length, 1);
});

links('should keep a link that is only a query and a hash on its own page', () => {
  const g = build({
    'kennisbank/a/index.md': page('A', 'De map.'),
    'kennisbank/a/stap.md': page('Stap', '[naar de kop](?tab=x#kop)\n\n## Kop\n\nTekst.'),
  }, {}, true);
  assert.equal(about(g, 'kennisbank/a/stap.md'), []);
  assert.equal(linksOf(g, '/kennisbank/a/stap'), ['/kennisbank/a/stap#kop']);
  const html = String(g.files.find((f) => f.path === 'kennisbank/a/stap/index.html')?.data ?? '');
  assert.match(html, /href="\?tab=x#kop"/);
});

links('should reach a folder index page with or without the trailing slash', () => {
  const g = build({
    'kennisbank/a/index.md': page('A', '[zonder](./cloud) [met](./cloud/) [absoluut](/kennisbank/a/cloud)'),
    'kennisbank/a/cloud/index.md': page('Cloud', 'Wolken.'),
  });
  assert.equal(about(g, 'kennisbank/a/index.md'), []);
  assert.equal(linksOf(g, '/kennisbank/a/'), ['/kennisbank/a/cloud/', '/kennisbank/a/cloud/', '/kennisbank/a/cloud/']);
});

links('should say that a linked page has errors, not that it does not exist', () => {
  const g = build({
    'kennisbank/a.md': page('A', '[kapot](./kapot.md)'),
    'kennisbank/kapot.md': '---\ntitle: Kapot\nsidebar_position: eerste\n---\n\nTekst.\n',
  });
  const [problem, ...rest] = g.problems.filter((p) => p.file === 'content/kennisbank/a.md');
  assert.is(rest.length, 0);
  assert.is(problem?.code, 'broken-markdown-link');
  assert.match(problem?.message ?? '', /kon niet worden gebouwd/);
  assert.not.match(problem?.message ?? '', /bestaat niet/);
});

links('should check links and images to the static folders, and publish those files as they are', () => {
  const staticFiles = [asset('img/logo.png', 'png'), asset('files/gids.pdf', 'pdf')];
  const g = build({
    'kennisbank/a.md': page('A', '![Logo](/img/logo.png) [gids](/files/gids.pdf) ![Weg](/img/weg.png) [weg](/files/weg.pdf)'),
  }, { staticFiles }, true);
  assert.equal(g.problems.filter((p) => p.file === 'content/kennisbank/a.md').map((p) => [p.code, p.message.match(/\/\S+\.(png|pdf)/)?.[0]]), [
    ['broken-link', '/img/weg.png'], ['broken-link', '/files/weg.pdf'],
  ]);
  assert.equal(String(g.files.find((f) => f.path === 'img/logo.png')?.data), String(bytes('png')));
  assert.ok(g.files.some((f) => f.path === 'files/gids.pdf'));
});

links('should publish a download beside the content under a hashed name and link to it', () => {
  const g = build({ 'kennisbank/a.md': page('A', '[formulier](./formulier.ods) en [lijst](./lijst.csv)') }, {
    assets: [asset('kennisbank/formulier.ods', 'ods'), asset('kennisbank/lijst.csv', 'a;b\n')],
  }, true);
  assert.equal(about(g, 'kennisbank/a.md'), []);
  const html = String(g.files.find((f) => f.path === 'kennisbank/a/index.html')?.data ?? '');
  const hrefs = [...html.matchAll(/href="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  assert.ok(hrefs.some((h) => /^\/assets\/formulier-[0-9a-f]{10}\.ods$/.test(h ?? '')), hrefs.join(' '));
  assert.ok(hrefs.some((h) => /^\/assets\/lijst-[0-9a-f]{10}\.csv$/.test(h ?? '')), hrefs.join(' '));
  for (const href of hrefs.filter((h) => !h?.endsWith('.css'))) assert.ok(g.files.some((f) => `/${f.path}` === href), href);
});

links('should make the image front matter the page\'s og:image and twitter:image, as Docusaurus does', () => {
  const g = build({
    'kennisbank/relatief.md': page('Relatief', 'Tekst.').replace('title: Relatief\n', 'title: Relatief\nimage: ./img/kaart.png\n'),
    'kennisbank/statisch.md': page('Statisch', 'Tekst.').replace('title: Statisch\n', 'title: Statisch\nimage: /img/logo.png\n'),
    'kennisbank/extern.md': page('Extern', 'Tekst.').replace('title: Extern\n', 'title: Extern\nimage: https://example.org/kaart.png\n'),
  }, { assets: [asset('kennisbank/img/kaart.png', 'kaart')], staticFiles: [asset('img/logo.png', 'png')] }, true);
  const image = (file: string) => /<meta property="og:image" content="([^"]+)"/.exec(String(g.files.find((f) => f.path === file)?.data ?? ''))?.[1];
  const twitter = (file: string) => /<meta name="twitter:image" content="([^"]+)"/.exec(String(g.files.find((f) => f.path === file)?.data ?? ''))?.[1];
  assert.match(image('kennisbank/relatief/index.html') ?? '', /^https:\/\/developer\.overheid\.nl\/assets\/kaart-[0-9a-f]{10}\.png$/);
  assert.is(image('kennisbank/statisch/index.html'), 'https://developer.overheid.nl/img/logo.png');
  assert.is(image('kennisbank/extern/index.html'), 'https://example.org/kaart.png');
  assert.is(twitter('kennisbank/extern/index.html'), 'https://example.org/kaart.png');
  // Only the theme's own cards are said to be 1200 × 630 PNGs.
  assert.not.match(String(g.files.find((f) => f.path === 'kennisbank/extern/index.html')?.data ?? ''), /og:image:width/);
});

links('should publish a pathname:// link as the site path it names, and check it', () => {
  const g = build({ 'kennisbank/a.md': page('A', '[folder](pathname:///files/folder.pdf) [weg](pathname:///files/weg.pdf)') }, { staticFiles: [asset('files/folder.pdf', 'pdf')] }, true);
  assert.equal(g.problems.filter((p) => p.file === 'content/kennisbank/a.md').map((p) => p.code), ['broken-link']);
  const html = String(g.files.find((f) => f.path === 'kennisbank/a/index.html')?.data ?? '');
  assert.match(html, /href="\/files\/folder\.pdf"/);
  assert.not.match(html, /pathname:/);
});

links('should report an image front matter that names no file, at its line', () => {
  const g = build({
    'kennisbank/a.md': '---\ntitle: A\nimage: ./img/weg.png\n---\n\nTekst.\n',
    'kennisbank/b.md': '---\ntitle: B\nimage: /img/weg.png\n---\n\nTekst.\n',
    'kennisbank/c.md': '---\ntitle: C\nimage: /img/logo.png\n---\n\nTekst.\n',
  }, { staticFiles: [asset('img/logo.png', 'png')] });
  assert.equal(g.problems.filter((p) => p.code === 'broken-image').map((p) => [p.file, p.line]), [['content/kennisbank/a.md', 3], ['content/kennisbank/b.md', 3]]);
});

links('should read an absolute .md link as a file in the page\'s own folder, else from the content root', () => {
  const g = build({
    'kennisbank/a/index.md': page('A', 'De map.'),
    'kennisbank/a/b.md': page('B', '[c](/a/c.md) [d](/communities/d.md) [weg](/a/weg.md)'),
    'kennisbank/a/c.md': page('C', 'Tekst.'),
    'communities/d.md': page('D', 'Tekst.'),
  });
  assert.equal(linksOf(g, '/kennisbank/a/b'), ['/kennisbank/a/c', '/communities/d']);
  assert.equal(g.problems.filter((p) => p.file === 'content/kennisbank/a/b.md').map((p) => p.code), ['broken-markdown-link']);
});

links('should leave scripts in a static folder out, with a warning', () => {
  const g = build({ 'kennisbank/a.md': page('A', 'Tekst.') }, { staticFiles: [asset('js/extra.js', 'alert(1)'), asset('robots-extra.txt', 'x')] }, true);
  assert.ok(g.files.some((f) => f.path === 'robots-extra.txt'));
  assert.equal(g.problems.filter((p) => p.code === 'static-script-ignored').map((p) => [p.file, p.severity]), [['content/js/extra.js', 'warning']]);
  assert.not.ok(g.files.some((f) => f.path === 'js/extra.js'));
});

links.run();
