/**
 * `npm run migrate`: a Docusaurus site's configuration and sidebars (code)
 * are run once in a child process and become our dist-config/site.yml and
 * sidebars data; what cannot be mapped is listed; the site then builds with
 * no content file moved or edited.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { isRight } from 'fp-ts/Either';
import { parse } from 'yaml';
import { SiteConfig } from '../../pipeline/model.ts';
import { evaluateSiteCode } from '../../pipeline/cli/migrate/evaluate-config.ts';
import { htmlAsText, migrateSiteConfig, packageName, sidebarData } from '../../pipeline/cli/migrate/site-config.ts';
import { builtSite, migrate, mistakesFixture, siteFixture, temporaryFolder } from './site.ts';

const test = suite('migrate');
const root = path.resolve(import.meta.dirname, '../..');

/** A fresh folder with `files` in it: a small Docusaurus site of the test's own. */
function site(files: Record<string, string>): string {
  const dir = temporaryFolder('op-migrate-test-');
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** The fixture, copied and migrated (once for the tests that only read the result). */
let migrated: Promise<{ dir: string; stdout: string; exitCode: number; site: Record<string, any>; sidebars: unknown }> | null = null;
const migratedFixture = () => migrated ??= (async () => {
  const dir = temporaryFolder('op-migrate-fixture-');
  fs.cpSync(siteFixture, dir, { recursive: true });
  const result = await migrate(dir);
  const read = (name: string) => parse(fs.readFileSync(path.join(dir, 'dist-config', name), 'utf8'));
  return { dir, stdout: result.stdout, exitCode: result.exitCode, site: read('site.yml'), sidebars: read('sidebars-default.yml') };
})();

/** Every file under `dir` with its bytes, to see that nothing outside dist-config/ changed. */
const snapshot = (dir: string): Record<string, string> => Object.fromEntries(
  fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => !f.startsWith('dist-config') && fs.statSync(path.join(dir, f)).isFile())
    .sort().map((f) => [f, fs.readFileSync(path.join(dir, f), 'base64')]),
);

test('the migrate script runs pipeline/cli/migrate.ts', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  assert.is(pkg.scripts.migrate, 'node --import tsx pipeline/cli/migrate.ts');
});

test('the fixture migrates to a site.yml that validates as SiteConfig', async () => {
  const { exitCode, site } = await migratedFixture();
  assert.is(exitCode, 0);
  assert.ok(isRight(SiteConfig.decode(site)), 'SiteConfig accepts the migrated configuration');
  assert.is(site.siteName, 'Voorbeeldportaal');
  assert.is(site.tagline, 'Een proefsite voor ontwikkelaars bij de overheid');
  assert.is(site.url, 'https://voorbeeld.example.nl');
  assert.equal(site.locale, { lang: 'nl', label: 'Nederlands', direction: 'ltr', calendar: 'gregory' });
});

test('the docs plugins, blog, pages and static folders point at the Docusaurus folders', async () => {
  const { site } = await migratedFixture();
  assert.equal(site.content.docs, [
    { id: 'default', path: 'docs', routeBasePath: 'docs', label: 'Documentatie', sidebarPath: 'sidebars-default.yml', tags: '../tags.yml', editUrl: 'https://github.com/voorbeeld/portaal/edit/main/' },
    {
      id: 'community', path: 'community', routeBasePath: 'community', label: 'Community', tags: '../tags.yml', sidebarItemsGenerator: 'plugins/zijbalk-community.js',
      markdown: {
        remarkPlugins: [{ path: 'plugins/remark-let-op.js' }],
        rehypePlugins: [{ package: '@gemeente/rehype-afkortingen', options: { afkortingen: { API: 'application programming interface' } } }],
      },
    },
  ]);
  assert.equal(site.content.blog, { path: 'blog', routeBasePath: 'blog', tags: '../tags.yml', editUrl: 'https://github.com/voorbeeld/portaal/blob/main' });
  assert.equal(site.content.pages, { path: 'src/pages' });
  assert.equal(site.content.static, ['static']);
  assert.equal(site.markdown, { format: 'detect' });
  assert.equal(site.mdx, { unknownComponents: 'warn', components: 'src/components', componentMap: 'src/theme/MDXComponents.tsx' });
  assert.equal(site.customCss, { files: ['src/css/custom.css'] });
  assert.equal(site.blog, { postsPerPage: 5, wordsPerMinute: 200, sidebarCount: 1000, sidebarTitle: 'Alle berichten' });
  assert.equal(site.search, { backend: 'embedded', page: '/zoeken' });
});

