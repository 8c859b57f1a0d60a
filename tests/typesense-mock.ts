/**
 * A Typesense stand-in for the tests: a node:http server on 127.0.0.1 (port 0)
 * that speaks the part of the API the site uses, checks every request the way
 * Typesense documents it, and answers in Typesense's shapes (taken from the
 * server's core_api.cpp and the API reference):
 *
 *   POST   /multi_search                              search-only or admin key; JSON
 *   POST   /collections                               admin key; JSON schema; 201, 409 when it exists
 *   POST   /collections/{c}/documents/import?action=  admin key; JSONL in, one `{"success":…}` line per document out (HTTP 200)
 *   GET    /aliases/{a}                               admin key; 404 `{"message":"Not Found"}` when there is none
 *   PUT    /aliases/{a}                               admin key; `{ "collection_name": … }`
 *   DELETE /collections/{c}                           admin key
 *
 * A wrong or missing `X-TYPESENSE-API-KEY` gets 401. A request that breaks
 * the documented contract (wrong method, content type, parameter, body) is
 * answered 400 and recorded in `violations`, so a test can demand there are
 * none. `faults` script failures: a status, a hang (for timeouts), a reset.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { configText, minimalAuthors, minimalTags } from './helpers.ts';

export interface MockRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly key: string | null;
  readonly contentType: string | null;
  readonly body: string;
}

export interface Fault {
  readonly method?: string;
  readonly path?: RegExp;
  /** How many matching requests fail; left out: all of them. */
  times?: number;
  readonly respond: { readonly status: number; readonly body?: unknown } | 'hang' | 'reset';
}

interface Field { readonly name: string; readonly type: string; readonly facet?: boolean; readonly optional?: boolean }
interface Collection { readonly schema: { readonly name: string; readonly fields: ReadonlyArray<Field>; readonly default_sorting_field?: string }; readonly docs: Array<Record<string, unknown>> }

const fieldTypes = new Set(['string', 'string[]', 'int32', 'int32[]', 'int64', 'int64[]', 'float', 'float[]', 'bool', 'bool[]', 'auto', 'string*']);
/** Import parameters Typesense documents, plus `throwOnFail`, which the official JS client puts in the query. */
const importParams = new Set(['action', 'batch_size', 'dirty_values', 'return_id', 'return_doc', 'throwOnFail']);
const searchParams = new Set(['collection', 'q', 'query_by', 'group_by', 'group_limit', 'filter_by', 'per_page', 'page', 'sort_by', 'include_fields', 'highlight_full_fields', 'snippet_threshold', 'highlight_affix_num_tokens']);

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const tokens = (s: string) => fold(s).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

export class MockTypesense {
  readonly collections = new Map<string, Collection>();
  readonly aliases = new Map<string, string>();
  readonly requests: MockRequest[] = [];
  readonly violations: string[] = [];
  faults: Fault[] = [];
  /** Makes the import reject a document: return Typesense's error text, or null to accept it. */
  rejectDocument: ((doc: Record<string, unknown>) => string | null) | null = null;
  private server: http.Server | null = null;
  url = '';
  port = 0;

  constructor(readonly adminKey: string, readonly searchKey: string) {}

  static async start(keys: { admin: string; search: string }): Promise<MockTypesense> {
    const mock = new MockTypesense(keys.admin, keys.search);
    mock.server = http.createServer((req, res) => { void mock.handle(req, res); });
    await new Promise<void>((resolve) => mock.server?.listen(0, '127.0.0.1', resolve));
    mock.port = (mock.server.address() as AddressInfo).port;
    mock.url = `http://127.0.0.1:${mock.port}`;
    return mock;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    this.server = null;
  }

  /** A collection (and optionally an alias to it) as if it had been imported earlier. */
  seed(name: string, fields: ReadonlyArray<Field>, docs: ReadonlyArray<Record<string, unknown>>, alias?: string): void {
    this.collections.set(name, { schema: { name, fields }, docs: [...docs] });
    if (alias) this.aliases.set(alias, name);
  }

