/**
 * A warm build of a site with its own code (the Docusaurus fixture, migrated:
 * components, React pages, a local plugin with data and routes, a remark
 * plugin) counts its work like any site's: with nothing changed it renders
 * no page and writes no byte. A changed module of a component, a changed MDX
 * body and changed data of a plugin's routes render exactly the pages that
 * show what changed; changed global data renders every page (the islands'
 * bundle, which every page loads, carries it). After each change the output
 * is byte for byte a cold build's. The component box starts only when the
 * site's code, a package it imports or what it is asked changed: otherwise
 * the last build's record answers (pipeline/io/site-code-replay.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { migrate, runCommand, siteFixture, temporaryFolder } from '../docusaurus/site.ts';
import { fileHashes } from '../helpers.ts';

const root = path.resolve(import.meta.dirname, '../..');
const test = suite('build: a warm build of a site with its own code counts its work');
const work = temporaryFolder('ontwikkelaarsportaal-warm-site-code-');
const site = path.join(work, 'site');

interface Counts { pagesRendered: number; pagesReused: number; routes: number; bytesWritten: number; boxStarted: number }

/**
 * A production build by the command line, of the site in `dir`, into `<dir>-dist`; its cache in `dir/.cache`.
 * The counts are the ones `ONTWIKKELAARSPORTAAL_TIMINGS` prints.
 */
