/**
 * The pure half of the Typesense indexer (`npm run search:index`): the
 * collection schema from dist-config, collection and alias names, search
 * records as Typesense documents, JSONL batches, and the per-line import
 * result read back as data. The HTTP calls are in pipeline/io/typesense.ts.
 */
import * as t from 'io-ts';
import type { SearchRecord } from '../search-records.ts';
import { parseData } from '../parse.ts';
import { decode } from '../validate.ts';
import { problemsOf, valueOf } from '../../result.ts';
import type { Problem } from '../../problem.ts';

// ---------------------------------------------------------------------------
// Schema (dist-config/typesense-schema.yml)

const FieldType = t.keyof({
  string: null, 'string[]': null, int32: null, 'int32[]': null, int64: null, 'int64[]': null,
  float: null, 'float[]': null, bool: null, 'bool[]': null, auto: null, 'string*': null,
});

export const CollectionField = t.intersection([
  t.type({ name: t.string, type: FieldType }),
  t.partial({ facet: t.boolean, optional: t.boolean, index: t.boolean, sort: t.boolean, infix: t.boolean, locale: t.string }),
]);
export type CollectionField = t.TypeOf<typeof CollectionField>;

/** The schema file: everything of a Typesense collection except its name. */
export const CollectionSettings = t.intersection([
  t.type({ fields: t.array(CollectionField) }),
  t.partial({ default_sorting_field: t.string, token_separators: t.array(t.string), symbols_to_index: t.array(t.string) }),
]);
export type CollectionSettings = t.TypeOf<typeof CollectionSettings>;

export interface CollectionSchema extends CollectionSettings { readonly name: string }

/** Reads and checks the schema file; problems point at the line, like the site configuration's. */
export function readCollectionSettings(text: string, display: string): { settings: CollectionSettings | null; problems: Problem[] } {
  const parsed = parseData({ path: 'typesense-schema.yml', display, text });
  const yaml = valueOf(parsed)?.yaml;
  if (problemsOf(parsed).length || !yaml?.ok) return { settings: null, problems: [...problemsOf(parsed)] };
  const settings = decode(CollectionSettings, yaml.data, display, yaml.locate, 'het Typesense-schema', 'config-invalid');
  return { settings: valueOf(settings), problems: [...problemsOf(settings)] };
}

// ---------------------------------------------------------------------------
// Names

/** The alias and collection names the pages search too: in pipeline/published.ts, which the theme reads. */
export { aliasName, searchCollection } from '../../published.ts';

/** A new collection per run, `developer_overheid_20261122T120501Z`, so the alias can swap in one step. */
export function versionedName(alias: string, now: Date): string {
  const stamp = now.toISOString().replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '');
  return `${alias}_${stamp}`;
}

// ---------------------------------------------------------------------------
// Documents

/** One record as Typesense stores it: the DocSearch scraper's shape, absolute URLs, no nulls. */
export type TypesenseDocument = Readonly<Record<string, string | number | ReadonlyArray<string>>>;

const levels = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

/**
 * Absolute URLs, as the DocSearch scraper writes them for the API and OSS
 * registers that share the collection format; the adapter turns the site's
 * own URLs back into paths. Typesense ids may not need URL encoding, so the
 * record's `objectID` stays a plain field and Typesense assigns the id.
 */
export function typesenseDocument(record: SearchRecord, siteUrl: string): TypesenseDocument {
  const origin = siteUrl.replace(/\/+$/, '');
  const doc: Record<string, string | number | ReadonlyArray<string>> = {
    objectID: record.objectID,
    url: origin + record.url,
    url_without_anchor: origin + record.url_without_anchor,
    type: record.type,
    language: record.language,
    docusaurus_tag: record.docusaurus_tag,
    item_priority: record.item_priority,
    tags: record.tags,
  };
  if (record.anchor) doc.anchor = record.anchor;
  if (record.content) doc.content = record.content;
  for (const level of levels) {
    const value = record.hierarchy[level];
    if (value) doc[`hierarchy.${level}`] = value;
  }
  return doc;
}

/** JSONL bodies of at most `size` documents each, in record order. */
export function jsonlBatches(docs: ReadonlyArray<TypesenseDocument>, size: number): string[] {
  const batches: string[] = [];
  for (let i = 0; i < docs.length; i += Math.max(1, size)) {
    batches.push(docs.slice(i, i + Math.max(1, size)).map((d) => JSON.stringify(d)).join('\n'));
  }
  return batches;
}

// ---------------------------------------------------------------------------
// Import results

/** A document Typesense did not accept: its line in the batch and Typesense's reason. */
export interface ImportFailure {
  /** 1-based position among all documents of the run. */
  readonly position: number;
  readonly error: string;
  /** The record's objectID (URL and record number), when the line named it. */
  readonly objectID: string | null;
}

export interface ImportCheck {
  readonly imported: number;
  readonly failures: ReadonlyArray<ImportFailure>;
}

const objectIdOf = (document: unknown): string | null => {
  if (typeof document !== 'string') return null;
  try {
    const parsed = JSON.parse(document) as { objectID?: unknown };
    return typeof parsed.objectID === 'string' ? parsed.objectID : null;
  } catch {
    return null;
  }
};

type ImportLine = { readonly success?: unknown; readonly error?: unknown; readonly document?: unknown };

const parseLine = (line: string): ImportLine | null => {
  try {
    const parsed: unknown = JSON.parse(line);
    return typeof parsed === 'object' && parsed !== null ? parsed as ImportLine : null;
  } catch {
    return null;
  }
};

/**
 * Reads the import response: one JSON object per line, `{"success":true}` or
 * `{"success":false,"error":"…","document":"…"}` (HTTP 200 either way). A line
 * that is not such an object, or a missing line, counts as a failure too: only
 * a complete, all-true answer is a successful batch.
 */
export function checkImport(response: string, sent: number, offset = 0): ImportCheck {
  const lines = response.split('\n').filter((l) => l.trim() !== '');
  const failures: ImportFailure[] = [];
  let imported = 0;
  lines.forEach((line, i) => {
    const result = parseLine(line);
    if (result?.success === true) imported++;
    else {
      failures.push({
        position: offset + i + 1,
        error: typeof result?.error === 'string' ? result.error : `onleesbaar antwoord: ${line.slice(0, 80)}`,
        objectID: objectIdOf(result?.document),
      });
    }
  });
  if (lines.length < sent) {
    failures.push({ position: offset + lines.length + 1, error: `Typesense gaf ${lines.length} resultaten voor ${sent} documenten`, objectID: null });
  }
  return { imported, failures };
}

// ---------------------------------------------------------------------------
// Secrets

/** Replaces every occurrence of each secret (at least 4 characters) in a message. */
export function redact(text: string, secrets: ReadonlyArray<string | undefined>): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.split(secret).join('[verborgen]');
  }
  return out;
}
