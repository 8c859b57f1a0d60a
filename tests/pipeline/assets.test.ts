/**
 * The assets stage publishes an SVG file beside the content as the SVG schema
 * keeps it: one that needs scripting is refused with `unsafe-svg`, a clean one
 * is published byte for byte, and the URL hashes what is published.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { analyse, generate } from '../../pipeline/build.ts';
import { contentHash } from '../../pipeline/content-hash.ts';
import type { AssetFile } from '../../pipeline/types.ts';
import { effects, tree } from '../helpers.ts';

const test = suite('assets');

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const text = (data: string | Uint8Array | undefined): string => (typeof data === 'string' ? data : new TextDecoder().decode(data));

/** The whole pipeline over the default content plus these asset files: its problems and the files it publishes. */
function publish(assets: ReadonlyArray<AssetFile>) {
  const analysis = analyse({ ...tree({}), assets }, 'production');
  const generated = generate(analysis, effects, { render: true });
  return { analysis, problems: generated.problems, files: generated.files };
}

const svgFile = (name: string, svg: string | Uint8Array): AssetFile =>
  ({ path: `blog/img/${name}`, display: `content/blog/img/${name}`, bytes: typeof svg === 'string' ? bytes(svg) : svg });

test('an SVG with a script element, an event handler or a script address is refused with an error at the file', () => {
  const cases = {
    'script.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script><rect width="1" height="1"/></svg>',
    'onload.svg': '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><rect width="1" height="1"/></svg>',
    'link.svg': '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript:alert(1)"><rect width="1" height="1"/></a></svg>',
    'cdata.svg': '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script type="text/ecmascript"><![CDATA[ alert(1) ]]></script></svg>',
  };
  const { analysis, problems, files } = publish(Object.entries(cases).map(([name, svg]) => svgFile(name, svg)));
  assert.equal(problems.filter((p) => p.code === 'unsafe-svg').map((p) => [p.severity, p.file, p.line, p.column]),
    Object.keys(cases).sort().map((name) => ['error', `content/blog/img/${name}`, 1, 1]));
  assert.match(problems.find((p) => p.file.endsWith('onload.svg'))?.message ?? '', /onload/);
  // Nothing published runs script, whatever the error does to the build.
  for (const asset of analysis.assets.values()) {
    const published = text(asset.bytes);
    assert.not.match(published, /<script|onload|javascript:/i, asset.path);
    assert.is(asset.url, `/assets/${asset.path.split('/').pop()?.replace('.svg', '')}-${contentHash(asset.bytes)}.svg`, 'the URL hashes the published bytes');
    assert.is(text(files.find((f) => `/${f.path}` === asset.url)?.data), published);
  }
});

test('a clean SVG is published byte for byte at the hash of its bytes', () => {
  const clean = '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-labelledby="t">\n  <title id="t">Avatar</title>\n  <!-- cirkel -->\n  <circle cx="48" cy="48" r="48" fill="#154273"/>\n</svg>\n';
  const { analysis, problems, files } = publish([svgFile('avatar.svg', clean)]);
  assert.equal(problems, []);
  const asset = analysis.assets.get('blog/img/avatar.svg');
  assert.is(asset?.url, `/assets/avatar-${contentHash(bytes(clean))}.svg`);
  assert.equal([asset?.width, asset?.height], [96, 96]);
  assert.is(text(files.find((f) => `/${f.path}` === asset?.url)?.data), clean);
});

test('an SVG with an outside reference but no script is published sanitised, under a new hash, without a problem', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="https://tracker.example/p.png" width="1" height="1"/><rect width="10" height="10"/></svg>';
  const { analysis, problems } = publish([svgFile('pixel.svg', svg)]);
  assert.equal(problems, []);
  const asset = analysis.assets.get('blog/img/pixel.svg');
  assert.is(text(asset?.bytes), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image width="1" height="1"/><rect width="10" height="10"/></svg>');
  assert.is.not(asset?.url, `/assets/pixel-${contentHash(bytes(svg))}.svg`);
  assert.is(asset?.url, `/assets/pixel-${contentHash(asset?.bytes ?? new Uint8Array())}.svg`);
});

test('an SVG that is not UTF-8 cannot be checked and is refused; other images are published as they are', () => {
  const utf16 = new Uint8Array([0xff, 0xfe, ...[...'<svg onload="alert(1)"/>'].flatMap((c) => [c.charCodeAt(0), 0])]);
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
  const { analysis, problems } = publish([svgFile('utf16.svg', utf16), { path: 'blog/img/foto.png', display: 'content/blog/img/foto.png', bytes: png }]);
  assert.equal(problems.map((p) => [p.severity, p.code, p.file]), [['error', 'unsafe-svg', 'content/blog/img/utf16.svg']]);
  assert.not.match(text(analysis.assets.get('blog/img/utf16.svg')?.bytes), /onload/);
  assert.is(analysis.assets.get('blog/img/foto.png')?.bytes, png);
  assert.is(analysis.assets.get('blog/img/foto.png')?.url, `/assets/foto-${contentHash(png)}.png`);
});

test.run();