async function build(dir: string): Promise<Counts> {
  const ran = await runCommand('/usr/bin/env', ['ONTWIKKELAARSPORTAAL_TIMINGS=1', process.execPath, path.join(root, 'bin/ontwikkelaarsportaal.mjs'), 'build',
    '--content', dir, '--config', path.join(dir, 'dist-config/site.yml'), '--out', `${dir}-dist`], dir);
  assert.is(ran.exitCode, 0, ran.stdout + ran.stderr);
  const log = ran.stdout + ran.stderr;
  const count = (pattern: RegExp): number => {
    const found = pattern.exec(log);
    assert.ok(found, `${pattern} in:\n${log}`);
    return Number(found[1]);
  };
  return {
    pagesRendered: count(/pagina's gerenderd (\d+)/), pagesReused: count(/pagina's hergebruikt (\d+)/),
    routes: count(/(\d+) pagina's gebouwd/), bytesWritten: count(/bytes geschreven (\d+)/), boxStarted: count(/componentenbox gestart (\d+)/),
  };
}

/** The pages (HTML files) whose bytes differ between two outputs. */
const changedPages = (before: Record<string, string>, after: Record<string, string>): string[] =>
  Object.keys(after).filter((file) => file.endsWith('.html') && before[file] !== after[file]);

/** The site as it is now, built cold in a fresh folder with a fresh cache: what the warm build must have left. */
let colds = 0;
async function coldBuild(): Promise<Record<string, string>> {
  const fresh = path.join(work, `cold-${++colds}`);
  fs.cpSync(site, fresh, { recursive: true, filter: (from) => path.basename(from) !== '.cache' });
  const counts = await build(fresh);
  assert.is(counts.pagesReused, 0);
  return fileHashes(`${fresh}-dist`);
}

const edit = (file: string, from: string, to: string): void => {
  const abs = path.join(site, file);
  const text = fs.readFileSync(abs, 'utf8');
  assert.ok(text.includes(from), `${file} has ${from}`);
  fs.writeFileSync(abs, text.replace(from, to));
};

let previous: Record<string, string>;

test('a cold build renders every page, React pages and plugin routes among them', async () => {
  fs.cpSync(siteFixture, site, { recursive: true });
  const migrated = await migrate(site);
  assert.is(migrated.exitCode, 0, migrated.stderr);
  const counts = await build(site);
  assert.ok(counts.routes > 50);
  assert.is(counts.pagesRendered, counts.routes);
  assert.is(counts.pagesReused, 0);
  assert.is(counts.boxStarted, 1);
  previous = fileHashes(`${site}-dist`);
  assert.ok(previous['onderwerpen/alles/index.html'], 'the plugin\'s route is a page');
  assert.ok(previous['over/index.html'] || previous['team/index.html'], 'the React pages are pages');
});

test('a warm build with nothing changed renders 0 pages, writes 0 bytes and starts no box', async () => {
  const counts = await build(site);
  assert.is(counts.boxStarted, 0);
  assert.is(counts.pagesRendered, 0);
  assert.is(counts.pagesReused, counts.routes);
  assert.is(counts.bytesWritten, 0);
  assert.equal(fileHashes(`${site}-dist`), previous);
});

test('a changed module of a component renders exactly the pages that show the component', async () => {
  const showing = Object.keys(previous).filter((file) => file.endsWith('.html') && fs.readFileSync(path.join(`${site}-dist`, file), 'utf8').includes('data-component="Citaat"'));
  assert.ok(showing.length > 0);
  // A helper the component imports, not the component's own file.
  edit('src/components/Citaat/bron.js', 'Bron: ', 'Uit: ');
  const counts = await build(site);
  const warm = fileHashes(`${site}-dist`);
  assert.is(counts.boxStarted, 1);
  assert.is(counts.pagesRendered, showing.length, `rendered ${counts.pagesRendered}, shown on ${showing.join(', ')}`);
  assert.equal(changedPages(previous, warm).sort(), showing.sort());
  assert.equal(warm, await coldBuild());
  previous = warm;
});

test('a changed file of a package in the site\'s node_modules starts the box, and renders the page that imports it', async () => {
  // src/pages/index.tsx imports Kaartjes from @gemeente/kaartjes.
  edit('node_modules/@gemeente/kaartjes/index.js', "className: 'gemeente-kaartjes'", "className: 'gemeente-kaartjes kaartjes-lijst'");
  const counts = await build(site);
  const warm = fileHashes(`${site}-dist`);
  assert.is(counts.boxStarted, 1);
  assert.equal(changedPages(previous, warm), ['index.html']);
  assert.equal(warm, await coldBuild());
  previous = warm;
});

test('a changed MDX body renders its own page only', async () => {
  edit('docs/componenten/alles.mdx', '<TabItem value="een" label="Eerste">De eerste tab.</TabItem>', '<TabItem value="een" label="Eerste">De allereerste tab.</TabItem>');
  const counts = await build(site);
  const warm = fileHashes(`${site}-dist`);
  // The page asks the box nothing it did not ask before.
  assert.is(counts.boxStarted, 0);
  assert.is(counts.pagesRendered, 1);
  assert.equal(changedPages(previous, warm), ['docs/componenten/alles/index.html']);
  assert.equal(warm, await coldBuild());
  previous = warm;
});

test('changed plugin data renders exactly the pages that show it', async () => {
  // The data the local plugin gives its routes (createData), not its global data: each doc's title.
  edit('plugins/docs-per-onderwerp.js', 'JSON.stringify(content))', 'JSON.stringify(content.map((doc) => ({ ...doc, titel: `${doc.titel} (doc)` }))))');
  const counts = await build(site);
  const warm = fileHashes(`${site}-dist`);
  assert.equal(changedPages(previous, warm), ['onderwerpen/alles/index.html', 'onderwerpen/kiezen/index.html']);
  assert.is(counts.pagesRendered, 2);
  // The routes' props changed: the box renders them again.
  assert.is(counts.boxStarted, 1);
  assert.equal(warm, await coldBuild());
  previous = warm;
});

test('changed global data renders every page, as the islands carry it, and gives a cold build\'s output', async () => {
  // Global data reaches the browser in the islands' bundle, which every page loads: every page changes.
  edit('plugins/docs-per-onderwerp.js', "const titel = veld(tekst, 'title') || bestand;", "const titel = `${veld(tekst, 'title') || bestand} (doc)`;");
  const counts = await build(site);
  assert.is(counts.pagesRendered, counts.routes);
  assert.equal(fileHashes(`${site}-dist`), await coldBuild());
});

test.run();
