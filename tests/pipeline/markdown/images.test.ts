import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Image } from 'mdast';
import { imageAssets } from '../../../pipeline/stages/markdown/images.ts';
import { walk } from '../../../pipeline/stages/markdown/walk.ts';
import { parseMarkdownBody } from '../../../pipeline/stages/parse.ts';

const images = suite('markdown: images');

const schema = { path: 'kennisbank/img/schema.svg', url: '/assets/schema-abc.svg', width: 640, height: 480, bytes: new Uint8Array() };
const handler = imageAssets('kennisbank/apis/index.md', 'content/kennisbank/apis/index.md', new Map([[schema.path, schema]]));

const run = (md: string) => {
  const tree = parseMarkdownBody(md);
  const problems = walk(tree, { image: handler });
  const found: Image[] = [];
  walk(tree, { image: (node) => { found.push(node); return undefined; } });
  return { problems: problems.map((p) => p.code), images: found };
};

images('should point a relative image at its hashed asset, with its width and height', () => {
  const { problems, images: [image] } = run('![Schema](../img/schema.svg)\n');
  assert.equal(problems, []);
  assert.is(image?.url, '/assets/schema-abc.svg');
  assert.equal(image?.data?.hProperties, { width: 640, height: 480 });
});

images('should ask for an alt text, and still resolve the image', () => {
  const { problems, images: [image] } = run('![](../img/schema.svg)\n');
  assert.equal(problems, ['missing-alt']);
  assert.is(image?.url, '/assets/schema-abc.svg');
});

images('should report a missing image, one outside the content root, and a script address (emptied)', () => {
  assert.equal(run('![x](./weg.png)\n').problems, ['broken-image']);
  assert.equal(run('![x](../../../../geheim.png)\n').problems, ['link-outside-content']);
  const unsafe = run('![](data:image/png;base64,AAAA)\n');
  assert.equal(unsafe.problems, ['missing-alt', 'unsafe-html']);
  assert.is(unsafe.images[0]?.url, '');
});

images('should leave external images and site paths alone', () => {
  assert.equal(run('![x](https://example.nl/a.png) ![y](/img/b.png)\n').images.map((i) => i.url), ['https://example.nl/a.png', '/img/b.png']);
});

images.run();
