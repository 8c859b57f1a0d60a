/**
 * The Docusaurus client API a React page uses, given a meaning at build
 * time (theme/mdx/docusaurus.tsx), through the whole build: `Head` gives the
 * title, `BrowserOnly` its fallback, `useIsBrowser` false, `useColorMode`
 * light, `Layout`'s `noFooter` and `wrapperClassName` reach the shell, and
 * plugin data is empty with one warning. The page uses `BrowserOnly`, so it
 * is an island as a whole. A pages folder the configuration does not name
 * runs no code.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runBuild } from '../../pipeline/schedule/schedule.ts';
import { configText, minimalAuthors, minimalTags, testSite } from '../helpers.ts';

const test = suite('build: React pages and the Docusaurus API');

const page = `import React from 'react';
import Layout from '@theme/Layout';
import Head from '@docusaurus/Head';
import BrowserOnly from '@docusaurus/BrowserOnly';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { useColorMode } from '@docusaurus/theme-common';
import { usePluginData } from '@docusaurus/useGlobalData';

export default function Api() {
  const data = usePluginData('docusaurus-plugin-content-docs');
  const { colorMode } = useColorMode();
  return (
    <Layout noFooter wrapperClassName="api-overzicht">
      <Head><title>Alle API's</title><meta name="description" content="Een overzicht van de API's" /></Head>
      <h1>API's</h1>
      <p>Modus: {colorMode}; in de browser: {String(useIsBrowser())}; plugins: {Object.keys(data).length}.</p>
      <BrowserOnly fallback={<p>Laden…</p>}>{() => <p>Alleen in de browser</p>}</BrowserOnly>
    </Layout>
  );
}
`;

async function build(config: string) {
  const files: Record<string, string> = {
    'kennisbank/index.md': '---\ntitle: Kennisbank\n---\n\nWelkom.\n',
    'communities/index.md': '---\ntitle: Communities\n---\n\nSamen.\n',
    'tags.yml': minimalTags,
    'blog/authors.yml': minimalAuthors,
    'pages/apis.tsx': page,
  };
  const site = testSite('ontwikkelaarsportaal-react-pages-', files, config);
  return runBuild({ content: site.content, config: site.config, mode: 'production', render: true, cacheDir: site.cacheDir });
}

const html = (built: Awaited<ReturnType<typeof build>>, file: string): string => {
  const found = built.files.find((f) => f.path === file);
  return found ? String(found.data) : '';
};

/** The HTML without React's empty comments between text nodes (an island's HTML has them, for hydration). */
const text = (out: string): string => out.replaceAll('<!-- -->', '');

// The portal's configuration, with its pages folder named: then its React pages are site code that runs.
const named = build(`${configText}\ncontent:\n  pages: { path: pages }\n`);

test('Head gives the title and description; Layout\'s noFooter and wrapperClassName reach the shell', async () => {
  const out = html(await named, 'apis/index.html');
  assert.match(out, '<title>Alle API&#x27;s | ');
  assert.match(out, '<meta name="description" content="Een overzicht van de API&#x27;s"/>');
  assert.match(out, /<div class="react-page api-overzicht"><div class="site-component react-page-island"[^>]*><h1>API's<\/h1>/);
  assert.not.match(out, '<footer');
});

test('at build time: the colour mode is light, useIsBrowser is false, BrowserOnly gives its fallback', async () => {
  const out = html(await named, 'apis/index.html');
  assert.match(text(out), '<p>Modus: light; in de browser: false; plugins: 0.</p><p>Laden…</p>');
  assert.not.match(out, 'Alleen in de browser');
});

test('a page that uses BrowserOnly is one island: its element names its own chunk and has no props, and the loader is on the page', async () => {
  const built = await named;
  const out = html(built, 'apis/index.html');
  const chunk = /<div class="site-component react-page-island" data-component="pagina apis.tsx" data-island="(\/assets\/island-page-apis-[\w-]+\.js)" data-island-props="\{\}">/.exec(out)?.[1];
  assert.ok(chunk, 'the island element');
  assert.ok(built.files.some((f) => `/${f.path}` === chunk), 'its chunk is written');
  assert.match(out, /<script[^>]+src="\/assets\/islands-[\w-]+\.js"/);
});

test('plugin data is empty, with one warning at the page', async () => {
  const warnings = (await named).problems.filter((p) => p.code === 'site-plugin-data-missing');
  assert.equal(warnings.map((p) => [p.severity, p.file.replace(/^.*\/content\//, 'content/')]), [['warning', 'content/pages/apis.tsx']]);
});

test('a pages folder the configuration does not name runs no code: one warning, no page', async () => {
  const built = await build(configText);
  assert.not.ok(built.files.some((f) => f.path === 'apis/index.html'));
  assert.equal(built.problems.filter((p) => p.code === 'page-not-built').length, 1);
  assert.equal(built.problems.filter((p) => p.code === 'site-plugin-data-missing'), []);
});

test.run();
