/**
 * Effect edge: the Typesense admin calls of `npm run search:index`, made with
 * the official client (the `typesense` package). Every call answers with data,
 * `{ ok: true, value }` or `{ ok: false, error }`; nothing here throws. Error
 * messages pass through `redact`, so the admin key can never reach a log.
 *
 * `publishCollection` is the whole run: create a new collection, import the
 * batches, and only when every document was accepted point the alias at it and
 * delete the collection the alias pointed at before. A failure before the swap
 * deletes the new collection and leaves the alias (and so the live search) as it was.
 */
import { Client, Errors } from 'typesense';
import type { CollectionCreateSchema } from 'typesense/lib/Typesense/Collections.js';
import { checkImport, redact, type CollectionSchema, type ImportFailure } from '../stages/server-config/typesense-schema.ts';

export interface TypesenseConnection {
  readonly host: string;
  readonly port: number;
  readonly protocol: string;
  /** The admin key, from TYPESENSE_ADMIN_KEY only. */
  readonly apiKey: string;
  /** Per request, for every call except the import. */
  readonly timeoutSeconds: number;
  /** Per import batch: Typesense indexes a batch before it answers. */
  readonly importTimeoutSeconds: number;
  /** Retries on a network error or HTTP 5xx (the client's own retry). */
  readonly retries: number;
}

export type AdminErrorKind = 'unauthorized' | 'not-found' | 'exists' | 'rejected' | 'server' | 'network' | 'timeout';

export interface AdminError {
  readonly kind: AdminErrorKind;
  readonly status: number | null;
  /** What Typesense or the network said, with the key removed. */
  readonly detail: string;
}

export type Outcome<A> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly error: AdminError };

/** The five calls the indexer needs, as Typesense documents them. */
export interface TypesenseAdmin {
  /** POST /collections */
  createCollection(schema: CollectionSchema): Promise<Outcome<void>>;
  /** POST /collections/{name}/documents/import?action=create, a JSONL body; the JSONL answer. */
  importDocuments(collection: string, jsonl: string): Promise<Outcome<string>>;
  /** GET /aliases/{alias}: the collection it points at, or null (404) when there is no such alias. */
  aliasTarget(alias: string): Promise<Outcome<string | null>>;
  /** PUT /aliases/{alias} `{ collection_name }` */
  setAlias(alias: string, collection: string): Promise<Outcome<void>>;
  /** DELETE /collections/{name} */
  deleteCollection(name: string): Promise<Outcome<void>>;
}

function classify(err: unknown, secrets: ReadonlyArray<string>): AdminError {
  const message = redact(err instanceof Error ? err.message : String(err), secrets);
  const status = err instanceof Errors.TypesenseError ? err.httpStatus ?? null : null;
  if (err instanceof Errors.RequestUnauthorized || status === 403) return { kind: 'unauthorized', status, detail: message };
  if (err instanceof Errors.ObjectNotFound) return { kind: 'not-found', status, detail: message };
  if (err instanceof Errors.ObjectAlreadyExists) return { kind: 'exists', status, detail: message };
  if (err instanceof Errors.RequestMalformed || err instanceof Errors.ObjectUnprocessable) return { kind: 'rejected', status, detail: message };
  if (status !== null) return { kind: 'server', status, detail: message };
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'ECONNABORTED' || code === 'ETIMEDOUT' || /timeout/i.test(message)) return { kind: 'timeout', status: null, detail: message };
  return { kind: 'network', status: null, detail: message };
}

/** The official client's calls, each caught into an Outcome. */
export function typesenseAdmin(connection: TypesenseConnection): TypesenseAdmin {
  const client = new Client({
    nodes: [{ host: connection.host, port: connection.port, protocol: connection.protocol }],
    apiKey: connection.apiKey,
    connectionTimeoutSeconds: connection.timeoutSeconds,
    numRetries: connection.retries,
    retryIntervalSeconds: 0.2,
    // The client's own log lines are English and name nodes; we report in Dutch ourselves.
    logLevel: 'silent',
  });
  const secrets = [connection.apiKey];
  const attempt = async <A>(call: () => Promise<A>, timeoutMs = 0): Promise<Outcome<A>> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      // The client sets no timeout on imports ("let them take as long as it takes"); we do, so a hung server cannot hang the run.
      const timeout = timeoutMs > 0
        ? new Promise<never>((_, reject) => { timer = setTimeout(() => reject(Object.assign(new Error(`timeout of ${timeoutMs}ms exceeded`), { code: 'ETIMEDOUT' })), timeoutMs); })
        : null;
      const value = await (timeout ? Promise.race([call(), timeout]) : call());
      return { ok: true, value };
    } catch (err) {
      return { ok: false, error: classify(err, secrets) };
    } finally {
      if (timer) clearTimeout(timer);
    }
  };
  return {
    createCollection: (schema) => attempt(async () => {
      // The client's types want mutable arrays; the schema is only read.
      await client.collections().create(structuredClone(schema) as CollectionCreateSchema);
    }),
    importDocuments: (collection, jsonl) => attempt(
      () => client.collections(collection).documents().import(jsonl, { action: 'create' }),
      connection.importTimeoutSeconds * 1000,
    ),
    aliasTarget: async (alias) => {
      const result = await attempt(() => client.aliases(alias).retrieve());
      if (result.ok) return { ok: true, value: result.value.collection_name };
      return result.error.kind === 'not-found' ? { ok: true, value: null } : result;
    },
    setAlias: (alias, collection) => attempt(async () => { await client.aliases().upsert(alias, { collection_name: collection }); }),
    deleteCollection: (name) => attempt(async () => { await client.collections(name).delete(); }),
  };
}

