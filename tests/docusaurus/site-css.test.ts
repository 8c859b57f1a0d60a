/**
 * The CSS of site code: a CSS module's classes get deterministic scoped names
 * (pipeline/io/site-css.ts); the site's customCss loads after the theme, with
 * its Infima properties on our tokens and one warning for selectors aimed at
 * Docusaurus classes our theme lacks (pipeline/io/custom-css.ts). Then the
 * built Docusaurus fixture.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { scopeCssModule } from '../../pipeline/io/site-css.ts';
import { foreignSelectors, infimaTokens, loadCustomCss } from '../../pipeline/io/custom-css.ts';
import { builtSite } from './site.ts';

const test = suite('docusaurus: CSS of site code');

test('a CSS module\'s classes get <name>_<class>_<hash>, the same every time, another hash for another file', () => {
  const css = '.kaart { color: red; }\n.kaart:hover > .titel, a.kaart.titel, [data-x="y.z"] { margin: .5em; }\n';
  const one = scopeCssModule(css, 'src/components/Kaart/styles.module.css');
  assert.equal(one, scopeCssModule(css, 'src/components/Kaart/styles.module.css'));
  const hash = /_([0-9a-f]{6})$/.exec(one.classes.kaart!)![1];
  assert.equal(one.classes, { kaart: `Kaart_kaart_${hash}`, titel: `Kaart_titel_${hash}` });
  assert.is(one.css, `.Kaart_kaart_${hash} { color: red; }\n.Kaart_kaart_${hash}:hover > .Kaart_titel_${hash}, a.Kaart_kaart_${hash}.Kaart_titel_${hash}, [data-x="y.z"] { margin: .5em; }\n`);
  const other = scopeCssModule(css, 'src/components/Tegel/kaart.module.css');
  assert.match(other.classes.kaart!, /^kaart_kaart_[0-9a-f]{6}$/);
  assert.is.not(other.classes.kaart, one.classes.kaart);
});

test('a CSS module: :global stays, at-rules, numbers, strings, comments and url() are left alone', () => {
  const css = [
    '/* .uitleg in een opmerking */',
    ':global(.theme-doc) .blok { background: url("./a.b.png"); }',
    '@media (min-width: 37.5em) { .blok { width: 12.5rem; } }',
    '@keyframes in { 0% { opacity: 0; } 50.5% { opacity: .5; } }',
    '.blok::after { content: ".niet"; }',
  ].join('\n');
  const { css: out, classes } = scopeCssModule(css, 'src/components/Blok/Blok.module.css');
  const b = classes.blok!;
  assert.equal(Object.keys(classes), ['blok']);
  assert.match(out, `.theme-doc .${b} { background: url("./a.b.png"); }`);
  assert.match(out, `@media (min-width: 37.5em) { .${b} { width: 12.5rem; } }`);
  assert.match(out, '@keyframes in { 0% { opacity: 0; } 50.5% { opacity: .5; } }');
  assert.match(out, `.${b}::after { content: ".niet"; }`);
});

test('Infima properties the site sets go onto our tokens; the link colours only in light mode', () => {
  const mapped = infimaTokens(':root { --ifm-color-primary: #0b3d6e; --ifm-font-family-base: "Eigen"; --ifm-footer-background-color: #222; }');
  assert.match(mapped, 'html:root {\n  --op-color-primary: var(--ifm-color-primary);\n  --op-color-background-primary: var(--ifm-color-primary);\n  --op-text-font-family-default: var(--ifm-font-family-base);\n}');
  assert.match(mapped, ':root:not([data-theme="dark"]) {\n  --op-color-foreground-heading: var(--ifm-color-primary);');
  assert.match(mapped, '.footer { background: var(--ifm-footer-background-color); }');
  assert.not.match(mapped, 'monospace');
  assert.is(infimaTokens('.kaart { color: red; }'), '');
});

test('selectors on Docusaurus classes our theme lacks are found; ours and the site\'s own are not', () => {
  const css = '.navbar__brand, .footer { x: y; }\n.hero--primary .container { x: y; }\n.kaart { x: y; }\n@media (max-width: 996px) { .menu__link { x: y; } }';
  assert.equal(foreignSelectors(css, new Set(['footer', 'kaart'])), ['.navbar__brand', '.hero--primary .container', '.menu__link']);
});

test('customCss with load: false is left out; a missing file is a warning', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'custom-css-'));
  fs.writeFileSync(path.join(dir, 'eigen.css'), ':root { --ifm-color-primary: #123456; }');
  const options = { content: dir, display: 'site', themeCss: '.footer{}' };
  assert.equal(loadCustomCss({ ...options, config: { files: ['eigen.css'], load: false } }), { file: null, problems: [] });
  const loaded = loadCustomCss({ ...options, config: { files: ['eigen.css', 'weg.css'] } });
  assert.match(loaded.file!.path, /^assets\/custom-[0-9a-f]{10}\.css$/);
  assert.match(String(loaded.file!.data), '--op-color-primary: var(--ifm-color-primary)');
  assert.equal(loaded.problems.map((p) => `${p.severity} ${p.code}`), ['warning custom-css']);
  fs.rmSync(dir, { recursive: true });
});

test('the fixture\'s customCss is linked on every page after the theme\'s stylesheet, with one warning for its Docusaurus selectors', async () => {
  const built = await builtSite();
  for (const route of ['/docs/intro', '/blog/', '/docs/praktijk/zonder-import']) {
    const links = [...built.html(route).matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
    assert.match(links[0]!, /^\/assets\/styles-/, route);
    assert.match(links.at(-1)!, /^\/assets\/custom-[0-9a-f]+\.css$/, route);
  }
  const warnings = built.problems.filter((p) => p.code === 'custom-css-unmatched');
  assert.is(warnings.length, 1);
  assert.match(warnings[0]!.message, '.navbar__brand (src/css/custom.css), .hero--primary (src/css/custom.css)');
  assert.not.match(warnings[0]!.message, '.stap');
});

test.run();