  /** The request log as `METHOD /path` lines, for order checks. */
  calls(): string[] {
    return this.requests.map((r) => `${r.method} ${r.path}`);
  }

  private resolve(name: string): Collection | undefined {
    return this.collections.get(this.aliases.get(name) ?? name);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://mock');
    const key = typeof req.headers['x-typesense-api-key'] === 'string' ? req.headers['x-typesense-api-key'] : null;
    const request: MockRequest = {
      method: req.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), key,
      contentType: req.headers['content-type'] ?? null, body: Buffer.concat(chunks).toString('utf8'),
    };
    this.requests.push(request);

    const fault = this.faults.find((f) => (!f.method || f.method === request.method) && (!f.path || f.path.test(request.path)) && (f.times === undefined || f.times > 0));
    if (fault) {
      if (fault.times !== undefined) fault.times--;
      if (fault.respond === 'hang') return; // never answers; close() ends the socket
      if (fault.respond === 'reset') { req.socket.destroy(); return; }
      return this.json(res, fault.respond.status, fault.respond.body ?? { message: 'Mocked failure' });
    }

    // Typesense's own check, before any route: the key must be one it knows.
    if (key !== this.adminKey && key !== this.searchKey) {
      return this.json(res, 401, { message: 'Forbidden - a valid `x-typesense-api-key` header must be sent.' });
    }
    const search = request.method === 'POST' && request.path === '/multi_search';
    // The search-only key has the documents:search action only.
    if (!search && key !== this.adminKey) return this.json(res, 401, { message: 'Forbidden - a valid `x-typesense-api-key` header must be sent.' });

