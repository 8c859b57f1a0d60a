/**
 * The real content: it builds without errors or warnings, every article the
 * portal should have exists with enough substance, and the blog, communities
 * and static pages have the portal's shape.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import path from 'node:path';
import { readSources } from '../pipeline/io/read.ts';
import { analyse, generate, type Generated } from '../pipeline/build.ts';
import { effects, root } from './helpers.ts';

let built: Generated | null = null;
async function site(): Promise<Generated> {
  if (built) return built;
  const sources = await readSources(path.join(root, 'content'), path.join(root, 'dist-config/site.yml'));
  built = generate(analyse(sources, 'production'), effects, { render: false });
  return built;
}

/** Every doc id the knowledge base must have (`x/` is a folder with an index page). */
export const kennisbankIds = [
  'apis/', 'apis/aan-de-slag/', 'apis/aan-de-slag/bouw-een-api', 'apis/aan-de-slag/maak-een-oas',
  'apis/api-design-rules/', 'apis/api-design-rules/api-design-rules-linter', 'apis/api-design-rules/api-design-rules-validator',
  'apis/api-design-rules/cheat-sheet', 'apis/api-design-rules/hoe-te-voldoen/',
  ...['doc-openapi', 'doc-openapi-contact', 'http-methods', 'no-trailing-slash', 'publish-openapi', 'semver', 'uri-version', 'version-header']
    .map((r) => `apis/api-design-rules/hoe-te-voldoen/${r}`),
  'apis/architectuur/', 'apis/architectuur/cloudevents', 'apis/architectuur/eda', 'apis/architectuur/webhooks',
  'apis/openapi-specification/', 'apis/openapi-specification/openapi-specification-generator', 'apis/problem-details',
  'apis/tools/', 'apis/tools/wuppiefuzz',
  'data/', 'data/json-yaml', 'data/linked-data/', ...['dcat', 'owl', 'rdf', 'shacl', 'skos'].map((d) => `data/linked-data/${d}`),
  'front-end/', 'front-end/maps-developers-amsterdam', 'front-end/nl-design-system/', 'front-end/nl-design-system/aan-de-slag-met-nl-design-system',
  'front-end/standaarden/', 'front-end/standaarden/digitoegankelijk/', 'front-end/standaarden/digitoegankelijk/run-axe', 'front-end/tools/', 'front-end/tools/gemeente-iconen',
  'infra/', 'infra/standaarden/', 'infra/standaarden/fsc', 'infra/standaarden/haven/', 'infra/standaarden/haven/haven-compliancy-checker',
  'infra/standaarden/haven/haven-plus', 'infra/tools/', 'infra/tools/fsc-policy-builder', 'infra/tools/quality-time',
  'leidraad/', ...['agile', 'behoefte-gebruiker', 'cloud', 'correct-gebruik-data', 'hergebruik', 'inkoopstrategie', 'integreer', 'open-source', 'open-standaarden', 'toegankelijk-en-inclusief'].map((l) => `leidraad/${l}`),
  'leidraad/duurzaamheid/', 'leidraad/duurzaamheid/richtlijn-geautomatiseerd-testen', 'leidraad/privacy/', 'leidraad/privacy/bsn', 'leidraad/security/', 'leidraad/security/pkioverheid',
  'open-source/', 'open-source/communities', 'open-source/standaarden/',
  ...['code-of-conduct-md', 'contributing-md', 'project-governance-md', 'publiccode-yml', 'readme-md', 'standaard-voor-publieke-code'].map((s) => `open-source/standaarden/${s}`),
  'open-source/tools/', 'open-source/tools/publiccode-yml-editor', 'open-source/tools/publiccode-yml-parser', 'open-source/tutorials/',
  ...['git-in-een-open-source-project', 'open-source-software-licenties', 'os-checklist', 'voeg-een-publiccode-yml-bestand-toe'].map((t) => `open-source/tutorials/${t}`),
  'programmeertalen/', 'programmeertalen/rust',
  'security/', 'security/standaarden/', ...['bio', 'digid', 'eherkenning', 'eidas', 'eudi-wallet', 'nis1', 'nis2', 'oauth', 'oidc', 'pkioverheid', 'saml', 'security-txt'].map((s) => `security/standaarden/${s}`),
  'security/tools/', 'security/tools/openkat',
];

