/**
 * A site's own remark and rehype plugins (`markdown` of a content area in
 * site.yml) through the whole build: they run in the plugin box at the
 * places Docusaurus gives them, their change shows in the built page, their
 * output is held to the rules of site code, a plugin that throws or loops is
 * one error naming the plugin and the page, and a changed plugin file
 * rebuilds the pages of its area.
 */
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runBuild } from '../../pipeline/schedule/schedule.ts';
import { configText, minimalAuthors, minimalTags, testSite, type TestSite } from '../helpers.ts';

const test = suite('build: remark and rehype plugins of the site');

// Runs before our heading ids: the id follows the changed text, as in Docusaurus.
const stapPlugin = `export default function stappen() {
  return (tree) => {
    let n = 0;
    for (const node of tree.children) if (node.type === 'heading' && node.depth === 2) node.children.unshift({ type: 'text', value: \`Stap \${++n}: \` });
  };
}
`;

// After our remark steps: a note with the reading time, from its options and the words of the page.
const leestijdPlugin = `module.exports = function leestijd(options) {
  const perMinuut = (options && options.woordenPerMinuut) || 200;
  this.data('leestijd', perMinuut);
  return (tree, file) => {
    let woorden = 0;
    const tel = (node) => { if (node.type === 'text') woorden += node.value.split(/\\s+/).filter(Boolean).length; (node.children || []).forEach(tel); };
    tel(tree);
    if (/kapot/.test(file.path)) throw new Error('de teller liep vast');
    tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: \`Leestijd: \${Math.max(1, Math.ceil(woorden / this.data('leestijd')))} minuut (\${woorden} woorden).\` }] });
  };
};
`;

const lusPlugin = `export default () => (tree, file) => { if (/lus/.test(file.path)) for (;;) {} };\n`;

const stoutPlugin = `export default () => (tree) => {
  tree.children.push({ type: 'element', tagName: 'script', properties: {}, children: [{ type: 'text', value: 'alert(1)' }] });
  tree.children.push({ type: 'element', tagName: 'p', properties: { onClick: 'alert(2)', className: ['stout'] }, children: [{ type: 'text', value: 'Klik' }] });
};
`;

// Makes MDX after our MDX job, as some Docusaurus plugins do (a <Tabs> of their own).
const tabsPlugin = `export default () => (tree) => {
  tree.children.push({ type: 'mdxJsxFlowElement', name: 'Tabs', attributes: [], children: [{ type: 'paragraph', children: [{ type: 'text', value: 'In een tab' }] }] });
};
`;

// A package of the site's node_modules: external links get a class and an arrow.
const externPackage = {
  'package.json': JSON.stringify({ name: 'rehype-extern', version: '2.1.0', type: 'module', exports: { '.': { import: './index.js' } } }),
  'index.js': `export default function rehypeExtern({ teken = '↗' } = {}) {
  const loop = (node) => {
    if (node.type === 'element' && node.tagName === 'a' && /^https?:/.test(String(node.properties.href))) {
      node.properties.className = [...(node.properties.className || []), 'extern'];
      node.children.push({ type: 'text', value: \` \${teken}\` });
    }
    (node.children || []).forEach(loop);
  };
  return (tree) => loop(tree);
}
`,
};

function site(markdown: string): TestSite {
  const files: Record<string, string> = {
    'kennisbank/index.md': '---\ntitle: Kennisbank\n---\n\nWelkom in de kennisbank.\n',
    'kennisbank/sleutels.md': '---\ntitle: Sleutels\n---\n\n## Aanvragen\n\nVraag een sleutel aan op [de site van de rijksoverheid](https://www.rijksoverheid.nl).\n\n## Vernieuwen\n\nElk jaar.\n',
    'kennisbank/kapot.md': '---\ntitle: Kapot\n---\n\nHier loopt de teller vast.\n',
    'kennisbank/lus.md': '---\ntitle: Lus\n---\n\nHier loopt een plugin rond.\n',
    'communities/index.md': '---\ntitle: Communities\n---\n\nSamen, zonder plugins.\n',
    'tags.yml': minimalTags,
    'blog/authors.yml': minimalAuthors,
    'plugins/stappen.mjs': stapPlugin,
    'plugins/leestijd.cjs': leestijdPlugin,
    'plugins/lus.mjs': lusPlugin,
    'plugins/stout.mjs': stoutPlugin,
    'plugins/tabs.mjs': tabsPlugin,
    ...Object.fromEntries(Object.entries(externPackage).map(([name, text]) => [`node_modules/rehype-extern/${name}`, text])),
  };
  return testSite('ontwikkelaarsportaal-mdplugins-', files, `${configText}
siteCode:
  pluginTimeLimit: 2
content:
  docs:
    - id: kennisbank
      path: kennisbank
      sidebars: per-folder
      tags: ../tags.yml
      markdown:
${markdown}
    - id: communities
      path: communities
      sidebars: wrapped
      tags: ../tags.yml
`);
}

const plugins = `        beforeDefaultRemarkPlugins:
          - path: plugins/stappen.mjs
        remarkPlugins:
          - path: plugins/leestijd.cjs
            options: { woordenPerMinuut: 3 }
        rehypePlugins:
          - package: rehype-extern
            options: { teken: '(extern)' }`;

const build = (at: ReturnType<typeof site>, persist = false) =>
  runBuild({ content: at.content, config: at.config, mode: 'production', render: true, cacheDir: at.cacheDir, persist });