test('the navbar and footer are mapped item by item', async () => {
  const { site } = await migratedFixture();
  assert.equal(site.navbar.items, [
    { type: 'docSidebar', label: 'Documentatie', sidebarId: 'docsSidebar', position: 'left', docsPluginId: 'default' },
    { type: 'doc', label: 'Community', docId: 'index', position: 'left', docsPluginId: 'community' },
    { type: 'link', label: 'Blog', href: '/blog', position: 'left' },
    { type: 'dropdown', label: 'Meer', position: 'left', items: [{ label: 'Over ons', href: '/over' }, { label: 'Broncode', href: 'https://github.com/voorbeeld/portaal' }] },
    { type: 'search', position: 'right' },
  ]);
  assert.is(site.footer.style, 'columns');
  assert.is(site.footer.copyright, 'Voorbeeldportaal, CC0. Gebouwd met Docusaurus.');
  assert.equal(site.footer.columns.map((c: { title: string }) => c.title), ['Documentatie', 'Meer']);
  assert.equal(site.footer.columns[0].items[0], { label: 'Inleiding', href: '/docs/intro' });
});

test('the sidebars data file holds what sidebars.js exports', async () => {
  const { sidebars } = await migratedFixture();
  // The fixture's own sidebars.js, loaded here only to compare: it is test data of ours.
  const exported = createRequire(import.meta.url)(path.join(siteFixture, 'sidebars.js')) as unknown;
  assert.equal(sidebars, JSON.parse(JSON.stringify(exported)));
});

test('it lists what it could not map, one line each, and the build and start commands', async () => {
  const { stdout, dir } = await migratedFixture();
  assert.not.match(stdout, /React-pagina/);
  assert.match(stdout, /^- Zoeken: Algolia DocSearch is vervangen door de ingebouwde zoekfunctie/m);
  assert.match(stdout, /^- Statistieken: Google gtag \(G-VOORBEELD1\) is niet overgenomen/m);
  // editUrl strings carry over (content.docs[].editUrl, content.blog.editUrl): nothing to say about them.
  assert.not.match(stdout, /editUrl/);
  assert.ok(stdout.includes(`npm run build -- --content ${dir} --config ${path.join(dir, 'dist-config/site.yml')}`), stdout);
  assert.ok(stdout.includes(`npm start -- --content ${dir} --config ${path.join(dir, 'dist-config/site.yml')}`), stdout);
});

