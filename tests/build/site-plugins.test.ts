/**
 * A site's local plugins (`plugins` in site.yml) through the whole build:
 * their `setGlobalData` reaches `usePluginData` in a React page, `createData`
 * and `addRoute` make a page of a component with the data as props, a hook
 * the build does not run is one warning, a plugin that throws or loops is
 * one error naming it and its hook (within the time limit), and the other
 * plugins still give their data. A second build finds the result in the cache.
 */
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runBuild } from '../../pipeline/schedule/schedule.ts';
import { configText, minimalAuthors, minimalTags, testSite, type TestSite } from '../helpers.ts';

const test = suite('build: local plugins');

// Indexes the knowledge base by the front matter field `thema`, as a team's own plugin would.
const indexPlugin = `const fs = require('node:fs');
const path = require('node:path');

module.exports = function themaIndex(context, options) {
  return {
    name: 'thema-index',
    async loadContent() {
      const map = path.join(context.siteDir, options.map);
      return fs.readdirSync(map).filter((f) => f.endsWith('.md')).sort().map((f) => {
        const text = fs.readFileSync(path.join(map, f), 'utf8');
        return { titel: /^title: (.*)$/m.exec(text)[1], thema: (/^thema: (.*)$/m.exec(text) || [])[1] || 'overig' };
      });
    },
    async contentLoaded({ content, actions }) {
      const perThema = {};
      for (const doc of content) (perThema[doc.thema] ??= []).push(doc.titel);
      actions.setGlobalData({ perThema });
      const lijst = await actions.createData('lijst.json', JSON.stringify(content));
      actions.addRoute({ path: '/alle-documenten', component: '@site/routes/ThemaLijst.tsx', modules: { docs: lijst }, exact: true });
    },
    postBuild() {},
  };
};
`;

const page = `import React from 'react';
import { usePluginData } from '@docusaurus/useGlobalData';

export default function Themas() {
  const { perThema } = usePluginData('thema-index');
  return (
    <main>
      <h1>Per thema</h1>
      {Object.keys(perThema).sort().map((thema) => <section key={thema}><h2>{thema}</h2><ul>{perThema[thema].map((t) => <li key={t}>{t}</li>)}</ul></section>)}
    </main>
  );
}
`;

const routeComponent = `import React from 'react';

export default function ThemaLijst({ docs }: { docs: Array<{ titel: string; thema: string }> }) {
  return <main><h1>Alle documenten</h1><ol>{docs.map((d) => <li key={d.titel}>{d.titel} ({d.thema})</li>)}</ol></main>;
}
`;

const throwing = `module.exports = () => ({ name: 'gooit', loadContent() { throw new Error('de index ontbreekt'); } });\n`;
const looping = `module.exports = () => ({ name: 'lus', contentLoaded() { for (;;) {} } });\n`;

function site(extraPlugins: string): TestSite {
  const files: Record<string, string> = {
    'kennisbank/index.md': '---\ntitle: Kennisbank\n---\n\nWelkom.\n',
    'kennisbank/sleutels.md': '---\ntitle: Sleutels beheren\nthema: beveiliging\n---\n\nTekst.\n',
    'kennisbank/tokens.md': '---\ntitle: Tokens aanvragen\nthema: beveiliging\n---\n\nTekst.\n',
    'kennisbank/limieten.md': '---\ntitle: Limieten\nthema: gebruik\n---\n\nTekst.\n',
    'communities/index.md': '---\ntitle: Communities\n---\n\nSamen.\n',
    'tags.yml': minimalTags,
    'blog/authors.yml': minimalAuthors,
    'pages/themas.tsx': page,
    'routes/ThemaLijst.tsx': routeComponent,
    'plugins/thema-index.js': indexPlugin,
    'plugins/gooit.js': throwing,
    'plugins/lus.js': looping,
  };
  return testSite('ontwikkelaarsportaal-plugins-', files, `${configText}
content:
  pages: { path: pages }
siteCode:
  pluginTimeLimit: 2
plugins:
  - path: plugins/thema-index.js
    options: { map: kennisbank }
${extraPlugins}`);
}