const content = suite('content');

content('should build the real content with no errors and no warnings', async () => {
  const g = await site();
  assert.equal(g.problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.code} ${p.message}`), []);
});

content('should have every kennisbank article of the spec, each with enough words', async () => {
  const g = await site();
  const short: string[] = [];
  for (const id of kennisbankIds) {
    const permalink = `/kennisbank/${id}`;
    const c = g.contents.get(permalink);
    assert.ok(c, `ontbreekt: ${permalink}`);
    const min = id.endsWith('/') ? 150 : 250;
    if ((c?.words ?? 0) < min) short.push(`${permalink} (${c?.words} woorden)`);
  }
  assert.equal(short, []);
});

content('should have the kennisbank tags of the spec, ending with ux … yaml', async () => {
  const g = await site();
  const list = g.routes.find((r) => r.type === 'docs-tag-list' && r.plugin === 'kennisbank');
  const keys = list?.type === 'docs-tag-list' ? list.tags.map((t) => t.key) : [];
  assert.ok(keys.length >= 75 && keys.length <= 100, `${keys.length} tags`);
  for (const key of ['ux', 'validator', 'vite', 'vscode', 'wallet', 'wcag', 'webhooks', 'yaml']) assert.ok(keys.includes(key), key);
  assert.is(keys[keys.length - 1], 'yaml');
});

content('should have 5 blog list pages of 10 posts, the last with 1, and a second api tag page', async () => {
  const g = await site();
  const lists = g.routes.filter((r) => r.type === 'blog-list');
  assert.equal(lists.map((r) => r.path), ['/blog', '/blog/page/2', '/blog/page/3', '/blog/page/4', '/blog/page/5']);
  const last = lists[4];
  assert.is(last?.type === 'blog-list' ? last.pagination.items.length : 0, 1);
  assert.ok(g.routes.some((r) => r.path === '/blog/tags/api/page/2'));
  const posts = g.routes.filter((r) => r.type === 'blog-post');
  assert.ok(posts.length >= 43 && posts.length <= 45, `${posts.length} posts`);
  const authors = g.routes.filter((r) => r.type === 'blog-author-posts' && !r.path.includes('/page/'));
  assert.is(authors.length, 17);
  const blogTags = g.routes.find((r) => r.type === 'blog-tags');
  const count = blogTags?.type === 'blog-tags' ? blogTags.tags.length : 0;
  assert.ok(count >= 60 && count <= 80, `${count} blog tags`);
});

content('should have 11 community pages with 13 tags, and every static page', async () => {
  const g = await site();
  const communities = g.routes.filter((r) => (r.type === 'docs-item' || r.type === 'docs-version-root') && r.plugin === 'communities');
  assert.is(communities.length, 11);
  const tags = g.routes.find((r) => r.type === 'docs-tag-list' && r.plugin === 'communities');
  assert.is(tags?.type === 'docs-tag-list' ? tags.tags.length : 0, 13);
  for (const p of ['/', '/contact', '/privacy', '/toegankelijkheid', '/team', '/implementatie-ondersteuning', '/contributing/', '/contributing/gastblog-schrijven', '/contributing/kennisbank-artikel', '/zoeken', '/404.html']) {
    assert.ok(g.routes.some((r) => r.path === p), p);
  }
});

content('should publish the measured axe result in the accessibility statement (issue 13)', async () => {
  const g = await site();
  const statement = g.contents.get('/toegankelijkheid');
  assert.ok(statement, 'the statement page');
  const text = JSON.stringify(statement.body);
  // Written by tests/e2e/axe.test.ts after a full run without violations; the markers themselves never reach the page.
  const pages = Number(/alle (\d+) pagina's van deze site/.exec(text)?.[1] ?? 0);
  assert.ok(pages >= g.routes.length, `the statement names ${pages} tested pages for ${g.routes.length} routes`);
  assert.match(text, 'Resultaat: axe-core vond geen fouten.');
  assert.not.match(text, 'BEGIN meetresultaat');
});

content.run();