    const parts = request.path.split('/').filter(Boolean).map(decodeURIComponent);
    if (search) return this.multiSearch(request, res);
    if (request.method === 'POST' && request.path === '/collections') return this.createCollection(request, res);
    if (request.method === 'POST' && parts.length === 4 && parts[0] === 'collections' && parts[2] === 'documents' && parts[3] === 'import') return this.importDocuments(request, res, parts[1] ?? '');
    if (request.method === 'GET' && parts.length === 2 && parts[0] === 'aliases') return this.getAlias(res, parts[1] ?? '');
    if (request.method === 'PUT' && parts.length === 2 && parts[0] === 'aliases') return this.putAlias(request, res, parts[1] ?? '');
    if (request.method === 'DELETE' && parts.length === 2 && parts[0] === 'collections') return this.deleteCollection(res, parts[1] ?? '');
    return this.violation(res, `${request.method} ${request.path} is geen route die de site gebruikt`, 404);
  }

  private json(res: http.ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  }

  private violation(res: http.ServerResponse, message: string, status = 400): void {
    this.violations.push(message);
    this.json(res, status, { message });
  }

  private parseJson(request: MockRequest): unknown {
    try {
      return JSON.parse(request.body);
    } catch {
      return undefined;
    }
  }

  private requireJson(request: MockRequest, res: http.ServerResponse): Record<string, unknown> | null {
    if (!request.contentType?.startsWith('application/json')) { this.violation(res, `${request.method} ${request.path}: Content-Type moet application/json zijn, is ${request.contentType}`); return null; }
    const body = this.parseJson(request);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) { this.json(res, 400, { message: 'Bad JSON.' }); this.violations.push(`${request.path}: geen JSON-object`); return null; }
    return body as Record<string, unknown>;
  }

  private createCollection(request: MockRequest, res: http.ServerResponse): void {
    const body = this.requireJson(request, res);
    if (!body) return;
    const { name, fields, default_sorting_field: sortField } = body as { name?: unknown; fields?: unknown; default_sorting_field?: unknown };
    if (typeof name !== 'string' || !name) return this.violation(res, 'Parameter `name` is required.');
    if (!Array.isArray(fields) || fields.length === 0) return this.violation(res, 'Parameter `fields` is required.');
    for (const f of fields as Field[]) {
      if (typeof f?.name !== 'string' || !fieldTypes.has(f.type)) return this.violation(res, `Field \`${String(f?.name)}\` has an invalid data type.`);
    }
    if (sortField !== undefined) {
      const f = (fields as Field[]).find((x) => x.name === sortField);
      if (!f) return this.violation(res, `Default sorting field is defined as \`${String(sortField)}\` but is not found in the schema.`);
      if (!/^(int32|int64|float)$/.test(f.type) || f.optional) return this.violation(res, `Default sorting field \`${String(sortField)}\` must be a single valued numerical field.`);
    }
    if (this.collections.has(name)) return this.json(res, 409, { message: `A collection with name \`${name}\` already exists.` });
    const schema = { name, fields: fields as Field[], ...(typeof sortField === 'string' ? { default_sorting_field: sortField } : {}) };
    this.collections.set(name, { schema, docs: [] });
    this.json(res, 201, { ...body, created_at: 1763812345, num_documents: 0 });
  }

  private checkDocument(doc: Record<string, unknown>, fields: ReadonlyArray<Field>): string | null {
    for (const f of fields) {
      if (f.name.includes('*')) continue;
      const value = doc[f.name];
      if (value === undefined || value === null) {
        if (!f.optional) return `Field \`${f.name}\` has been declared in the schema, but is not found in the document.`;
        continue;
      }
      const ok = f.type === 'string' ? typeof value === 'string'
        : f.type === 'string[]' ? Array.isArray(value) && value.every((v) => typeof v === 'string')
          : /^int(32|64)$/.test(f.type) ? Number.isInteger(value)
            : true;
      if (!ok) return `Field \`${f.name}\` must be ${f.type === 'string[]' ? 'an array of strings' : f.type.startsWith('int') ? `an ${f.type}` : `a ${f.type}`}.`;
    }
    return null;
  }

  private importDocuments(request: MockRequest, res: http.ServerResponse, name: string): void {
    for (const param of Object.keys(request.query)) if (!importParams.has(param)) return this.violation(res, `import: onbekende parameter ${param}`);
    if (request.query.action !== 'create') return this.violation(res, `import: action moet create zijn, is ${request.query.action}`);
    if (!request.contentType?.startsWith('text/plain')) return this.violation(res, `import: Content-Type moet text/plain zijn (JSONL), is ${request.contentType}`);
    const collection = this.collections.get(this.aliases.get(name) ?? name);
    if (!collection) return this.json(res, 404, { message: 'Not Found' });
    const results = request.body.split('\n').map((line) => {
      let doc: unknown;
      try { doc = JSON.parse(line); } catch { doc = undefined; }
      if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return { code: 400, document: line, error: 'Bad JSON.', success: false };
      const record = doc as Record<string, unknown>;
      const problem = this.checkDocument(record, collection.schema.fields) ?? this.rejectDocument?.(record) ?? null;
      if (problem) return { code: 400, document: line, error: problem, success: false };
      collection.docs.push(record);
      return { success: true };
    });
    const text = results.map((r) => JSON.stringify(r)).join('\n');
    // Typesense streams the import answer as JSONL with this exact content type, status 200 even when lines failed.
    res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf8', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  }

  private getAlias(res: http.ServerResponse, alias: string): void {
    const target = this.aliases.get(alias);
    if (!target) return this.json(res, 404, { message: 'Not Found' });
    this.json(res, 200, { name: alias, collection_name: target });
  }

  private putAlias(request: MockRequest, res: http.ServerResponse, alias: string): void {
    const body = this.requireJson(request, res);
    if (!body) return;
    if (typeof body.collection_name !== 'string') return this.violation(res, 'Parameter `collection_name` is required.');
    if (!this.collections.has(body.collection_name)) this.violations.push(`alias ${alias} naar een collectie die niet bestaat: ${body.collection_name}`);
    this.aliases.set(alias, body.collection_name);
    this.json(res, 200, { name: alias, collection_name: body.collection_name });
  }

  private deleteCollection(res: http.ServerResponse, name: string): void {
    const collection = this.collections.get(name);
    if (!collection) return this.json(res, 404, { message: 'Not Found' });
    for (const [alias, target] of this.aliases) {
      // Typesense allows it, but then every search on the alias fails: the site must never do this.
      if (target === name) this.violations.push(`collectie ${name} verwijderd terwijl alias ${alias} ernaar wijst`);
    }
    this.collections.delete(name);
    this.json(res, 200, { ...collection.schema, num_documents: collection.docs.length });
  }

  private multiSearch(request: MockRequest, res: http.ServerResponse): void {
    const body = this.requireJson(request, res);
    if (!body) return;
    if (!Array.isArray(body.searches)) return this.violation(res, 'multi_search: `searches` moet een lijst zijn');
    const results = (body.searches as Array<Record<string, unknown>>).map((s) => this.searchOne(s));
    this.json(res, 200, { results });
  }

  private searchOne(s: Record<string, unknown>): Record<string, unknown> {
    for (const param of Object.keys(s)) if (!searchParams.has(param)) this.violations.push(`multi_search: onbekende parameter ${param}`);
    if (typeof s.collection !== 'string') { this.violations.push('multi_search: collection ontbreekt'); return { code: 400, error: 'Parameter `collection` is required.' }; }
    if (typeof s.q !== 'string') { this.violations.push('multi_search: q ontbreekt'); return { code: 400, error: 'Parameter `q` is required.' }; }
    const collection = this.resolve(s.collection);
    if (!collection) return { code: 404, error: 'Not found.' };
    const byName = new Map(collection.schema.fields.map((f) => [f.name, f] as const));
    const queryBy = typeof s.query_by === 'string' ? s.query_by.split(',').map((x) => x.trim()).filter(Boolean) : [];
    if (queryBy.length === 0) { this.violations.push('multi_search: query_by ontbreekt'); return { code: 400, error: 'No search fields specified for the query.' }; }
    for (const f of queryBy) if (!byName.has(f)) return { code: 404, error: `Could not find a field named \`${f}\` in the schema.` };
    const groupBy = typeof s.group_by === 'string' ? s.group_by : null;
    if (groupBy && !byName.get(groupBy)?.facet) return { code: 400, error: `Group by field \`${groupBy}\` should be a facet field.` };
    const groupLimit = s.group_limit === undefined ? 3 : Number(s.group_limit);
    if (!Number.isInteger(groupLimit) || groupLimit < 1 || groupLimit > 99) return { code: 400, error: 'Value of `group_limit` must be between 1 and 99.' };
    const perPage = s.per_page === undefined ? 10 : Number(s.per_page);
    if (!Number.isInteger(perPage) || perPage < 0 || perPage > 250) return { code: 422, error: 'Only upto 250 hits can be fetched per page.' };

    const filters: Array<{ field: string; values: string[] }> = [];
    if (typeof s.filter_by === 'string' && s.filter_by.trim()) {
      for (const clause of s.filter_by.split('&&').map((c) => c.trim())) {
        const m = /^([\w.]+):=(\[(.*)\]|(.*))$/.exec(clause);
        if (!m || !m[1]) return { code: 400, error: `Could not parse the filter query: \`${clause}\`.` };
        if (!byName.get(m[1])?.facet) return { code: 404, error: `Could not find a filter field named \`${m[1]}\` in the schema.` };
        const raw = m[3] !== undefined ? m[3].split(',') : [m[4] ?? ''];
        filters.push({ field: m[1], values: raw.map((v) => v.trim().replace(/^`|`$/g, '')) });
      }
    }
    const wanted = tokens(s.q);
    const scored: Array<{ doc: Record<string, unknown>; score: number; highlights: Array<{ field: string; matched_tokens: string[]; snippet: string }> }> = [];
    for (const doc of collection.docs) {
      if (!filters.every((f) => f.values.includes(String(doc[f.field])))) continue;
      const highlights: Array<{ field: string; matched_tokens: string[]; snippet: string }> = [];
      let score = 0;
      const matched = new Set<string>();
      queryBy.forEach((field, i) => {
        const value = doc[field];
        if (typeof value !== 'string') return;
        const words = value.split(/\s+/);
        const hits = words.filter((w) => wanted.some((q) => tokens(w).some((t) => t.startsWith(q))));
        if (!hits.length) return;
        for (const q of wanted) if (tokens(value).some((t) => t.startsWith(q))) matched.add(q);
        score += hits.length * (queryBy.length - i);
        highlights.push({ field, matched_tokens: hits, snippet: words.map((w) => (hits.includes(w) ? `<mark>${w}</mark>` : w)).join(' ') });
      });
      if (wanted.length && matched.size === wanted.length) scored.push({ doc, score, highlights });
    }
    scored.sort((a, b) => b.score - a.score || Number(b.doc.item_priority ?? 0) - Number(a.doc.item_priority ?? 0));
    const hitOf = (x: (typeof scored)[number]) => ({ document: x.doc, highlight: {}, highlights: x.highlights, text_match: x.score });
    const base = { facet_counts: [], out_of: collection.docs.length, page: 1, request_params: { collection_name: collection.schema.name, per_page: perPage, q: s.q }, search_cutoff: false, search_time_ms: 0 };
    if (!groupBy) return { ...base, found: scored.length, hits: scored.slice(0, perPage).map(hitOf) };
    const groups = new Map<string, typeof scored>();
    for (const x of scored) {
      const key = String(x.doc[groupBy]);
      groups.set(key, [...(groups.get(key) ?? []), x]);
    }
    const grouped = [...groups.entries()].map(([key, xs]) => ({ found: xs.length, group_key: [key], hits: xs.slice(0, groupLimit).map(hitOf) }));
    return { ...base, found: grouped.length, found_docs: scored.length, grouped_hits: grouped.slice(0, perPage) };
  }
}

