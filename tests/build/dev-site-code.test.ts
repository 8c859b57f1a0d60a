/**
 * Rebuilds of a site with its own code: a save that leaves the site's code
 * alone starts no component box (the last build's record answers:
 * pipeline/io/site-code-replay.ts), and runs the site's remark plugins over
 * the saved page only (the others' markdown is in the memo); a changed title,
 * which makes every page's markdown again, runs them over no page whose tree
 * stayed the same (pipeline/schedule/markdown-plugins-ahead.ts), in the dev
 * server and in a build. What the pages show is what a fresh build shows,
 * also when a variable the site's code may read has another value.
 */
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runBuild, type Built } from '../../pipeline/schedule/schedule.ts';
import { createMemo, type BuildMemo } from '../../pipeline/memo.ts';
import { configText, minimalAuthors, minimalTags, temporaryFolder, testSite, type TestSite } from '../helpers.ts';

const test = suite('build: dev server rebuilds of a site with its own code');

/** A remark plugin that notes each page it runs on in `log` (site code may write files; content may not). */
const notingPlugin = (log: string) => `import fs from 'node:fs';
export default function noteer() {
  return (tree, file) => {
    fs.appendFileSync(${JSON.stringify(log)}, file.path + '\\n');
    tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: 'Door de plugin gezien.' }] });
  };
}
`;

/** Where the noting plugin writes, in a folder of its own. */
const logFile = (): string => path.join(temporaryFolder('ontwikkelaarsportaal-dev-log-'), 'gezien.txt');

/** The pages every test site has besides its own. */
const basePages: Readonly<Record<string, string>> = {
  'kennisbank/index.md': '---\ntitle: Kennisbank\n---\n\nWelkom in de kennisbank.\n',
  'communities/index.md': '---\ntitle: Communities\n---\n\nSamen.\n',
  'tags.yml': minimalTags,
  'blog/authors.yml': minimalAuthors,
};

/** The portal's configuration with a components folder, `extra` (YAML), and the remark plugin `plugin` on the kennisbank area. */
const configWithPlugin = (plugin: string, extra = ''): string => `${configText}
mdx:
  components: src/components
${extra}content:
  docs:
    - id: kennisbank
      path: kennisbank
      sidebars: per-folder
      tags: ../tags.yml
      markdown:
        remarkPlugins:
          - path: ${plugin}
    - id: communities
      path: communities
      sidebars: wrapped
      tags: ../tags.yml
`;

function site(log: string): TestSite {
  return testSite('ontwikkelaarsportaal-dev-site-code-', {
    ...basePages,
    'kennisbank/kaart.mdx': '---\ntitle: Met een kaart\n---\n\nimport Kaart from \'@site/src/components/Kaart\';\n\n<Kaart titel="Sleutels" />\n',
    'kennisbank/sleutels.md': '---\ntitle: Sleutels\n---\n\nVraag een sleutel aan.\n',
    'src/components/Kaart.tsx': 'export default function Kaart({ titel }: { titel: string }) { return <section className="kaart"><h2>{titel}</h2></section>; }\n',
    'plugins/noteer.mjs': notingPlugin(log),
  }, configWithPlugin('plugins/noteer.mjs'));
}

/** As `npm start` rebuilds: development, pages on request, one memo for the server's life. */
const rebuild = (s: TestSite, memo: BuildMemo): Promise<Built> =>
  runBuild({ content: s.content, config: s.config, mode: 'development', render: 'on-request', memo, cacheDir: s.cacheDir });

/** As `npm run build` builds: with the build cache. */
const build = (s: TestSite): Promise<Built> =>
  runBuild({ content: s.content, config: s.config, mode: 'production', render: true, cacheDir: s.cacheDir, persist: true });

const seen = (log: string): string[] => fs.readFileSync(log, 'utf8').split('\n').filter(Boolean).map((f) => path.basename(f)).sort();

const page = (built: Built, file: string): string => {
  const render = built.onRequest?.get(file);
  assert.ok(render, file);
  return String(render());
};