type Built = Awaited<ReturnType<typeof build>>;
const html = (built: Built, file: string): string => String(built.files.find((f) => f.path === file)?.data ?? '');
const article = (built: Built, file: string): string => /<article[^>]*>([\s\S]*?)<\/article>/.exec(html(built, file))?.[1] ?? '';
const shown = (built: Built) => built.problems.filter((p) => p.code === 'site-markdown-plugin-failed').map((p) => [p.file.replace(/^.*\/content\//, 'content/'), p.message]);

const good = site(plugins);
let started: Promise<Built> | null = null;
const built = (): Promise<Built> => (started ??= build(good, true));

test('a large build, whose trees go to the spill file before the markdown, writes the same files: the pages with plugins keep their trees', async () => {
  const large = site(plugins);
  const spilled = await runBuild({ content: large.content, config: large.config, mode: 'production', render: true, cacheDir: large.cacheDir, persist: true, spillFrom: 0 });
  const expected = await built();
  assert.equal(spilled.files.map((f) => f.path), expected.files.map((f) => f.path));
  for (const [i, file] of spilled.files.entries()) assert.ok(String(file.data) === String(expected.files[i]!.data), file.path);
  assert.equal(shown(spilled), shown(expected));
  assert.match(article(spilled, 'kennisbank/sleutels/index.html'), /<p>Leestijd: \d+ minuut/);
});

test('a local remark plugin, its options and this.data(): the reading-time note shows on the page', async () => {
  const page = article(await built(), 'kennisbank/sleutels/index.html');
  assert.match(page, /<p>Leestijd: \d+ minuut \(\d+ woorden\)\.<\/p>/);
  // Only the pages of the area: the communities area names no plugins.
  assert.not.match(article(await built(), 'communities/index.html'), 'Leestijd');
});

test('beforeDefaultRemarkPlugins run before the heading ids: the id follows the changed text', async () => {
  const page = article(await built(), 'kennisbank/sleutels/index.html');
  assert.match(page, /<h2[^>]*id="stap-1-aanvragen"/);
  assert.match(page, 'Stap 2: Vernieuwen');
});

test('a rehype plugin from the site\'s node_modules, with its options, changes the external link', async () => {
  const page = article(await built(), 'kennisbank/sleutels/index.html');
  assert.match(page, /<a[^>]*class="extern external"[^>]*>de site van de rijksoverheid \(extern\)<svg/);
});

test('a plugin that throws on a page is one error naming the plugin and the page; the page builds without its change', async () => {
  const b = await built();
  assert.equal(shown(b).map(([file]) => file), ['content/kennisbank/kapot.md']);
  assert.match(String(shown(b)[0]![1]), 'plugins/leestijd.cjs');
  assert.match(String(shown(b)[0]![1]), 'de teller liep vast');
  const page = article(b, 'kennisbank/kapot/index.html');
  assert.match(page, 'Hier loopt de teller vast.');
  assert.not.match(page, 'Leestijd');
});

test('a plugin file the configuration names is no unnamed site code', async () => {
  assert.equal((await built()).problems.filter((p) => p.code === 'site-code-ignored' && /stappen|leestijd/.test(p.message)), []);
});

test('a changed plugin file rebuilds the pages of its area: its hash is in their cache key', async () => {
  await built();
  const file = path.join(good.content, 'plugins/leestijd.cjs');
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('Leestijd:', 'Leestijd ongeveer:'));
  const again = await build(good, true);
  assert.match(article(again, 'kennisbank/sleutels/index.html'), 'Leestijd ongeveer:');
});

test('a plugin that loops is stopped at the time limit: one error naming it and the page, and the rest builds', async () => {
  const looping = site(`        rehypePlugins:\n          - path: plugins/lus.mjs\n          - package: rehype-extern`);
  const start = Date.now();
  const b = await build(looping);
  assert.ok(Date.now() - start < 30_000, `took ${Date.now() - start} ms`);
  const problems = shown(b);
  assert.equal(problems.map(([file]) => file), ['content/kennisbank/lus.md']);
  assert.match(String(problems[0]![1]), 'plugins/lus.mjs');
  assert.match(String(problems[0]![1]), 'siteCode.pluginTimeLimit');
  // The other plugin still ran, on every page.
  assert.match(article(b, 'kennisbank/sleutels/index.html'), 'class="extern external"');
});

test('plugin output is held to the rules of site code: no script element, no event handler', async () => {
  const b = await build(site(`        rehypePlugins:\n          - path: plugins/stout.mjs`));
  const page = article(b, 'kennisbank/index.html');
  assert.not.match(page, '<script');
  assert.not.match(page, 'alert');
  assert.match(page, '<p class="stout">Klik</p>');
  assert.ok(shown(b).some(([, message]) => /<script>/.test(String(message))));
});

test('MDX a plugin makes after our MDX job renders its content and warns, without stopping the build', async () => {
  const b = await build(site(`        remarkPlugins:\n          - path: plugins/tabs.mjs`));
  assert.match(article(b, 'kennisbank/index.html'), '<div data-component="Tabs"><p>In een tab</p></div>');
  assert.ok(b.problems.some((p) => p.severity === 'warning' && p.code === 'site-markdown-plugin-failed' && /<Tabs>/.test(p.message)));
});

test.run();