// ---------------------------------------------------------------------------
// The run

export interface PublishPlan {
  readonly alias: string;
  /** The new, versioned collection: `developer_overheid_20261122T120501Z`. */
  readonly collection: string;
  readonly schema: CollectionSchema;
  /** JSONL bodies and how many documents each holds. */
  readonly batches: ReadonlyArray<{ readonly jsonl: string; readonly count: number }>;
}

export type PublishStep = 'create' | 'import' | 'alias-read' | 'alias-swap';

export type PublishResult =
  | {
    readonly ok: true;
    readonly imported: number;
    /** The collection the alias pointed at before, if any. */
    readonly previous: string | null;
    /** Null when the old collection was deleted (or there was none); the error when deleting it failed. */
    readonly cleanupError: AdminError | null;
  }
  | {
    readonly ok: false;
    readonly step: PublishStep;
    /** The call that failed, or null when the import answered but rejected documents. */
    readonly error: AdminError | null;
    readonly failures: ReadonlyArray<ImportFailure>;
    readonly imported: number;
    /** Whether the new collection is gone again (always true when it was never made). */
    readonly removedNew: boolean;
  };

/** Progress lines for the operator, one per step. */
export type Progress =
  | { readonly step: 'created'; readonly collection: string }
  | { readonly step: 'batch'; readonly index: number; readonly of: number; readonly imported: number }
  | { readonly step: 'swapped'; readonly alias: string; readonly collection: string; readonly previous: string | null }
  | { readonly step: 'deleted'; readonly collection: string };

export async function publishCollection(admin: TypesenseAdmin, plan: PublishPlan, progress: (p: Progress) => void = () => {}): Promise<PublishResult> {
  const created = await admin.createCollection(plan.schema);
  if (!created.ok) return { ok: false, step: 'create', error: created.error, failures: [], imported: 0, removedNew: true };
  progress({ step: 'created', collection: plan.collection });

  const abandon = async (step: PublishStep, error: AdminError | null, failures: ReadonlyArray<ImportFailure>, imported: number): Promise<PublishResult> => {
    const removed = await admin.deleteCollection(plan.collection);
    return { ok: false, step, error, failures, imported, removedNew: removed.ok };
  };

  let imported = 0;
  let offset = 0;
  for (const [i, batch] of plan.batches.entries()) {
    const answer = await admin.importDocuments(plan.collection, batch.jsonl);
    if (!answer.ok) return abandon('import', answer.error, [], imported);
    const check = checkImport(answer.value, batch.count, offset);
    imported += check.imported;
    if (check.failures.length) return abandon('import', null, check.failures, imported);
    offset += batch.count;
    progress({ step: 'batch', index: i + 1, of: plan.batches.length, imported });
  }

  // Read the alias just before swapping it, so "previous" is what searches use right now.
  const previous = await admin.aliasTarget(plan.alias);
  if (!previous.ok) return abandon('alias-read', previous.error, [], imported);
  const swapped = await admin.setAlias(plan.alias, plan.collection);
  if (!swapped.ok) return abandon('alias-swap', swapped.error, [], imported);
  progress({ step: 'swapped', alias: plan.alias, collection: plan.collection, previous: previous.value });

  let cleanupError: AdminError | null = null;
  if (previous.value && previous.value !== plan.collection) {
    const deleted = await admin.deleteCollection(previous.value);
    if (deleted.ok) progress({ step: 'deleted', collection: previous.value });
    else cleanupError = deleted.error;
  }
  return { ok: true, imported, previous: previous.value, cleanupError };
}
