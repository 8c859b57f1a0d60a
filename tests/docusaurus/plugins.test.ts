/**
 * The Docusaurus fixture's own plugin (plugins/docs-per-onderwerp.js), named
 * by path in docusaurus.config.js: `migrate` writes it into site.yml with its
 * options, the build runs it in the plugin box, and the React page that reads
 * its data through `usePluginData` (src/pages/onderwerpen.tsx) lists the docs
 * by their `onderwerp` front matter field; the routes it adds with
 * `addRoute` are pages with `createData`'s data as props: one that only
 * draws, with an island component in it, and one interactive in its own
 * code, one island as a whole (tests/e2e/islands-site.test.ts uses them).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { builtSite } from './site.ts';

const test = suite('docusaurus: local plugins');

const main = (html: string): string => /<main id="hoofdinhoud"[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? '';

test('migrate writes the local plugin into site.yml, with its options, and no note that it is unknown', async () => {
  const built = await builtSite();
  const site = parseYaml(fs.readFileSync(path.join(built.dir, 'dist-config/site.yml'), 'utf8')) as { plugins?: unknown };
  assert.equal(site.plugins, [{ path: 'plugins/docs-per-onderwerp.js', options: { map: 'docs' } }]);
  assert.not.match(built.migrate.stdout, 'docs-per-onderwerp.js kent de generator niet');
});

test('the React page lists the docs by the front matter field the plugin indexes', async () => {
  const built = await builtSite();
  const page = main(built.html('/onderwerpen'));
  assert.match(page, '<h2>toegang</h2><ul><li><a href="/docs/aan-de-slag/sleutel-aanvragen">Sleutel aanvragen</a></li><li><a href="/docs/aan-de-slag/sleutel-vernieuwen">');
  assert.match(page, '<h2>werkplek</h2><ul><li><a href="/docs/aan-de-slag/installeren">Installeren</a></li></ul>');
  assert.match(page, '<h2>schrijven</h2>');
  assert.equal(built.problems.filter((p) => p.code === 'site-plugin-data-missing' || p.code === 'site-plugin-failed'), []);
});

test('the route the plugin adds with addRoute is a page of its component, with createData\'s data as props', async () => {
  const built = await builtSite();
  const page = main(built.html('/onderwerpen/alles'));
  assert.match(page, /<h1>Alle docs met een onderwerp<\/h1><p>[^<]+<\/p><div class="site-component" data-component="OnderwerpFilter" data-island="\/assets\/island-OnderwerpFilter-[0-9a-f]{10}\.js" data-island-props="\{&quot;docs&quot;:\[/);
  assert.match(page, '<li><a href="/docs/aan-de-slag/installeren">Installeren</a> (<!-- -->werkplek<!-- -->)</li>');
  assert.not.match(page, 'react-page-island');
  assert.match(built.html('/onderwerpen/alles'), '<title>Alle docs met een onderwerp');
  // Its links are checked like any page's: none is broken.
  assert.equal(built.problems.filter((p) => p.severity === 'error'), []);
});

test('a route whose component holds state is one island: the route\'s props (createData\'s data and the route) go with it as JSON', async () => {
  const built = await builtSite();
  const page = main(built.html('/onderwerpen/kiezen'));
  const island = /<div class="site-component react-page-island" data-component="route \/onderwerpen\/kiezen" data-island="(\/assets\/island-route-src_components_OnderwerpKiezer_index-[0-9a-f]{10}\.js)" data-island-props="([^"]*)">/.exec(page);
  assert.ok(island, page.slice(0, 400));
  const props = JSON.parse(island[2]!.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&amp;', '&')) as { docs: unknown[]; route: unknown };
  assert.is(props.docs.length, 4);
  assert.equal(props.route, { path: '/onderwerpen/kiezen', exact: true });
  assert.ok(built.files.includes(island[1]!.slice(1)), 'the chunk is published');
  assert.match(page, '<h1>Kies een onderwerp</h1>');
  assert.equal(built.problems.filter((p) => p.code === 'site-route-props-too-large'), []);
});

test.run();