const build = (at: ReturnType<typeof site>, persist = false) =>
  runBuild({ content: at.content, config: at.config, mode: 'production', render: true, cacheDir: at.cacheDir, persist });

type Built = Awaited<ReturnType<typeof build>>;
const html = (built: Built, file: string): string => String(built.files.find((f) => f.path === file)?.data ?? '');
const shown = (built: Built, code: string) => built.problems.filter((p) => p.code === code).map((p) => [p.severity, p.file.replace(/^.*\/content\//, 'content/'), p.message]);

const good = site('');
// Started by the first test, not at import: two builds in one process at once would share esbuild's service.
let started: Promise<Built> | null = null;
const built = (): Promise<Built> => (started ??= build(good, true));

test('setGlobalData reaches usePluginData in a React page: the page lists the docs by their front matter field', async () => {
  const out = html(await built(), 'themas/index.html');
  assert.match(out, '<h2>beveiliging</h2><ul><li>Sleutels beheren</li><li>Tokens aanvragen</li></ul>');
  assert.match(out, '<h2>gebruik</h2><ul><li>Limieten</li></ul>');
  assert.equal(shown(await built(), 'site-plugin-data-missing'), []);
});

test('addRoute with a component makes a page at its path, with createData\'s data as its props', async () => {
  const out = html(await built(), 'alle-documenten/index.html');
  assert.match(out, '<h1>Alle documenten</h1><ol><li>Kennisbank (overig)</li><li>Limieten (gebruik)</li><li>Sleutels beheren (beveiliging)</li><li>Tokens aanvragen (beveiliging)</li></ol>');
  // A page like any other: in the sitemap, with no unnamed-code warning for its component.
  assert.match(html(await built(), 'sitemap.xml'), '/alle-documenten');
  assert.equal(shown(await built(), 'site-code-ignored'), []);
});

test('a hook the build does not run (postBuild) is one warning naming the plugin', async () => {
  const warnings = shown(await built(), 'site-plugin-unsupported');
  assert.equal(warnings.length, 1);
  assert.equal(warnings[0]!.slice(0, 2), ['warning', 'content/plugins/thema-index.js']);
  assert.match(String(warnings[0]![2]), 'postBuild');
  assert.equal((await built()).problems.filter((p) => p.severity === 'error'), []);
});

test('a second build with the same content finds the plugins\' result in the cache; a changed doc runs them again', async () => {
  await built();
  const kept = fs.readdirSync(path.join(good.cacheDir, 'site-plugins')).filter((f) => f.endsWith('.json'));
  assert.equal(kept.length, 1);
  // The kept result is what the next build uses: change it, and the page shows the change.
  const file = path.join(good.cacheDir, 'site-plugins', kept[0]!);
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('Limieten', 'Uit de cache'));
  assert.match(html(await build(good, true), 'themas/index.html'), '<li>Uit de cache</li>');
  fs.writeFileSync(path.join(good.content, 'kennisbank/limieten.md'), '---\ntitle: Limieten en quota\nthema: gebruik\n---\n\nTekst.\n');
  assert.match(html(await build(good, true), 'themas/index.html'), '<li>Limieten en quota</li>');
});

test('a plugin that throws and one that loops: one error each, naming the plugin and the hook; the others still give their data', async () => {
  const started = Date.now();
  const built = await build(site('  - path: plugins/gooit.js\n  - path: plugins/lus.js\n'));
  const failed = shown(built, 'site-plugin-failed');
  assert.equal(failed.map((p) => p.slice(0, 2)), [['error', 'content/plugins/gooit.js'], ['error', 'content/plugins/lus.js']]);
  assert.match(String(failed[0]![2]), 'loadContent: de index ontbreekt');
  assert.match(String(failed[1]![2]), 'contentLoaded');
  assert.match(String(failed[1]![2]), 'siteCode.pluginTimeLimit');
  // Two seconds for the loop, and the rest of a small build.
  assert.ok(Date.now() - started < 30_000, `took ${Date.now() - started} ms`);
  assert.match(html(built, 'themas/index.html'), '<li>Sleutels beheren</li>');
});

test.run();
