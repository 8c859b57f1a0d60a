/**
 * The server-rendered shell without a browser: the nine navbar item
 * types, the item that fails to render, the footer's two layouts and logo
 * variants, and what the head loads before first paint. The browser suites
 * (tests/e2e/shell*.test.ts) test the behaviour on top of this markup.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { analyse, generate, type Generated } from '../../pipeline/build.ts';
import { buildRoutes } from '../../pipeline/stages/routes.ts';
import { valueOf } from '../../pipeline/result.ts';
import { renderMemo } from '../../renderer/context.ts';
import type { NavbarItem } from '../../pipeline/model.ts';
import { Navbar, NavbarItemError } from '../../theme/shell/Navbar.tsx';
import { configText, effects, root, tree } from '../helpers.ts';

const fixtureConfig = fs.readFileSync(path.join(root, 'tests/fixtures/interactive-site/site.yml'), 'utf8');
const files = {
  'kennisbank/apis/index.md': '---\ntitle: API\'s\n---\n\nOver API\'s.\n',
  'kennisbank/apis/lang.md': '---\ntitle: Lang\n---\n\nTekst.\n',
  'pages/contact.md': '---\ntitle: Contact\n---\n\nMail ons.\n',
};
const theme = { css: '/assets/styles.css', js: '/assets/shell.js', files: new Map([['theme-init.js', '/assets/theme-init-1.js'], ['logo.svg', '/assets/logo-1.svg'], ['rijkslint.svg', '/assets/rijkslint-1.svg']]) };

function build(config: string): Generated {
  return generate(analyse(tree(files, config), 'production'), { ...effects, theme }, { render: true });
}
const page = (g: Generated, file: string): string => String(g.files.find((f) => f.path === file)?.data ?? '');
const navbarOf = (html: string) => html.slice(html.indexOf('<header'), html.indexOf('</header>'));
const footerOf = (html: string) => html.slice(html.indexOf('<footer class="footer"'), html.indexOf('</footer>', html.indexOf('<footer class="footer"')));

const fixture = build(fixtureConfig);
const ours = build(configText);

const navbar = suite('shell render: navbar items');

navbar('should build the fixture and our configuration without problems', () => {
  assert.equal(fixture.problems.filter((p) => p.severity === 'error'), []);
  assert.equal(ours.problems.filter((p) => p.severity === 'error'), []);
});

navbar('should render all nine item types', () => {
  const html = navbarOf(page(fixture, 'kennisbank/apis/lang/index.html'));
  for (const type of ['doc', 'docSidebar', 'dropdown', 'link', 'localeDropdown', 'docsVersion', 'docsVersionDropdown', 'html']) {
    assert.ok(html.includes(`navbar-item-${type}"`), type);
  }
  // link and doc
  assert.match(html, /<a href="\/blog" class="navbar-link">Blog<\/a>/);
  assert.match(html, /<a href="\/kennisbank" class="navbar-link active">Kennisbank<\/a>/);
  // doc sidebar: the sidebar's first own doc, active on its pages
  assert.match(html, /<a href="\/kennisbank\/apis\/" class="navbar-link active">API-artikelen<\/a>/);
  // dropdown: a button with aria-expanded and aria-controls, and its items
  assert.match(html, /<button type="button" class="navbar-link dropdown-toggle" aria-expanded="false" aria-controls="dropdown-2">Meer<svg class="chevron"[^>]*aria-hidden="true"[^]*?<\/svg><\/button><ul class="dropdown-menu" id="dropdown-2"><li><a href="\/contact"/);
  // locale dropdown: the locale label, linking to this page
  assert.match(html, /aria-controls="dropdown-4">Nederlands<svg class="chevron"[^]*?<\/svg><\/button><ul class="dropdown-menu" id="dropdown-4"><li><a href="\/kennisbank\/apis\/lang"/);
  // docs version and docs version dropdown
  assert.match(html, /<a href="\/kennisbank" class="navbar-link active">Versie<\/a>/);
  assert.match(html, />Versie: Next<svg class="chevron"[^]*?<\/svg><\/button>/);
  // raw html, as configured
  assert.match(html, /<span class="navbar-html"><span class="fixture-html">Bèta<\/span><\/span>/);
  // search: a page is configured, so an icon link
  assert.match(html, /<a href="\/zoeken" class="navbar-search-link" aria-label="Zoek op deze pagina"/);
});

navbar('should render a search button for the modal when no search page is configured', () => {
  const html = navbarOf(page(build(fixtureConfig.replace('  page: /zoeken\n', '')), 'contact/index.html'));
  assert.not.match(html, /navbar-search-link/);
  assert.match(html, /<button type="button" class="navbar-search-button" aria-label="Zoek op deze pagina"/);
});

navbar('should mark only the current page with aria-current', () => {
  const html = navbarOf(page(fixture, 'contact/index.html'));
  // Contact itself, and the locale item (this page in the current language).
  assert.equal([...html.matchAll(/<a href="([^"]+)"[^>]*aria-current="page"/g)].map((m) => m[1]), ['/contact', '/contact']);
  assert.match(html, /<div class="navbar-dropdown active" data-dropdown="true"><button[^>]*>Meer/);
  // Below a navbar link the page is only "active": just the locale item is current.
  const article = navbarOf(page(fixture, 'kennisbank/apis/lang/index.html'));
  assert.equal([...article.matchAll(/<a href="([^"]+)"[^>]*aria-current="page"/g)].map((m) => m[1]), ['/kennisbank/apis/lang']);
});

navbar('should render Kennisbank and Communities as plain links in our configuration', () => {
  const html = navbarOf(page(ours, 'contact/index.html'));
  assert.not.match(html, /data-dropdown/);
  assert.match(html, /<a href="\/kennisbank" class="navbar-link">Kennisbank<\/a>/);
  assert.match(html, /<a href="\/communities\/" class="navbar-link">Communities<\/a>/);
});

navbar('should name the navbar item that fails to render, and report it once as a configuration error', () => {
  const analysis = analyse(tree(files, fixtureConfig), 'production');
  const site = analysis.site!;
  const broken = { type: 'dropdown', label: 'Kapot', items: null } as unknown as NavbarItem;
  const brokenSite = { ...site, config: { ...site.config, navbar: { items: [...site.config.navbar.items, broken] } } };
  const route = valueOf(buildRoutes(brokenSite))!.find((r) => r.path === '/contact')!;
  let thrown: unknown = null;
  try {
    renderToStaticMarkup(<Navbar ctx={{ site: brokenSite, route, contents: new Map(), theme, assetUrl: () => null, dev: false, memo: renderMemo() }} />);
  } catch (err) {
    thrown = err;
  }
  assert.instance(thrown, NavbarItemError);
  assert.match((thrown as Error).message, /Navbar-item "Kapot" \(type dropdown, navbar\.items\[9\]\)/);
  const g = generate({ ...analysis, site: brokenSite }, { ...effects, theme }, { render: true });
  const reported = g.problems.filter((p) => p.code === 'config-navbar-item');
  assert.is(reported.length, 1, 'once, not once per page');
  assert.is(reported[0]?.file, 'dist-config/site.yml');
  assert.match(reported[0]?.message ?? '', /"Kapot"/);
});

navbar('should reject an unknown navbar item type in the configuration', () => {
  const problems = analyse(tree(files, fixtureConfig.replace('    - type: localeDropdown\n', '    - type: taalkeuze\n      label: Taal\n')), 'production').problems;
  const p = problems.find((x) => x.code === 'config-navbar-item');
  assert.match(p?.message ?? '', /"Taal" heeft een onbekend type "taalkeuze"/);
});

navbar.run();

const shell = suite('shell render: footer, announcement bar, head');

shell('should render link columns for our configuration', () => {
  const html = footerOf(page(ours, 'contact/index.html'));
  assert.match(html, /<nav class="footer-columns" aria-label="Voettekst">/);
  assert.is([...html.matchAll(/<h2 class="footer-title">/g)].length, 5);
  assert.not.match(html, /footer-row|footer-logo/);
  assert.match(html, /<p class="footer-copyright">Ontwikkelaarsportaal van de Nederlandse overheid\./);
});

shell('should render a simple row of links and a logo with light and dark variants', () => {
  const html = footerOf(page(fixture, 'contact/index.html'));
  assert.match(html, /<nav class="footer-row" aria-label="Voettekst"><ul><li><a href="\/contact">Contact<\/a><\/li>/);
  assert.not.match(html, /footer-columns/);
  assert.match(html, /<img class="themed-light" src="\/assets\/logo-1.svg" alt="Logo van het portaal"/);
  assert.match(html, /<img class="themed-dark" src="\/assets\/rijkslint-1.svg" alt="Logo van het portaal"/);
  const single = footerOf(page(build(fixtureConfig.replace('    srcDark: rijkslint.svg\n', '')), 'contact/index.html'));
  assert.match(single, /<p class="footer-logo"><img src="\/assets\/logo-1.svg"/);
  assert.not.match(single, /themed-/);
});

shell('should give every page of a build the same footer, made for its own site and theme', () => {
  const footers = new Set(ours.files.filter((f) => f.path.endsWith('.html')).map((f) => footerOf(String(f.data))));
  assert.is(footers.size, 1);
  // The footer is rendered once per build: another build of the same site, with other theme files, gets its own.
  const analysis = analyse(tree(files, fixtureConfig), 'production');
  const withTheme = (logo: string) => page(generate(analysis, { ...effects, theme: { ...theme, files: new Map([...theme.files, ['logo.svg', logo]]) } }, { render: true }), 'contact/index.html');
  assert.match(footerOf(withTheme('/assets/logo-1.svg')), /<img class="themed-light" src="\/assets\/logo-1.svg"/);
  assert.match(footerOf(withTheme('/assets/logo-2.svg')), /<img class="themed-light" src="\/assets\/logo-2.svg"/);
});

shell('should render a closeable announcement bar and load theme-init.js only when something must happen before first paint', () => {
  const html = page(fixture, 'contact/index.html');
  assert.match(html, /<html [^>]*data-announcement="announcement-bar"/);
  assert.match(html, /<div class="announcement-bar" role="region" aria-label="Aankondiging" data-announcement-id="announcement-bar">/);
  assert.match(html, /<button type="button" class="announcement-close" data-announcement-close="true" aria-label="Sluit de aankondiging">/);
  // A blocking script in <head>, before the stylesheet and the module bundle.
  assert.ok(html.indexOf('<script src="/assets/theme-init-1.js"></script>') > 0);
  assert.ok(html.indexOf('theme-init-1.js') < html.indexOf('/assets/shell.js'));
  // Only the announcement: still loaded, without the colour switch.
  const barOnly = page(build(fixtureConfig.replace('disableSwitch: false', 'disableSwitch: true')), 'contact/index.html');
  assert.match(barOnly, /theme-init-1\.js/);
  assert.not.match(barOnly, /data-respect-system/);
  // A bar that cannot be closed needs nothing before paint.
  const fixed = page(build(fixtureConfig.replace('  isCloseable: true\n', '').replace('disableSwitch: false', 'disableSwitch: true')), 'contact/index.html');
  assert.match(fixed, /announcement-bar/);
  assert.not.match(fixed, /theme-init|data-announcement="|announcement-close/);
  // Ours: no bar, no switch, no extra script.
  const plain = page(ours, 'contact/index.html');
  assert.not.match(plain, /theme-init|announcement/);
  // Our configuration fixes light with no switch: no toggle renders.
  assert.not.match(plain, /data-color-mode-toggle|data-respect-system/);
  assert.match(plain, /<html [^>]*data-theme="light"/);
  assert.match(page(fixture, 'contact/index.html'), /<button type="button" class="color-mode-toggle" data-color-mode-toggle="true" data-respect-system="true"/);
});

shell.run();

const constants = suite('shell client: limits and timings');

constants('should cap the router caches at 10 000 entries, forgetting the oldest', async () => {
  const { BoundedCache, cacheLimit } = await import('../../theme/client/router.ts');
  assert.is(cacheLimit, 10_000);
  const cache = new BoundedCache<number, number>(cacheLimit);
  for (let i = 0; i < cacheLimit + 5; i++) cache.set(i, i);
  assert.is(cache.size, cacheLimit);
  assert.is(cache.get(4), undefined);
  assert.is(cache.get(5), 5);
  // Setting a key again makes it the newest.
  cache.set(5, 50);
  cache.set(-1, -1);
  assert.is(cache.get(5), 50);
  assert.is(cache.get(6), undefined);
});

constants('should use the progress bar settings of the spec', async () => {
  const { progressSettings } = await import('../../theme/client/progress.ts');
  assert.equal(progressSettings, { delay: 200, minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800 });
});

constants.run();
