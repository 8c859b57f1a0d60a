/**
 * The header's identity in the server-rendered markup: the word mark as text,
 * the government logo as the configuration sets it (file, alt text, aspect
 * ratio), and the preload of the site font's regular face before the
 * stylesheet. tests/e2e/identity.test.ts checks the same in a browser.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { analyse, generate, type Generated } from '../../pipeline/build.ts';
import { fontFile, siteFont } from '../../theme/fonts.ts';
import { configText, effects, tree } from '../helpers.ts';

const files = {
  'pages/index.md': '---\ntitle: Ontwikkelaarsportaal\n---\n\nWelkom.\n',
  'pages/contact.md': '---\ntitle: Contact\n---\n\nMail ons.\n',
};
const regular = fontFile(siteFont.preload);
const theme = {
  css: '/assets/styles-1.css', js: '/assets/shell-1.js',
  files: new Map([['logo.svg', '/assets/logo-1.svg'], ['rijkslint.svg', '/assets/rijkslint-1.svg'], ['eigen-logo.svg', '/assets/eigen-logo-1.svg'], [regular, '/assets/fira-sans-latin-400-normal-1.woff2']]),
};

const build = (config: string): Generated =>
  generate(analyse(tree(files, config), 'production'), { ...effects, theme }, { render: true });
const page = (g: Generated, file: string): string => String(g.files.find((f) => f.path === file)?.data ?? '');
const headerOf = (html: string) => html.slice(html.indexOf('<header'), html.indexOf('</header>'));

const identity = suite('identity render: header and font preload');

identity('the word mark is text, and off the home page the brand links home', () => {
  const header = headerOf(page(build(configText), 'contact/index.html'));
  assert.match(header, /<a href="\/" class="navbar-brand"><img class="navbar-logo" src="\/assets\/logo-1.svg" alt=""/);
  assert.match(header, /<span class="navbar-site-name">Ontwikkelaarsportaal<\/span><span class="navbar-tagline">Ontwikkelaarsportaal van de Nederlandse overheid<\/span>/);
  const home = headerOf(page(build(configText), 'index.html'));
  assert.match(home, /<div class="navbar-brand">/);
  assert.not.match(home, /<a href="\/" class="navbar-brand"/);
});

identity('the government logo is the configured file with its alt text and aspect ratio', () => {
  const standard = headerOf(page(build(configText), 'contact/index.html'));
  assert.match(standard, /<img class="government-logo" src="\/assets\/rijkslint-1.svg" alt="Logo van de Nederlandse overheid" width="44" height="80"\/>/);
  const own = configText.replace(
    'governmentLogo:\n  src: rijkslint.svg\n  alt: Logo van de Nederlandse overheid\n',
    'governmentLogo:\n  src: eigen-logo.svg\n  alt: Logo van Gemeente Voorbeeld\n  width: 120\n  height: 80\n',
  );
  assert.is.not(own, configText);
  const built = build(own);
  assert.equal(built.problems.filter((p) => p.severity === 'error'), []);
  assert.match(headerOf(page(built, 'contact/index.html')), /<img class="government-logo" src="\/assets\/eigen-logo-1.svg" alt="Logo van Gemeente Voorbeeld" width="120" height="80"\/>/);
});

identity('the head preloads the regular face, with crossorigin, before the stylesheet', () => {
  const html = page(build(configText), 'contact/index.html');
  const preload = '<link rel="preload" href="/assets/fira-sans-latin-400-normal-1.woff2" as="font" type="font/woff2" crossorigin=""/>';
  assert.ok(html.includes(preload), 'preload link');
  assert.ok(html.indexOf(preload) < html.indexOf('<link rel="stylesheet" href="/assets/styles-1.css"/>'));
  // Without the font among the theme's files (a theme without it), no preload.
  const bare = generate(analyse(tree(files, configText), 'production'), { ...effects, theme: { ...theme, files: new Map([['logo.svg', '/l.svg']]) } }, { render: true });
  assert.not.match(page(bare, 'contact/index.html'), /rel="preload" href="[^"]*" as="font"/);
});

identity.run();