test('client-redirects: the list and fromExtensions carry over, createRedirects runs once over the routes in the box', async () => {
  const { site, stdout, dir } = await migratedFixture();
  assert.equal(site.redirects, {
    rules: [
      { from: '/handleiding', to: '/docs/koppelingen' },
      { from: ['/gemeenschap', '/gemeenschap/welkom/'], to: '/community' },
      { from: '/vergaderen/maandelijks', to: '/community/overleg/maandelijks' },
      { from: '/vergaderen/jaarlijks', to: '/community/overleg/jaarlijks' },
    ],
    fromExtensions: ['php'],
  });
  assert.not.match(stdout, /client-redirects kent de generator niet/);
  assert.match(stdout, /createRedirects uitvoeren over de pagina's van de site/);
  assert.match(fs.readFileSync(path.join(dir, 'dist-config/site.yml'), 'utf8'), /# De regels uit createRedirects .*\n.*draai migrate opnieuw\.\nredirects:/);
});

test('no file outside dist-config/ is written, moved or edited', async () => {
  const { dir } = await migratedFixture();
  assert.equal(snapshot(dir), snapshot(siteFixture));
});

test('the mistakes fixture migrates too: its mistakes are in the content, not the configuration', async () => {
  const dir = temporaryFolder('op-migrate-mistakes-');
  fs.cpSync(mistakesFixture, dir, { recursive: true });
  const result = await migrate(dir);
  assert.is(result.exitCode, 0, result.stderr);
  const written = parse(fs.readFileSync(path.join(dir, 'dist-config/site.yml'), 'utf8')) as Record<string, any>;
  assert.ok(isRight(SiteConfig.decode(written)));
  assert.equal(written.content.docs.map((d: { id: string }) => d.id), ['default', 'community']);
});

test('the configuration runs in a child process, not in the migrating one', async () => {
  const dir = site({
    'docusaurus.config.js': `const fs = require('node:fs');
fs.writeFileSync('uitgevoerd-door.txt', String(process.pid));
globalThis.__gelekt = true;
module.exports = { title: 'Proef', url: 'https://proef.example.nl', baseUrl: '/' };
`,
  });
  const result = await evaluateSiteCode(dir);
  assert.ok(result.ok);
  // The marker is written in the child's working directory, the site folder, by another process.
  const pid = Number(fs.readFileSync(path.join(dir, 'uitgevoerd-door.txt'), 'utf8'));
  assert.is.not(pid, process.pid);
  assert.is(result.ok && result.pid, pid);
  assert.is((globalThis as Record<string, unknown>).__gelekt, undefined);
});

test('a configuration that throws is a Dutch message with its place, and exit 1', async () => {
  const dir = site({ 'docusaurus.config.js': `const title = 'Proef';\nthrow new Error('de omgevingsvariabele API_URL ontbreekt');\nmodule.exports = { title };\n` });
  const result = await migrate(dir);
  assert.is(result.exitCode, 1);
  assert.match(result.stderr, /docusaurus\.config\.js gaf een fout bij het uitvoeren \(docusaurus\.config\.js:2:\d+\): de omgevingsvariabele API_URL ontbreekt\./);
  assert.not.match(result.stderr, /\n\s+at /, 'no stack trace');
  assert.not.ok(fs.existsSync(path.join(dir, 'dist-config/site.yml')));
});

test('a configuration with a syntax error is a Dutch message with its place, and exit 1', async () => {
  const dir = site({ 'docusaurus.config.js': `module.exports = {\n  title: 'Proef',,\n};\n` });
  const result = await migrate(dir);
  assert.is(result.exitCode, 1);
  assert.match(result.stderr, /docusaurus\.config\.js kan niet worden gelezen: docusaurus\.config\.js:2:\d+: /);
});

test('a sidebars file that does not exist is no error (Docusaurus shows no sidebar then): the sidebar comes from the folders', async () => {
  const dir = site({
    'docusaurus.config.js': `module.exports = { title: 'Zonder', url: 'https://zonder.example.nl', baseUrl: '/', presets: [['classic', { docs: { sidebarPath: './sidebars.js' } }]] };\n`,
    'docs/a.md': '---\ntitle: A\n---\n',
  });
  const result = await migrate(dir);
  assert.is(result.exitCode, 0, result.stderr);
  assert.match(result.stdout, /^- Docs-plugin "default": het zijbalkbestand sidebars\.js bestaat niet/m);
  const written = parse(fs.readFileSync(path.join(dir, 'dist-config/site.yml'), 'utf8')) as Record<string, any>;
  assert.equal(written.content.docs, [{ id: 'default', path: 'docs', routeBasePath: 'docs', label: 'Documentatie' }]);
});

test('a value computed from a package that is not installed is named; a failure that may come from one says so', async () => {
  const named = site({ 'docusaurus.config.js': `const { maak } = require('docusaurus-hulp');\nmodule.exports = { title: maak('x'), url: 'https://x.example.nl', baseUrl: '/' };\n` });
  const ok = await migrate(named);
  assert.is(ok.exitCode, 0, ok.stderr);
  assert.match(ok.stdout, /^- title kwam van docusaurus-hulp, dat niet geïnstalleerd is; migrate kon de waarde niet bepalen\./m);
  const failing = site({ 'docusaurus.config.js': `const adres = require('docusaurus-hulp').adres;\nmodule.exports = { url: new URL(adres).origin };\n` });
  const failed = await migrate(failing);
  assert.is(failed.exitCode, 1);
  assert.match(failed.stderr, /Niet geïnstalleerd, en daarom vervangen door een lege plaatsvervanger: docusaurus-hulp\. Komt de fout daardoor, draai dan eerst npm install in de map van de site/);
  assert.not.match(failed.stderr, /Docusaurus zou met deze configuratie ook niet starten/);
});

test('a folder without a Docusaurus configuration is a message, exit 1', async () => {
  const result = await migrate(site({ 'README.md': '# Geen site\n' }));
  assert.is(result.exitCode, 1);
  assert.match(result.stderr, /staat geen docusaurus\.config\.js/);
});

test('TypeScript and ESM configurations, async functions, local helpers and packages that are not installed', async () => {
  const dir = site({
    'docusaurus.config.ts': `import type { Config } from '@docusaurus/types';
import { themes as prismThemes } from 'prism-react-renderer';
import { voettekst } from './config/voettekst';
export default async function maakConfig(): Promise<Config> {
  return {
    title: 'Getypeerd', url: 'https://getypeerd.example.nl', baseUrl: '/',
    presets: [[require.resolve('@docusaurus/preset-classic'), { docs: { sidebarPath: './sidebars.ts', routeBasePath: '/' }, blog: false }]],
    plugins: [require('docusaurus-plugin-onbekend'), ['docusaurus-plugin-matomo', { matomoUrl: 'https://statistiek.example.nl/', siteId: '7' }]],
    themeConfig: { footer: { copyright: voettekst }, prism: { theme: prismThemes.github } },
  };
}
`,
    'config/voettekst.ts': `export const voettekst = 'Getypeerd &amp; gedeeld';\n`,
    'sidebars.ts': `import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';
const sidebars: SidebarsConfig = { hoofd: ['a', { Groep: ['b'] }, { type: 'category', label: 'C', items: [], customProps: { f: () => 1 } }] };
export default sidebars;
`,
    'docs/a.md': '---\ntitle: A\n---\n',
  });
  const result = await evaluateSiteCode(dir);
  assert.ok(result.ok, result.ok ? '' : result.message);
  if (!result.ok) return;
  assert.is(result.config.title, 'Getypeerd');
  const mapped = migrateSiteConfig(result.config, new Map(Object.entries(result.sidebars).map(([k, v]) => [k, v.value])), ['docs/a.md', 'sidebars.ts'], dir);
  const content = mapped.site.content as Record<string, unknown>;
  assert.equal(content.docs, [{ id: 'default', path: 'docs', routeBasePath: '', label: 'Documentatie', sidebarPath: 'sidebars-default.yml' }]);
  assert.is(content.blog, null);
  assert.equal((mapped.site.footer as { copyright: string }).copyright, 'Getypeerd & gedeeld');
  assert.equal((mapped.site.analytics as Record<string, unknown>).tracker, { name: 'Matomo', url: 'https://statistiek.example.nl/', siteId: '7', domains: ['getypeerd.example.nl'] });
  assert.ok(mapped.notes.some((n) => n.includes('docusaurus-plugin-onbekend')), mapped.notes.join('\n'));
  assert.equal(mapped.sidebars[0]?.data, { hoofd: ['a', { Groep: ['b'] }, { type: 'category', label: 'C', items: [], customProps: { f: { $code: 'functie f' } } }] });
});

test('an ESM configuration with its own require, dynamic imports and plugins as functions', async () => {
  const dir = site({
    'docusaurus.config.mjs': `import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const __dirname = path.dirname(fileURLToPath(import.meta.url));
require('dotenv').config();
function eigenPlugin() { return { name: 'eigen-plugin' }; }
export default async function createConfig() {
  const mermaid = await import('mdx-mermaid');
  return {
    title: process.env.ONBEKENDE_TITEL ?? 'ESM-site', url: 'https://esm.example.nl', baseUrl: '/',
    presets: [['classic', { docs: { path: path.join(__dirname, 'handleiding'), remarkPlugins: [mermaid.default] } }]],
    plugins: [eigenPlugin],
  };
}
`,
    'handleiding/a.md': '---\ntitle: A\n---\n',
  });
  const result = await migrate(dir);
  assert.is(result.exitCode, 0, result.stderr);
  const written = parse(fs.readFileSync(path.join(dir, 'dist-config/site.yml'), 'utf8')) as Record<string, any>;
  assert.is(written.siteName, 'ESM-site');
  // A remark plugin from a package that is not installed where migrate runs still names its package: the build loads it from the site's node_modules.
  assert.equal(written.content.docs, [{ id: 'default', path: 'handleiding', routeBasePath: 'docs', label: 'Documentatie', markdown: { remarkPlugins: [{ package: 'mdx-mermaid' }] } }]);
  // The preset's blog and pages have no folder here: nothing to build.
  assert.is(written.content.blog, null);
  assert.is(written.content.pages, null);
  // A plugin written in the configuration has no file the build could run: the note says how to give it one.
  assert.match(result.stdout, /^- Plugin 1 \(eigenPlugin\) staat als functie in de configuratie; .*Zet de functie in een eigen bestand/m);
  assert.is(written.plugins, undefined);
  assert.match(result.stdout, /^- Docs-plugin "default": remarkPlugins 1 \(mdx-mermaid\): het pakket mdx-mermaid is niet geïnstalleerd waar migrate draaide/m);
});

test('remark and rehype plugins: a file or package the configuration imports carries over with its options; a function written inline, or options with code, get a note', async () => {
  const dir = site({
    'docusaurus.config.js': `const eigen = require('./plugins/eigen.js');
const { benoemd } = require('./plugins/benoemd.js');
module.exports = {
  title: 'Plugins', url: 'https://plugins.example.nl', baseUrl: '/',
  presets: [['classic', { docs: {
    path: 'docs',
    beforeDefaultRemarkPlugins: [[eigen, { stap: 1 }]],
    remarkPlugins: [() => (tree) => tree, [eigen, { filter: /x/ }]],
    rehypePlugins: [benoemd],
  } }]],
};
`,
    'plugins/eigen.js': 'module.exports = function eigen() { return () => {}; };\n',
    'plugins/benoemd.js': 'exports.benoemd = function benoemd() { return () => {}; };\n',
    'docs/a.md': '---\ntitle: A\n---\n',
  });
  const result = await migrate(dir);
  assert.is(result.exitCode, 0, result.stderr);
  const written = parse(fs.readFileSync(path.join(dir, 'dist-config/site.yml'), 'utf8')) as Record<string, any>;
  assert.equal(written.content.docs[0].markdown, {
    beforeDefaultRemarkPlugins: [{ path: 'plugins/eigen.js', options: { stap: 1 } }],
    rehypePlugins: [{ path: 'plugins/benoemd.js', export: 'benoemd' }],
  });
  assert.match(result.stdout, /^- Docs-plugin "default": remarkPlugins 1 \(functie\) staat als functie in de configuratie en wordt niet uitgevoerd/m);
  assert.match(result.stdout, /^- Docs-plugin "default": remarkPlugins 2 \(functie eigen\): de opties bevatten code/m);
});

test('a remark plugin the configuration imports dynamically from the site\'s node_modules carries over as its package', async () => {
  const dir = site({
    'docusaurus.config.mjs': `export default async function () {
  const { default: nummers } = await import('remark-nummers');
  return { title: 'Dynamisch', url: 'https://dyn.example.nl', baseUrl: '/', presets: [['classic', { docs: { path: 'docs', remarkPlugins: [[nummers, { vanaf: 2 }]] } }]] };
}
`,
    'node_modules/remark-nummers/package.json': JSON.stringify({ name: 'remark-nummers', version: '1.2.3', type: 'module', exports: './index.js' }),
    'node_modules/remark-nummers/index.js': 'export default function nummers() { return () => {}; }\n',
    'docs/a.md': '---\ntitle: A\n---\n',
  });
  const result = await migrate(dir);
  assert.is(result.exitCode, 0, result.stderr);
  const written = parse(fs.readFileSync(path.join(dir, 'dist-config/site.yml'), 'utf8')) as Record<string, any>;
  assert.equal(written.content.docs[0].markdown, { remarkPlugins: [{ package: 'remark-nummers', options: { vanaf: 2 } }] });
});

test('a helper module beside the configuration finds its own files (__dirname, import.meta.url)', async () => {
  const dir = site({
    'config/titel.txt': 'Titel uit een bestand',
    'config/lees.js': `const fs = require('fs');\nconst path = require('path');\nmodule.exports = fs.readFileSync(path.join(__dirname, 'titel.txt'), 'utf8');\n`,
    'config/meta.mjs': `import fs from 'node:fs';\nexport const tagline = fs.readFileSync(new URL('./titel.txt', import.meta.url), 'utf8') + ' (ESM)';\n`,
    'docusaurus.config.mjs': `import titel from './config/lees.js';\nimport { tagline } from './config/meta.mjs';\nexport default { title: titel, tagline, url: 'https://sub.example.nl', baseUrl: '/' };\n`,
  });
  const result = await evaluateSiteCode(dir);
  assert.ok(result.ok, result.ok ? '' : result.message);
  assert.is(result.ok && result.config.title, 'Titel uit een bestand');
  assert.is(result.ok && result.config.tagline, 'Titel uit een bestand (ESM)');
});

test('sidebar items that are code or of an unknown type are left out and reported', () => {
  const notes: string[] = [];
  const data = sidebarData({
    hoofd: ['a', { $code: 'functie maakItems' }, { type: 'doc', id: 'b', label: { $code: 'functie label' } }, { type: 'raar', id: 'c' }, { type: 'ref', id: 'd' }],
  }, 'sidebars.js', notes);
  assert.equal(data, { hoofd: ['a', { type: 'doc', id: 'b' }, { type: 'ref', id: 'd' }] });
  assert.equal(notes, [
    'sidebars.js: zijbalk "hoofd" [2] is code (functie maakItems) en is weggelaten.',
    'sidebars.js: zijbalk "hoofd" [3]: label is code (functie label) en is weggelaten.',
    'sidebars.js: zijbalk "hoofd" [4] heeft het type "raar", dat de generator niet kent; weggelaten.',
  ]);
});

test('mapping details: baseUrl, languages, dropdown docs, row footers, HTML as text, package names', () => {
  const { site, notes } = migrateSiteConfig({
    title: 'A very long English site title', url: 'https://example.org/', baseUrl: '/docs-site/',
    i18n: { defaultLocale: 'en', locales: ['en', 'nl'] },
    presets: [['@docusaurus/preset-classic', { docs: { path: 'handleiding', routeBasePath: '/gids/' } }]],
    themeConfig: {
      navbar: { items: [{ type: 'dropdown', label: 'Gidsen', items: [{ type: 'doc', docId: 'start', label: 'Start' }, { type: 'html', value: '<hr>' }] }, { type: 'custom-knop' }] },
      footer: { links: [{ label: 'Privacy', to: '/privacy' }, { html: '<b>x</b>' }], copyright: 'Copyright &copy; 2026<br/>Iedereen' },
      colorMode: { defaultMode: 'dark', respectPrefersColorScheme: true },
    },
  }, new Map(), ['handleiding/start.md'], '/site');
  assert.is(site.url, 'https://example.org/docs-site');
  assert.is((site.locale as { label: string }).label, 'English');
  assert.is(site.shortName, undefined);
  assert.equal((site.navbar as { items: unknown[] }).items, [
    { type: 'dropdown', label: 'Gidsen', items: [{ label: 'Start', href: '/gids/start' }] },
    { type: 'search', position: 'right' },
  ]);
  assert.equal(site.footer, { style: 'row', copyright: 'Copyright © 2026 Iedereen', links: [{ label: 'Privacy', href: '/privacy' }] });
  assert.equal(site.colorMode, { defaultMode: 'dark', disableSwitch: false, respectPrefersColorScheme: true });
  assert.equal((site.docs as { versions: Array<{ mainDocId: string }> }).versions[0]?.mainDocId, 'start');
  for (const expected of ['baseUrl is "/docs-site/"', 'vertalingen (nl)', 'het type "custom-knop"', '"<hr>"', 'Footer: het item "html"']) {
    assert.ok(notes.some((n) => n.includes(expected) || (expected === '"<hr>"' && n.includes('uitklapmenu'))), `a note about ${expected}:\n${notes.join('\n')}`);
  }
  assert.is(htmlAsText('<a href="x">CC0</a> &amp; meer'), 'CC0 & meer');
  assert.is(packageName('classic', 'preset'), '@docusaurus/preset-classic');
  assert.is(packageName('/x/node_modules/@docusaurus/plugin-content-docs/lib/index.js', 'plugin'), '@docusaurus/plugin-content-docs');
  assert.is(packageName('ideal-image', 'plugin'), '@docusaurus/plugin-ideal-image');
  assert.is(packageName('@easyops-cn/docusaurus-search-local', 'theme'), '@easyops-cn/docusaurus-search-local');
});

test('a preset that wraps the classic one gives its docs and blog; an unknown preset is named', () => {
  const { site, notes } = migrateSiteConfig({
    title: 'API-site', url: 'https://api.example.nl', baseUrl: '/',
    presets: [['docusaurus-preset-openapi', { docs: { path: 'gidsen' }, blog: false, api: { path: 'openapi.yaml' } }], ['docusaurus-preset-vreemd', { iets: true }]],
  }, new Map(), ['gidsen/a.md'], '/site');
  assert.equal((site.content as { docs: unknown }).docs, [{ id: 'default', path: 'gidsen', routeBasePath: 'docs', label: 'Documentatie' }]);
  assert.ok(notes.includes('Preset docusaurus-preset-openapi: de opties docs, blog en pages zijn overgenomen zoals bij preset-classic; wat de preset verder doet, niet.'), notes.join('\n'));
  assert.ok(notes.includes('Preset docusaurus-preset-openapi: de optie api is overgeslagen.'), notes.join('\n'));
  assert.ok(notes.includes('Preset docusaurus-preset-vreemd kent de generator niet; overgeslagen.'), notes.join('\n'));
  const options = migrateSiteConfig({
    presets: [['classic', { docs: { exclude: ['**/concept/**'], showLastUpdateTime: true }, blog: { blogTitle: 'Nieuws', showReadingTime: true } }]],
    themeConfig: { zoom: { selector: 'img' }, image: 'img/kaart.png' },
  }, new Map(), ['docs/a.md', 'blog/2026-01-01-a.md'], '/site').notes;
  assert.ok(options.includes('themeConfig.zoom is overgeslagen: het thema van de generator kent het niet.'), options.join('\n'));
  assert.not.ok(options.some((n) => n.includes('themeConfig.image')), 'the generator makes its own social cards');
  assert.ok(options.includes('Docs-plugin "default": de optie exclude is overgeslagen.'), options.join('\n'));
  assert.ok(options.includes('Blog: de optie blogTitle is overgeslagen.'), options.join('\n'));
  assert.not.ok(options.some((n) => /showLastUpdateTime|showReadingTime/.test(n)), 'options whose effect the generator has anyway are not listed');
});

test('inline tags and authors: the policies of the plugins become those of the site, the most lenient when they differ', () => {
  const { site, notes } = migrateSiteConfig({
    title: 'Beleid', url: 'https://beleid.example.nl', baseUrl: '/',
    presets: [['classic', { docs: { onInlineTags: 'throw' }, blog: { onInlineTags: 'ignore', onInlineAuthors: 'throw' } }]],
  }, new Map(), ['docs/a.md', 'blog/2026-01-01-a.md'], '/site');
  assert.equal(site.frontmatter, { onInlineTags: 'ignore', onInlineAuthors: 'throw' });
  assert.ok(notes.includes('onInlineTags verschilt per plugin (throw, ignore); site.yml neemt "ignore" voor de hele site.'), notes.join('\n'));
  assert.is(migrateSiteConfig({ title: 'Stil' }, new Map(), [], '/site').site.frontmatter, undefined);
});

test('tags and authorsMapPath stay relative to the plugin\'s folder; an absolute path in the site becomes relative, one outside it is named', () => {
  const { site, notes } = migrateSiteConfig({
    presets: [['classic', {
      docs: { tags: '/site/gedeeld/tags.yml', editUrl: { $code: 'functie editUrl' } },
      blog: { tags: './tags.yml', authorsMapPath: '../../auteurs.yml' },
    }]],
    plugins: [['content-docs', { id: 'extra', path: 'extra/docs', tags: '../../tags.yml' }]],
  }, new Map(), ['docs/a.md', 'extra/docs/b.md', 'blog/2026-01-01-a.md'], '/site');
  const content = site.content as { docs: Array<Record<string, unknown>>; blog: Record<string, unknown> };
  assert.equal(content.docs.map((d) => d.tags), ['../gedeeld/tags.yml', '../../tags.yml']);
  assert.equal(content.docs.map((d) => d.editUrl), [undefined, undefined]);
  assert.equal([content.blog.tags, content.blog.authors], ['./tags.yml', '../../auteurs.yml']);
  assert.ok(notes.some((n) => /^Blog: authorsMapPath: het bestand \.\.\/\.\.\/auteurs\.yml ligt buiten de map van de site/.test(n)), notes.join('\n'));
  assert.not.ok(notes.some((n) => /tags\.yml ligt buiten/.test(n)), notes.join('\n'));
  assert.ok(notes.some((n) => /^editUrl is een functie/.test(n)), notes.join('\n'));
});

test('the fixture builds unchanged with the migrated configuration', async () => {
  const built = await builtSite();
  const errors = built.problems.filter((p) => p.severity === 'error');
  assert.equal(errors, [], `build errors:\n${errors.map((p) => `${p.file}:${p.line} ${p.code} ${p.message}`).join('\n')}`);
  assert.is(built.exitCode, 0, `the build ended with ${built.exitCode}:\n${built.log}`);
  assert.match(built.html('/docs/intro'), /Deze proefsite laat zien/);
  assert.match(built.html('/community/werkgroepen'), /Elke werkgroep komt eens per maand samen/);
  assert.match(built.html('/blog'), /Welkom op het voorbeeldportaal/);
  assert.match(built.html('/over'), /Niets op deze site is echt/);
  assert.ok(built.files.includes('img/logo.svg'), 'static/ is copied to the site root');
  // The migrated navbar and footer lead where Docusaurus' did: the sidebar's first doc, the community's index.
  const page = built.html('/docs/intro');
  assert.match(page, /<a href="\/docs\/intro"[^>]*>Documentatie<\/a>/);
  assert.match(page, /<a href="\/community\/"[^>]*>Community<\/a>/);
  assert.match(page, /<p class="footer-copyright">Voorbeeldportaal, CC0\. Gebouwd met Docusaurus\.<\/p>/);
  // Every old path gets a page that moves on to the new one; links to old paths are warnings, never errors.
  for (const [old, to] of [['/handleiding', '/docs/koppelingen'], ['/gemeenschap/welkom', '/community'], ['/vergaderen/jaarlijks', '/community/overleg/jaarlijks'], ['/docs/intro.php/', '/docs/intro']] as const) {
    assert.match(built.html(old), new RegExp(`<meta http-equiv="refresh" content="0; url=${to}">`), old);
  }
});

test.run();