// ---------------------------------------------------------------------------
// A small site for the indexer: the two docs homes, a doc with sections, another doc.

export const fixtureFiles: Readonly<Record<string, string>> = {
  'kennisbank/index.md': '---\ntitle: Kennisbank\n---\n\nWelkom.\n',
  'communities/index.md': '---\ntitle: Communities\n---\n\nSamen.\n',
  'tags.yml': minimalTags,
  'blog/authors.yml': minimalAuthors,
  'kennisbank/webhooks.md': '---\ntitle: Webhooks\ntags: [api]\n---\n\nIntro over webhooks.\n\n## Bezorging\n\nMet retries.\n\n### Handtekening\n\n- Een HMAC over de body\n\n## Categorieën\n\nIndeling.\n',
  'kennisbank/oauth.md': '---\ntitle: OAuth\ntags: [security]\n---\n\nAutorisatie.\n\n## Tokens\n\nKort geldig.\n',
};

/** Writes `fixtureFiles` under `dir/content` and returns that folder. */
export function writeFixtureContent(dir: string): string {
  const content = path.join(dir, 'content');
  for (const [file, text] of Object.entries(fixtureFiles)) {
    fs.mkdirSync(path.dirname(path.join(content, file)), { recursive: true });
    fs.writeFileSync(path.join(content, file), text);
  }
  return content;
}

/** dist-config/site.yml with the Typesense backend on 127.0.0.1:port. */
export const typesenseConfig = (port: number, searchKey: string): string =>
  configText.replace('  backend: embedded\n', `  backend: typesense\n  typesense:\n    host: 127.0.0.1\n    port: ${port}\n    protocol: http\n    searchOnlyKey: ${searchKey}\n`);
