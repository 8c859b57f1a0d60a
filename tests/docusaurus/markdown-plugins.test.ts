/**
 * The Docusaurus fixture's own Markdown plugins and sidebar generator: its
 * community docs plugin names a remark plugin of its own
 * (plugins/remark-let-op.js), a rehype plugin from its node_modules with
 * options (@gemeente/rehype-afkortingen) and a sidebarItemsGenerator
 * (plugins/zijbalk-community.js), all imported in docusaurus.config.js.
 * `migrate` writes them into site.yml as files and a package, and the build
 * runs them on that area only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { builtSite } from './site.ts';

const test = suite('docusaurus: remark and rehype plugins, sidebarItemsGenerator');

const article = (html: string): string => /<article[^>]*>([\s\S]*?)<\/article>/.exec(html)?.[1] ?? '';

test('migrate writes the imported plugins into site.yml: a file of the site and a package with its options', async () => {
  const built = await builtSite();
  const site = parseYaml(fs.readFileSync(path.join(built.dir, 'dist-config/site.yml'), 'utf8')) as { content: { docs: Array<{ id: string; markdown?: unknown }> } };
  const community = site.content.docs.find((d) => d.id === 'community') as { markdown?: unknown; sidebarItemsGenerator?: unknown } | undefined;
  assert.is(community?.sidebarItemsGenerator, 'plugins/zijbalk-community.js');
  assert.equal(community?.markdown, {
    remarkPlugins: [{ path: 'plugins/remark-let-op.js' }],
    rehypePlugins: [{ package: '@gemeente/rehype-afkortingen', options: { afkortingen: { API: 'application programming interface' } } }],
  });
  assert.not.match(built.migrate.stdout, /remarkPlugins|rehypePlugins|sidebarItemsGenerator/);
});

test('the build runs them on the pages of their area: both changes show, and other areas keep their text', async () => {
  const built = await builtSite();
  const page = article(built.html('/community/werkgroepen'));
  assert.match(page, '<p><strong>Let op:</strong> de <abbr title="application programming interface">API</abbr> van de agenda verandert in het voorjaar.</p>');
  assert.not.match(article(built.html('/docs/intro')), '<abbr');
  assert.equal(built.problems.filter((p) => p.code === 'site-markdown-plugin-failed' || (p.code === 'site-code-ignored' && /remark-let-op/.test(p.message))), []);
});

test('the sidebarItemsGenerator makes the community sidebar: Docusaurus\' items, then the link it adds', async () => {
  const built = await builtSite();
  const sidebar = /<aside class="docs-sidebar"[\s\S]*?<\/aside>/.exec(built.html('/community/werkgroepen'))?.[0] ?? '';
  assert.match(sidebar, /href="https:\/\/agenda\.voorbeeld\.example\.nl"[^>]*>Agenda van de community/);
  assert.ok(sidebar.indexOf('>Werkgroepen<') < sidebar.indexOf('>Agenda van de community'), sidebar);
  assert.equal(built.problems.filter((p) => p.code === 'site-sidebar-generator-failed'), []);
});

test.run();
