/**
 * The Docusaurus fixture's own Markdown plugins: its community docs plugin
 * names a remark plugin of its own (plugins/remark-let-op.js) and a rehype
 * plugin from its node_modules with options (@gemeente/rehype-afkortingen),
 * both imported in docusaurus.config.js. `migrate` writes them into site.yml
 * as a file and a package, and the build runs them on that area's pages only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { builtSite } from './site.ts';

const test = suite('docusaurus: remark and rehype plugins');

const article = (html: string): string => /<article[^>]*>([\s\S]*?)<\/article>/.exec(html)?.[1] ?? '';

test('migrate writes the imported plugins into site.yml: a file of the site and a package with its options', async () => {
  const built = await builtSite();
  const site = parseYaml(fs.readFileSync(path.join(built.dir, 'dist-config/site.yml'), 'utf8')) as { content: { docs: Array<{ id: string; markdown?: unknown }> } };
  const community = site.content.docs.find((d) => d.id === 'community');
  assert.equal(community?.markdown, {
    remarkPlugins: [{ path: 'plugins/remark-let-op.js' }],
    rehypePlugins: [{ package: '@gemeente/rehype-afkortingen', options: { afkortingen: { API: 'application programming interface' } } }],
  });
  assert.not.match(built.migrate.stdout, /remarkPlugins|rehypePlugins/);
});

test('the build runs them on the pages of their area: both changes show, and other areas keep their text', async () => {
  const built = await builtSite();
  const page = article(built.html('/community/werkgroepen'));
  assert.match(page, '<p><strong>Let op:</strong> de <abbr title="application programming interface">API</abbr> van de agenda verandert in het voorjaar.</p>');
  assert.not.match(article(built.html('/docs/intro')), '<abbr');
  assert.equal(built.problems.filter((p) => p.code === 'site-markdown-plugin-failed' || (p.code === 'site-code-ignored' && /remark-let-op/.test(p.message))), []);
});

test.run();
