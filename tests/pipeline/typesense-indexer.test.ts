/**
 * `npm run search:index` (pipeline/cli/typesense-push.ts) against the mock
 * Typesense: the documented calls in the documented order (create collection
 * → import JSONL → read alias → swap alias → delete the old collection), and
 * every failure leaving the alias, and so the live search, as it was.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { MockTypesense, fixtureFiles, typesenseConfig, writeFixtureContent } from '../typesense-mock.ts';
import { runIndexer, type IndexerOptions } from '../../pipeline/cli/typesense-push.ts';
import {
  checkImport, jsonlBatches, readCollectionSettings, redact, typesenseDocument, versionedName,
} from '../../pipeline/stages/server-config/typesense-schema.ts';
import { searchRecords } from '../../pipeline/stages/search-records.ts';
import { typesenseBackend } from '../../theme/client/search-typesense.ts';
import { root, run } from '../helpers.ts';

const test = suite('typesense: indexer');
const keys = { admin: 'beheer-sleutel-indexer-7f3a', search: 'zoek-sleutel-indexer' };
const now = new Date('2026-11-22T12:05:01.123Z');
const newName = 'developer_overheid_20261122T120501Z';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-typesense-'));
let mock: MockTypesense;

const content = writeFixtureContent(work);
const fixture = run(fixtureFiles);
const expectedRecords = searchRecords(fixture.routes, fixture.contents, 'nl');

const configFile = (port: number) => {
  const file = path.join(work, `site-${port}.yml`);
  fs.writeFileSync(file, typesenseConfig(port, keys.search));
  return file;
};

const index = async (over: Partial<IndexerOptions> = {}) => {
  const lines: string[] = [];
  const code = await runIndexer({
    content, config: configFile(mock.port), schema: path.join(root, 'dist-config/typesense-schema.yml'), cacheDir: path.join(work, 'cache'),
    env: { TYPESENSE_ADMIN_KEY: keys.admin }, now, write: (l) => lines.push(l), retries: 0, timeouts: { request: 2, import: 2 },
    ...over,
  });
  return { code, out: lines.join('\n') };
};

const fields = () => {
  const { settings } = readCollectionSettings(fs.readFileSync(path.join(root, 'dist-config/typesense-schema.yml'), 'utf8'), 'schema');
  if (!settings) throw new Error('schema');
  return settings.fields;
};

test.before(async () => { mock = await MockTypesense.start(keys); });
test.after(async () => {
  await mock.close();
  fs.rmSync(work, { recursive: true, force: true });
});
test.before.each(() => {
  mock.requests.length = 0;
  mock.violations.length = 0;
  mock.faults = [];
  mock.rejectDocument = null;
  mock.collections.clear();
  mock.aliases.clear();
});

test('should create the collection, import every record as JSONL, then point the alias at it (first run: no alias yet)', async () => {
  const { code, out } = await index();
  assert.is(code, 0, out);
  assert.equal(mock.violations, []);
  assert.equal(mock.calls(), [
    'GET /aliases/developer_overheid', // host and key checked before the build
    'POST /collections',
    `POST /collections/${newName}/documents/import`,
    'GET /aliases/developer_overheid',
    'PUT /aliases/developer_overheid',
  ]);
  assert.ok(mock.requests.every((r) => r.key === keys.admin), 'the admin key on every call, in the header');
  const created = JSON.parse(mock.requests[1]?.body ?? '{}') as { name: string; fields: Array<{ name: string; facet?: boolean }>; default_sorting_field: string };
  assert.is(created.name, newName);
  assert.ok(created.fields.some((f) => f.name === 'url' && f.facet), 'group_by url needs a facet');
  assert.is(created.default_sorting_field, 'item_priority');
  const importCall = mock.requests[2];
  assert.is(importCall?.query.action, 'create');
  assert.match(importCall?.contentType ?? '', /^text\/plain/);
  const lines = (importCall?.body ?? '').split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  assert.is(lines.length, expectedRecords.length);
  assert.equal(lines.map((l) => l.objectID), expectedRecords.map((r) => r.objectID), 'record order kept');
  const section = lines.find((l) => l.url === 'https://developer.overheid.nl/kennisbank/webhooks#handtekening');
  assert.is(section?.['hierarchy.lvl1'], 'Webhooks');
  assert.is(section?.['hierarchy.lvl3'], 'Handtekening');
  assert.is(section?.['hierarchy.lvl4'], undefined, 'no nulls: Typesense rejects null for a string field');
  assert.is(section?.language, 'nl');
  assert.is(mock.aliases.get('developer_overheid'), newName);
  assert.is(mock.collections.get(newName)?.docs.length, expectedRecords.length);
  assert.match(out, new RegExp(`Klaar: ${expectedRecords.length} documenten staan in ${newName}; de alias developer_overheid wijst er nu naar\\.`));
});

test('should swap the alias before deleting the old collection, in batches, and the site can search the result', async () => {
  mock.seed('developer_overheid_20261101T000000Z', fields(), [], 'developer_overheid');
  const { code, out } = await index({ batchSize: 4 });
  assert.is(code, 0, out);
  assert.equal(mock.violations, [], 'nothing deleted while the alias pointed at it');
  const calls = mock.calls();
  const batches = Math.ceil(expectedRecords.length / 4);
  assert.equal(calls, [
    'GET /aliases/developer_overheid',
    'POST /collections',
    ...Array.from({ length: batches }, () => `POST /collections/${newName}/documents/import`),
    'GET /aliases/developer_overheid',
    'PUT /aliases/developer_overheid',
    'DELETE /collections/developer_overheid_20261101T000000Z',
  ]);
  assert.ok(mock.requests.filter((r) => r.path.endsWith('/import')).every((r) => r.body.split('\n').length <= 4));
  assert.equal(JSON.parse(mock.requests.find((r) => r.method === 'PUT')?.body ?? '{}'), { collection_name: newName });
  assert.equal([...mock.collections.keys()], [newName]);
  assert.match(out, /Oude collectie developer_overheid_20261101T000000Z verwijderd\./);
  assert.match(out, /\(was developer_overheid_20261101T000000Z\)/);
  // The browser's adapter finds what the indexer pushed, under the alias.
  const result = await typesenseBackend({
    host: '127.0.0.1', port: mock.port, protocol: 'http', searchOnlyKey: keys.search, collection: 'developer_overheid', language: 'nl',
    tags: null, siteOrigin: 'https://developer.overheid.nl', externalHosts: [],
  }).search('handtekening');
  assert.ok(result.ok && result.hits.some((h) => h.url === '/kennisbank/webhooks#handtekening'), JSON.stringify(result));
});

test('should abort on a partial import failure: delete the new collection, leave the alias and the old collection alone', async () => {
  mock.seed('developer_overheid_oud', fields(), [], 'developer_overheid');
  mock.rejectDocument = (doc) => (String(doc.url).endsWith('#tokens') ? 'Field `content` must be a string.' : null);
  const { code, out } = await index({ batchSize: 3 });
  assert.is(code, 1, out);
  assert.equal(mock.violations, []);
  assert.not.ok(mock.calls().some((c) => c.startsWith('PUT ')), 'the alias is not touched');
  assert.is(mock.calls().filter((c) => c.startsWith('GET /aliases')).length, 1, 'only the check before the build');
  assert.is(mock.calls().at(-1), `DELETE /collections/${newName}`);
  assert.is(mock.aliases.get('developer_overheid'), 'developer_overheid_oud');
  assert.ok(mock.collections.has('developer_overheid_oud'));
  assert.not.ok(mock.collections.has(newName));
  assert.match(out, /Het importeren in developer_overheid_20261122T120501Z is mislukt\./);
  assert.match(out, new RegExp(`Typesense weigerde 2 van de ${expectedRecords.length} documenten:`), out);
  assert.match(out, /\(\/kennisbank\/oauth#tokens::\d+\): Field `content` must be a string\./);
  assert.match(out, /De alias developer_overheid is niet veranderd: de zoekfunctie gebruikt de vorige index\./);
});

test('should stop before the build on a wrong admin key (401): nothing created, a Dutch message without the key', async () => {
  const { code, out } = await index({ env: { TYPESENSE_ADMIN_KEY: 'verkeerde-sleutel-1234' } });
  assert.is(code, 1);
  assert.equal(mock.calls(), ['GET /aliases/developer_overheid']);
  assert.is(mock.collections.size, 0);
  assert.match(out, /weigert de beheersleutel \(HTTP 401\)/);
  assert.match(out, /Er is niets veranderd/);
  assert.not.ok(out.includes('verkeerde-sleutel-1234'));
});

test('should delete the new collection when the import answers 503, and retry a passing 503', async () => {
  mock.seed('developer_overheid_oud', fields(), [], 'developer_overheid');
  mock.faults = [{ method: 'POST', path: /\/import$/, respond: { status: 503, body: { message: 'Not Ready or Lagging' } } }];
  const failed = await index();
  assert.is(failed.code, 1);
  assert.match(failed.out, /serverfout \(HTTP 503\)/);
  assert.match(failed.out, /Not Ready or Lagging/);
  assert.not.ok(mock.collections.has(newName));
  assert.is(mock.aliases.get('developer_overheid'), 'developer_overheid_oud');

  mock.requests.length = 0;
  mock.faults = [{ method: 'POST', path: /\/import$/, times: 1, respond: { status: 503 } }];
  const retried = await index({ retries: 1 });
  assert.is(retried.code, 0, retried.out);
  assert.is(mock.calls().filter((c) => c.endsWith('/import')).length, 2, 'the client retried the import once');
  assert.is(mock.aliases.get('developer_overheid'), newName);
});

test('should time out instead of hanging: on creating the collection, and on an import', async () => {
  mock.faults = [{ method: 'POST', path: /^\/collections$/, respond: 'hang' }];
  const create = await index({ timeouts: { request: 1, import: 1 }, retries: 1 });
  assert.is(create.code, 1);
  assert.match(create.out, /antwoordde niet op tijd/);
  assert.is(mock.calls().filter((c) => c === 'POST /collections').length, 2, 'the hanging request is tried once and retried once, then given up');

  mock.requests.length = 0;
  mock.faults = [{ method: 'POST', path: /\/import$/, respond: 'hang' }];
  const imported = await index({ timeouts: { request: 1, import: 1 }, retries: 1 });
  assert.is(imported.code, 1);
  assert.match(imported.out, /antwoordde niet op tijd/);
  // The import's own deadline covers its retries: one request, then given up.
  assert.is(mock.calls().filter((c) => c.endsWith('/import')).length, 1, 'the hanging import is tried once, then given up');
  assert.not.ok(mock.collections.has(newName), 'the half-filled collection is deleted');
});

test('should leave the alias alone when swapping it fails, and say so when the old collection cannot be deleted', async () => {
  mock.seed('developer_overheid_oud', fields(), [], 'developer_overheid');
  mock.faults = [{ method: 'PUT', path: /^\/aliases\//, respond: { status: 500, body: { message: 'Could not upsert alias.' } } }];
  const swap = await index();
  assert.is(swap.code, 1);
  assert.match(swap.out, /De alias developer_overheid kon niet worden omgezet/);
  assert.is(mock.aliases.get('developer_overheid'), 'developer_overheid_oud');
  assert.not.ok(mock.collections.has(newName));

  mock.faults = [{ method: 'DELETE', path: /developer_overheid_oud$/, respond: { status: 500 } }];
  const cleanup = await index();
  assert.is(cleanup.code, 1);
  assert.is(mock.aliases.get('developer_overheid'), newName, 'the swap itself succeeded');
  assert.match(cleanup.out, /de oude collectie developer_overheid_oud kon niet worden verwijderd/);
});

test('should say when Typesense is not reachable', async () => {
  const probe = http.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((r) => probe.close(() => r()));
  const { code, out } = await index({ env: { TYPESENSE_ADMIN_KEY: keys.admin, TYPESENSE_PORT: String(port) } });
  assert.is(code, 1);
  assert.match(out, new RegExp(`Typesense op http://127\\.0\\.0\\.1:${port} is niet bereikbaar`));
});

test('should refuse to run without TYPESENSE_ADMIN_KEY, or with the admin key as the public search key', async () => {
  const missing = await index({ env: {} });
  assert.is(missing.code, 1);
  assert.match(missing.out, /TYPESENSE_ADMIN_KEY ontbreekt/);
  const same = await index({ env: { TYPESENSE_ADMIN_KEY: keys.search } });
  assert.is(same.code, 1);
  assert.match(same.out, /De beheersleutel staat als searchOnlyKey/);
  assert.not.ok(same.out.includes(keys.search));
  const port = await index({ env: { TYPESENSE_ADMIN_KEY: keys.admin, TYPESENSE_PORT: 'acht' } });
  assert.match(port.out, /TYPESENSE_PORT moet een poortnummer zijn/);
  assert.equal(mock.requests, [], 'no call to Typesense');
});

// ---------------------------------------------------------------------------
// The pure helpers

test('checkImport: only a complete, all-true answer succeeds', () => {
  assert.equal(checkImport('{"success":true}\n{"success":true}', 2), { imported: 2, failures: [] });
  const mixed = checkImport('{"success":true}\n{"code":400,"document":"{\\"objectID\\":\\"/a::1\\"}","error":"Bad JSON.","success":false}\nrommel', 3, 10);
  assert.is(mixed.imported, 1);
  assert.equal(mixed.failures.map((f) => [f.position, f.objectID]), [[12, '/a::1'], [13, null]]);
  assert.equal(checkImport('{"success":true}', 3).failures.map((f) => f.error), ['Typesense gaf 1 resultaten voor 3 documenten']);
});

test('jsonlBatches: every document once, in order, at most `size` per batch', () => {
  fc.assert(fc.property(fc.array(fc.record({ a: fc.string(), n: fc.integer() }), { maxLength: 60 }), fc.integer({ min: 1, max: 20 }), (docs, size) => {
    const batches = jsonlBatches(docs, size);
    const back = batches.flatMap((b) => b.split('\n'));
    assert.equal(back, docs.map((d) => JSON.stringify(d)));
    assert.ok(batches.every((b) => b.split('\n').length <= size));
  }));
});

test('names and documents: a sortable versioned name, absolute URLs, no nulls', () => {
  assert.is(versionedName('developer_overheid', now), newName);
  const record = expectedRecords.find((r) => r.anchor === 'bezorging');
  if (!record) throw new Error('record');
  const doc = typesenseDocument(record, 'https://developer.overheid.nl/');
  assert.is(doc.url, 'https://developer.overheid.nl/kennisbank/webhooks#bezorging');
  assert.is(doc.url_without_anchor, 'https://developer.overheid.nl/kennisbank/webhooks');
  assert.ok(Object.values(doc).every((v) => v !== null && v !== undefined));
  assert.is(doc['hierarchy.lvl2'], 'Bezorging');
});

test('the schema file: valid, and a broken one names the line', () => {
  const real = readCollectionSettings(fs.readFileSync(path.join(root, 'dist-config/typesense-schema.yml'), 'utf8'), 'dist-config/typesense-schema.yml');
  assert.equal(real.problems, []);
  const names = real.settings?.fields.map((f) => f.name) ?? [];
  for (const n of ['url', 'language', 'docusaurus_tag', 'hierarchy.lvl1', 'hierarchy.lvl5', 'item_priority']) assert.ok(names.includes(n), n);
  const broken = readCollectionSettings('fields:\n  - name: url\n    type: tekst\n', 'schema.yml');
  assert.is(broken.settings, null);
  assert.is(broken.problems[0]?.line, 3);
});

test('redact hides every occurrence of the key', () => {
  assert.is(redact('key=abcd1234 en nog eens abcd1234', ['abcd1234']), 'key=[verborgen] en nog eens [verborgen]');
  assert.is(redact('kort', ['ab', undefined]), 'kort');
});

test.run();