test('a saved page without a new component use starts no box, and runs the remark plugins over that page only', async () => {
  const log = logFile();
  const s = site(log);
  const memo = createMemo();
  const first = await rebuild(s, memo);
  assert.equal(first.problems.filter((p) => p.severity === 'error'), []);
  assert.is(first.stats.siteCodeRan, 1);
  assert.match(page(first, 'kennisbank/kaart/index.html'), /<section class="kaart"><h2>Sleutels<\/h2><\/section>/);
  assert.equal(fs.readFileSync(log, 'utf8').trim().split('\n').map((f) => path.basename(f)).sort(), ['index.md', 'kaart.mdx', 'sleutels.md']);

  fs.writeFileSync(log, '');
  fs.writeFileSync(path.join(s.content, 'kennisbank/sleutels.md'), '---\ntitle: Sleutels\n---\n\nVraag een sleutel aan, elk jaar opnieuw.\n');
  const second = await rebuild(s, memo);
  assert.is(second.stats.siteCodeRan, 0);
  assert.equal(fs.readFileSync(log, 'utf8').trim().split('\n').map((f) => path.basename(f)), ['sleutels.md']);
  assert.match(page(second, 'kennisbank/sleutels/index.html'), /elk jaar opnieuw/);

  // What a server started now shows: the same pages.
  const fresh = await rebuild(s, createMemo());
  for (const file of ['kennisbank/kaart/index.html', 'kennisbank/sleutels/index.html']) assert.is(page(second, file), page(fresh, file), file);
});

test('a saved component starts the box, and the page that shows it changes', async () => {
  const s = site(logFile());
  const memo = createMemo();
  await rebuild(s, memo);
  fs.writeFileSync(path.join(s.content, 'src/components/Kaart.tsx'), 'export default function Kaart({ titel }: { titel: string }) { return <section className="kaart"><h2>Kaart: {titel}</h2></section>; }\n');
  const second = await rebuild(s, memo);
  assert.is(second.stats.siteCodeRan, 1);
  assert.match(page(second, 'kennisbank/kaart/index.html'), /<h2>Kaart: Sleutels<\/h2>/);
});

test('a changed title runs the plugins over no page: each tree they were given is the same, in the dev server and in a build', async () => {
  for (const how of ['dev', 'build'] as const) {
    const log = logFile();
    const s = site(log);
    const memo = createMemo();
    const again = () => (how === 'dev' ? rebuild(s, memo) : build(s));
    await again();
    assert.equal(seen(log), ['index.md', 'kaart.mdx', 'sleutels.md'], how);
    fs.writeFileSync(log, '');
    fs.writeFileSync(path.join(s.content, 'kennisbank/sleutels.md'), '---\ntitle: Sleutels aanvragen\n---\n\nVraag een sleutel aan.\n');
    const second = await again();
    assert.equal(seen(log), [], how);
    const fresh = how === 'dev' ? await rebuild(s, createMemo()) : await runBuild({ content: s.content, config: s.config, mode: 'production', render: true, cacheDir: `${s.cacheDir}-vers`, persist: true });
    assert.ok(seen(log).length > 0, 'the fresh build ran the plugins');
    for (const file of ['kennisbank/kaart/index.html', 'kennisbank/sleutels/index.html', 'kennisbank/index.html']) {
      const shown = how === 'dev' ? page(second, file) : String(second.files.find((f) => f.path === file)?.data);
      const expected = how === 'dev' ? page(fresh, file) : String(fresh.files.find((f) => f.path === file)?.data);
      assert.match(shown, /Door de plugin gezien\./);
      assert.is(shown, expected, `${how} ${file}`);
    }
  }
});

test('another value of a variable siteCode.env lets through renders again what the component and the plugin made of it', async () => {
  const s = testSite('ontwikkelaarsportaal-env-keys-', {
    ...basePages,
    'kennisbank/kaart.mdx': '---\ntitle: Met een kaart\n---\n\nimport Kaart from \'@site/src/components/Kaart\';\n\n<Kaart />\n',
    'src/components/Kaart.tsx': 'export default function Kaart() { return <p className="omgeving">Component: {process.env.PORTAAL_OMGEVING}</p>; }\n',
    'plugins/omgeving.mjs': 'export default () => (tree) => { tree.children.push({ type: \'paragraph\', children: [{ type: \'text\', value: `Plugin: ${process.env.PORTAAL_OMGEVING}` }] }); };\n',
  }, configWithPlugin('plugins/omgeving.mjs', 'siteCode:\n  env: [PORTAAL_OMGEVING]\n'));
  const before = process.env.PORTAAL_OMGEVING;
  try {
    for (const value of ['test', 'acceptatie']) {
      process.env.PORTAAL_OMGEVING = value;
      const built = await build(s);
      const html = String(built.files.find((f) => f.path === 'kennisbank/kaart/index.html')?.data);
      assert.match(html, `Component: ${value}`);
      assert.match(html, `Plugin: ${value}`);
    }
  } finally {
    if (before === undefined) delete process.env.PORTAAL_OMGEVING;
    else process.env.PORTAAL_OMGEVING = before;
  }
});

test.run();
