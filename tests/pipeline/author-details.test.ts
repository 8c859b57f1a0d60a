/**
 * What authors.yml says of an author beyond the name: the `description` on
 * the author's page (as Docusaurus shows it), and an `image_url` that is a
 * site path checked against the static folders, as a page's `image` is.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { analyse, generate, type Generated } from '../../pipeline/build.ts';
import type { SourceTree } from '../../pipeline/types.ts';
import { configText, effects, post, tree } from '../helpers.ts';

const details = suite('authors.yml: description and picture');

const authors = [
  'ada:',
  '  name: Ada Jansen',
  '  description: Schrijft over toegankelijkheid en open standaarden.',
  '  image_url: /img/ada.png',
  'bob:',
  '  name: Bob Bakker',
  '  image_url: /img/bestaat-niet.png',
  'cor:',
  '  name: Cor Visser',
  '  imageURL: /img/ook-niet.png',
  '',
].join('\n');

function build(): Generated {
  const source = tree({
    'blog/authors.yml': authors,
    'blog/2024-01-02-x.md': post('title: X\nauthors: [ada, bob, cor]'),
  }, `${configText}\ncontent:\n  blog: { path: blog, routeBasePath: blog }\n`);
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
  const withStatic: SourceTree = { ...source, staticFiles: [{ path: 'img/ada.png', display: 'static/img/ada.png', bytes: png }] };
  return generate(analyse(withStatic, 'production'), effects, { render: true });
}

const html = (g: Generated, file: string): string => {
  const found = g.files.find((f) => f.path === file);
  if (!found) throw new Error(`${file} is niet gebouwd`);
  return typeof found.data === 'string' ? found.data : new TextDecoder().decode(found.data);
};

details('should show an author\'s description on the author\'s page', () => {
  const g = build();
  assert.match(html(g, 'blog/authors/ada/index.html'), /Schrijft over toegankelijkheid en open standaarden\./);
  assert.not.match(html(g, 'blog/authors/bob/index.html'), /Schrijft over/);
});

details('should report a picture that is in no static folder at its line, as image_url or imageURL', () => {
  const images = build().problems.filter((p) => p.code === 'broken-image');
  assert.equal(images.map((p) => [p.severity, p.file, p.line]), [
    ['error', 'content/blog/authors.yml', 7],
    ['error', 'content/blog/authors.yml', 10],
  ]);
  assert.match(images[0]!.message, /img\/bestaat-niet\.png/);
  assert.match(images[0]!.message, /statische map/);
});

details.run();
