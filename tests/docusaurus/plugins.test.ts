/**
 * The Docusaurus fixture's own plugin (plugins/docs-per-onderwerp.js), named
 * by path in docusaurus.config.js: `migrate` writes it into site.yml with its
 * options, the build runs it in the plugin box, and the React page that reads
 * its data through `usePluginData` (src/pages/onderwerpen.tsx) lists the docs
 * by their `onderwerp` front matter field; the route it adds with `addRoute`
 * is a page with `createData`'s data as props.
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
  assert.match(page, '<h1>Alle docs met een onderwerp</h1><ol>');
  assert.match(page, '<li><a href="/docs/aan-de-slag/installeren">Installeren</a> (werkplek)</li>');
  assert.match(built.html('/onderwerpen/alles'), '<title>Alle docs met een onderwerp');
  // Its links are checked like any page's: none is broken.
  assert.equal(built.problems.filter((p) => p.severity === 'error'), []);
});

test.run();
