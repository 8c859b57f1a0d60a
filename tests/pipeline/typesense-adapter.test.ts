/**
 * The Typesense search backend (theme/client/search-typesense.ts) against the
 * mock server in tests/typesense-mock.ts: the exact multi_search request, the
 * mapping of grouped hits into the shared SearchResult, external results, and
 * every failure as a value (401, 404, 503, network, timeout, abort, bad JSON).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { MockTypesense, typesenseConfig } from '../typesense-mock.ts';
import { filterBy, multiSearchBody, queryBy, readMultiSearch, typesenseBackend, type TypesenseSettings } from '../../theme/client/search-typesense.ts';
import { backendFor, hitLink, readSearchConfig } from '../../theme/client/search-backend.ts';
import { clientSearchConfig, contextualTags } from '../../theme/shell/search-config.ts';
import { readCollectionSettings } from '../../pipeline/stages/server-config/typesense-schema.ts';
import { analyse } from '../../pipeline/build.ts';
import { configText, root, tree } from '../helpers.ts';
import fs from 'node:fs';
import path from 'node:path';

const test = suite('typesense: search adapter');
const keys = { admin: 'beheer-sleutel-adapter', search: 'zoek-sleutel-adapter' };
let mock: MockTypesense;

const schemaFields = () => {
  const text = fs.readFileSync(path.join(root, 'dist-config/typesense-schema.yml'), 'utf8');
  const { settings } = readCollectionSettings(text, 'dist-config/typesense-schema.yml');
  if (!settings) throw new Error('schema');
  return settings.fields;
};

const site = 'https://developer.overheid.nl';
const doc = (url: string, levels: Record<string, string>, extra: Record<string, unknown> = {}) => ({
  url, url_without_anchor: url.split('#')[0], type: 'lvl2', language: 'nl', docusaurus_tag: 'docs-kennisbank-current', item_priority: 1, tags: [],
  ...Object.fromEntries(Object.entries(levels).map(([k, v]) => [`hierarchy.${k}`, v])), ...extra,
});

const docs = [
  doc(`${site}/kennisbank/apis/webhooks`, { lvl0: 'Kennisbank', lvl1: 'Webhooks' }, { type: 'lvl1', item_priority: 2 }),
  doc(`${site}/kennisbank/apis/webhooks#bezorging`, { lvl0: 'Kennisbank', lvl1: 'Webhooks', lvl2: 'Bezorging' }, { content: 'Webhooks worden met retries bezorgd, zodat een tijdelijke storing geen bericht kost.' }),
  // Two records for one URL: group_by url must give one hit.
  doc(`${site}/kennisbank/apis/webhooks#bezorging`, { lvl0: 'Kennisbank', lvl1: 'Webhooks', lvl2: 'Bezorging' }, { type: 'content', content: 'Tweede alinea.' }),
  doc(`${site}/blog/2024/05/02/webhooks-in-de-praktijk`, { lvl0: 'Blog', lvl1: 'Webhooks in de praktijk' }, { docusaurus_tag: 'blog-posts' }),
  doc('https://apis.developer.overheid.nl/apis/webhooks-register', { lvl0: 'API-register', lvl1: 'Webhooks-register API' }, { docusaurus_tag: 'register' }),
  doc(`${site}/kennisbank/data/categorieen`, { lvl0: 'Kennisbank', lvl1: 'Categorieën' }),
  doc(`${site}/en/webhooks`, { lvl0: 'Knowledge base', lvl1: 'Webhooks' }, { language: 'en' }),
];

const settings = (over: Partial<TypesenseSettings> = {}): TypesenseSettings => ({
  host: '127.0.0.1', port: mock.port, protocol: 'http', searchOnlyKey: keys.search, collection: 'developer_overheid', language: 'nl',
  tags: null, siteOrigin: site, externalHosts: ['apis.developer.overheid.nl', 'oss.developer.overheid.nl'], timeoutMs: 2000, ...over,
});

test.before(async () => {
  mock = await MockTypesense.start(keys);
  mock.seed('developer_overheid_20261101T000000Z', schemaFields(), docs, 'developer_overheid');
});
test.after(async () => { await mock.close(); });
test.before.each(() => {
  mock.requests.length = 0;
  mock.violations.length = 0;
  mock.faults = [];
});

test('should POST /multi_search with the search-only key and the documented parameters', async () => {
  const result = await typesenseBackend(settings()).search('webhooks', { limit: 20 });
  assert.ok(result.ok, JSON.stringify(result));
  assert.equal(mock.violations, []);
  assert.is(mock.requests.length, 1);
  const [req] = mock.requests;
  assert.is(req?.method, 'POST');
  assert.is(req?.path, '/multi_search');
  assert.equal(req?.query, {}, 'no key or parameters in the address');
  assert.is(req?.key, keys.search);
  assert.match(req?.contentType ?? '', /^application\/json/);
  assert.equal(JSON.parse(req?.body ?? ''), {
    searches: [{
      collection: 'developer_overheid', q: 'webhooks',
      query_by: 'hierarchy.lvl1,hierarchy.lvl2,hierarchy.lvl3,hierarchy.lvl4,hierarchy.lvl5',
      group_by: 'url', group_limit: 1, filter_by: 'language:=nl', per_page: 20,
    }],
  });
});

test('should give one hit per URL, the total Typesense counted, and paths for the site\'s own URLs', async () => {
  const result = await typesenseBackend(settings()).search('webhooks');
  if (!result.ok) throw new Error(result.failure);
  const urls = result.hits.map((h) => h.url);
  assert.is(new Set(urls).size, urls.length, urls.join(', '));
  assert.is(result.total, 4, 'four URLs in Dutch match "webhooks" (the English page is filtered out)');
  assert.ok(urls.includes('/kennisbank/apis/webhooks'));
  assert.ok(urls.includes('/kennisbank/apis/webhooks#bezorging'));
  assert.not.ok(urls.some((u) => u.includes('/en/')));
  const section = result.hits.find((h) => h.url === '/kennisbank/apis/webhooks#bezorging');
  assert.is(section?.title, 'Bezorging', 'the deepest level is the title');
  assert.equal(section?.breadcrumbs, ['Kennisbank', 'Webhooks']);
  assert.match(section?.snippet ?? '', /^(Webhooks worden met retries|Tweede alinea)/);
  assert.ok(section?.terms.includes('webhooks'), 'matched tokens become the terms to mark, folded');
  assert.is(section?.external, false);
});

test('should mark results on the API and OSS register hosts as external, with their absolute URL', async () => {
  const result = await typesenseBackend(settings()).search('register');
  if (!result.ok) throw new Error(result.failure);
  assert.equal(result.hits.map((h) => [h.url, h.external]), [['https://apis.developer.overheid.nl/apis/webhooks-register', true]]);
});

test('should fold diacritics in the terms: "categorieen" marks "Categorieën"', async () => {
  const result = await typesenseBackend(settings()).search('categorieen');
  if (!result.ok) throw new Error(result.failure);
  assert.is(result.hits[0]?.title, 'Categorieën');
  assert.equal(result.hits[0]?.terms, ['categorieen']);
});

test('should filter on the docs version tags when contextual search is on', async () => {
  const tags = ['default', 'blog-posts', 'docs-kennisbank-current', 'docs-communities-current'];
  const result = await typesenseBackend(settings({ tags })).search('webhooks');
  if (!result.ok) throw new Error(result.failure);
  assert.equal(mock.violations, []);
  const sent = JSON.parse(mock.requests[0]?.body ?? '{}') as { searches: Array<{ filter_by: string }> };
  assert.is(sent.searches[0]?.filter_by, 'language:=nl && docusaurus_tag:=[default,blog-posts,docs-kennisbank-current,docs-communities-current]');
  assert.not.ok(result.hits.some((h) => h.external), 'the register record has another tag');
  assert.is(filterBy({ language: 'nl', tags: ['a b'] }), 'language:=nl && docusaurus_tag:=[`a b`]');
  assert.is(filterBy({ language: 'nl', tags: [] }), 'language:=nl');
});

test('should return unauthorized for a wrong key (HTTP 401), never throw', async () => {
  const result = await typesenseBackend(settings({ searchOnlyKey: 'fout' })).search('webhooks');
  assert.equal(result, { ok: false, failure: 'unauthorized', status: 401 });
});

test('should return not-found when the collection or alias does not exist (multi_search answers 200 with code 404)', async () => {
  const result = await typesenseBackend(settings({ collection: 'developer_bestaat_niet' })).search('webhooks');
  assert.equal(result, { ok: false, failure: 'not-found', status: 404 });
  mock.faults = [{ path: /multi_search/, respond: { status: 404, body: { message: 'Not Found' } } }];
  assert.equal(await typesenseBackend(settings()).search('webhooks'), { ok: false, failure: 'not-found', status: 404 });
});

test('should return server for HTTP 503 and for a body that is not JSON', async () => {
  mock.faults = [{ path: /multi_search/, respond: { status: 503, body: { message: 'Not Ready or Lagging' } } }];
  assert.equal(await typesenseBackend(settings()).search('webhooks'), { ok: false, failure: 'server', status: 503 });
  const garbage = http.createServer((_, res) => { res.writeHead(200, { 'Content-Type': 'application/json' }); res.end('{"results": [ niet af'); });
  await new Promise<void>((r) => garbage.listen(0, '127.0.0.1', r));
  const port = (garbage.address() as AddressInfo).port;
  assert.equal(await typesenseBackend(settings({ port })).search('webhooks'), { ok: false, failure: 'server' });
  await new Promise<void>((r) => garbage.close(() => r()));
});

test('should return network when nothing listens or the connection is reset', async () => {
  const probe = http.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((r) => probe.close(() => r()));
  assert.equal(await typesenseBackend(settings({ port: closedPort })).search('webhooks'), { ok: false, failure: 'network' });
  mock.faults = [{ path: /multi_search/, respond: 'reset' }];
  assert.equal(await typesenseBackend(settings()).search('webhooks'), { ok: false, failure: 'network' });
});

test('should give up with timeout when the server does not answer in time (AbortController)', async () => {
  mock.faults = [{ path: /multi_search/, respond: 'hang' }];
  mock.requests.length = 0;
  const result = await typesenseBackend(settings({ timeoutMs: 150 })).search('webhooks');
  assert.equal(result, { ok: false, failure: 'timeout' });
  assert.equal(mock.calls().filter((c) => c.includes('multi_search')).length, 1, 'one request, given up on: no retry after the timeout');
});

test('should return aborted when the caller aborts (a newer query), before or during the request', async () => {
  const before = new AbortController();
  before.abort();
  assert.equal(await typesenseBackend(settings()).search('webhooks', { signal: before.signal }), { ok: false, failure: 'aborted' });
  mock.faults = [{ path: /multi_search/, respond: 'hang' }];
  const during = new AbortController();
  const pending = typesenseBackend(settings()).search('webhooks', { signal: during.signal });
  setTimeout(() => during.abort(), 30);
  assert.equal(await pending, { ok: false, failure: 'aborted' });
});

test('should never throw, whatever JSON comes back', () => {
  fc.assert(fc.property(fc.anything(), fc.string(), (json, query) => {
    const result = readMultiSearch({ results: [json] }, query, settings({ port: 1 }));
    assert.type(result.ok, 'boolean');
    const top = readMultiSearch(json, query, settings({ port: 1 }));
    assert.type(top.ok, 'boolean');
  }), { numRuns: 300 });
  const shaped = fc.record({ found: fc.anything(), grouped_hits: fc.array(fc.record({ hits: fc.array(fc.record({ document: fc.dictionary(fc.constantFrom('url', 'hierarchy.lvl1', 'content', 'hierarchy'), fc.anything()), highlights: fc.anything() })) })) });
  fc.assert(fc.property(shaped, (first) => {
    const result = readMultiSearch({ results: [first] }, 'x', settings({ port: 1 }));
    if (result.ok) for (const hit of result.hits) assert.type(hit.url, 'string');
  }), { numRuns: 300 });
});

test('should clamp per_page to what Typesense allows (1 to 250)', () => {
  assert.is(multiSearchBody(settings({ port: 1 }), 'x', { limit: 1000 }).searches[0]?.per_page, 250);
  assert.is(multiSearchBody(settings({ port: 1 }), 'x', { limit: 0 }).searches[0]?.per_page, 1);
  assert.is(queryBy.split(',').length, 5);
});

test('hitLink: paths stay, the site\'s URLs become paths, register and other hosts are external', () => {
  const rule = { siteOrigin: site, externalHosts: ['apis.developer.overheid.nl', 'oss.developer.overheid.nl'] };
  assert.equal(hitLink('/kennisbank/apis', rule), { url: '/kennisbank/apis', external: false });
  assert.equal(hitLink(`${site}/kennisbank/data/categorieen#categorieën`, rule), { url: '/kennisbank/data/categorieen#categorieën', external: false });
  assert.equal(hitLink('https://oss.developer.overheid.nl/repositories/1', rule), { url: 'https://oss.developer.overheid.nl/repositories/1', external: true });
  assert.equal(hitLink('https://example.org/x', rule), { url: 'https://example.org/x', external: true });
  assert.equal(hitLink('https://[nope/x', rule), { url: 'https://[nope/x', external: true });
});

test('the page\'s data-search-config: typesense settings from site.yml, read back into a working backend', async () => {
  const config = typesenseConfig(mock.port, keys.search).replace(/^ {2}contextualSearch: \w+\n/m, '').replace('  backend: typesense\n', '  backend: typesense\n  contextualSearch: true\n');
  const { site: resolved, problems } = analyse(tree({}, config), 'production');
  if (!resolved) throw new Error(JSON.stringify(problems));
  const written = clientSearchConfig(resolved, '/assets/search-index-x.json');
  const read = readSearchConfig(JSON.stringify(written));
  if (read?.backend !== 'typesense') throw new Error(JSON.stringify(read));
  assert.is(read.typesense.collection, 'developer_overheid', 'the alias developer_{product} by default');
  assert.is(read.typesense.searchOnlyKey, keys.search);
  assert.equal(read.typesense.tags, contextualTags(resolved));
  assert.ok(contextualTags(resolved).includes('docs-kennisbank-current'));
  const result = await backendFor(read).search('webhooks');
  assert.ok(result.ok && result.hits.length > 0, JSON.stringify(result));
  assert.is(readSearchConfig('{"backend":"typesense"}'), null);
  assert.is(readSearchConfig('niet json'), null);
  const embedded = clientSearchConfig(analyse(tree({}), 'production').site!, '/assets/search-index-x.json');
  assert.equal(readSearchConfig(JSON.stringify(embedded)), { backend: 'embedded', index: '/assets/search-index-x.json', siteOrigin: site, externalHosts: ['apis.developer.overheid.nl', 'oss.developer.overheid.nl'] });
});

test('a typesense backend without search.typesense in site.yml is a configuration error', () => {
  const { problems } = analyse(tree({}, configText.replace('  backend: embedded\n', '  backend: typesense\n')), 'production');
  assert.ok(problems.some((p) => p.code === 'config-invalid' && p.message.includes('search.typesense')), JSON.stringify(problems));
});

test.run();
