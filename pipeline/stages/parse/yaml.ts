/**
 * YAML (frontmatter and data files; JSON is YAML too) read with positions, so
 * that a later message about a field points at the line where it was written.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import { error, warning, type Place, type Problem } from '../../problem.ts';
import { ok, problemsOf, valueOf, withProblems, type Problems, type Result } from '../../result.ts';
import { repairYamlQuirks, type YamlQuirk } from './yaml-quirks.ts';
import type { FieldPath, YamlData } from '../../types.ts';
import type { Store } from '../../memo.ts';
export type { YamlSpots, YamlPlaces, StoredYaml } from '../../types.ts';
import type { YamlSpots, YamlPlaces, StoredYaml } from '../../types.ts';

const reason = (e: unknown): string => (e instanceof Error ? e.message : String(e)).split('\n')[0] ?? '';

/**
 * Reads YAML text that starts on `firstLine` of the file `display`. Always a
 * value: YAML that cannot be read gives `ok: false` with the problems saying
 * why, so the file's other parts (its Markdown) are still read. With a store
 * (the build cache, pipeline/memo.ts), text read before without a problem is
 * not parsed again: its data and places come from the store, keyed by the
 * text and its first line (places count from it).
 */
export function parseYaml(text: string, display: string, firstLine = 1, store?: Store<StoredYaml>): Result<YamlData> {
  if (!store) return readYaml(text, display, firstLine).result;
  const key = store.keyOf(['yaml', firstLine, text]);
  const kept = store.find(key);
  if (kept) return ok({ data: kept.data, keys: keysOf(kept.places), locate: locateIn(kept.places), ok: true });
  const { result, keep } = readYaml(text, display, firstLine);
  if (keep) store.put(key, keep);
  return result;
}

/**
 * The YAML read, and what a store may keep of it: only YAML without problems
 * (a problem names the file, the key does not) and with data that JSON gives
 * back as it is.
 */
function readYaml(text: string, display: string, firstLine: number): { readonly result: Result<YamlData>; readonly keep: StoredYaml | null } {
  let places: YamlPlaces | null = null;
  const result = yamlResult(text, display, firstLine, (p) => { places = p; });
  const read = valueOf(result);
  const keep = places && read?.ok && problemsOf(result).length === 0 && jsonSafe(read.data) ? { data: read.data, places } : null;
  return { result, keep };
}

/** The YAML read; `seen` gets its places once the document is there. */
function yamlResult(text: string, display: string, firstLine: number, seen: (places: YamlPlaces) => void): Result<YamlData> {
  let lineCounter = new LineCounter();
  let doc: Document;
  let column = (_line: number, col: number) => col;
  let quirks: Problem[] = [];
  try {
    // `logLevel: 'error'`: the library would print its own notes (a collection as a key becomes text) on the
    // process's stderr, and a stage writes nothing; what the build must say comes out as problems.
    doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, logLevel: 'error' });
    // What Docusaurus' parser reads and the YAML specification does not is read as Docusaurus reads it, with a warning.
    const repaired = doc.errors.length > 0 ? repairYamlQuirks(text) : null;
    if (repaired) {
      const counter = new LineCounter();
      const again = parseDocument(repaired.text, { lineCounter: counter, prettyErrors: false, uniqueKeys: true, logLevel: 'error' });
      if (again.errors.length === 0) {
        [doc, lineCounter, column] = [again, counter, repaired.column];
        quirks = repaired.quirks.map((q) => quirkWarning(q, display, firstLine));
      }
    }
  } catch (e) {
    // Only for YAML the parser cannot even hold (thousands of nested brackets overflow its stack).
    return tooDeep(e, display, firstLine);
  }
  const at = (offset: number | undefined): Place => {
    if (offset === undefined) return { line: firstLine, column: 1 };
    const pos = lineCounter.linePos(offset);
    return { line: pos.line + firstLine - 1, column: column(pos.line, pos.col) };
  };
  let places: YamlPlaces;
  try {
    places = yamlPlaces(doc, at);
  } catch (e) {
    // Walking a document nested about as deep as the parser could hold.
    return tooDeep(e, display, firstLine);
  }
  seen(places);
  const locate = locateIn(places);
  const keys = keysOf(places);
  const unreadable = (problems: Problems): Result<YamlData> =>
    withProblems({ data: null, keys, locate, ok: false }, problems);
  const syntax = doc.errors.map((e) =>
    error('yaml-syntax', display, at(e.pos[0]),
      `De YAML kan niet worden gelezen: ${e.message.split('\n')[0]}. Controleer inspringing, dubbele punten en aanhalingstekens.`),
  );
  if (syntax.length > 0) return unreadable(syntax);
  try {
    return withProblems({ data: doc.toJS({ maxAliasCount: 100 }), keys, locate, ok: true }, quirks);
  } catch (e) {
    // Unresolved or runaway aliases (`*naam` without `&naam`) only show up when converting.
    const alias = /alias/i.test(String(e));
    return unreadable([error('yaml-syntax', display, aliasPlace(text, at),
      alias ? 'De YAML gebruikt een alias (*naam) die niet bestaat of te vaak wordt herhaald. Definieer het anker (&naam) of schrijf de waarde uit.'
        : `De YAML kan niet worden gelezen: ${e instanceof Error ? e.message : String(e)}.`)]);
  }
}

/** YAML nested too deep to read, as a problem at its first line. */
function tooDeep(e: unknown, display: string, firstLine: number): Result<YamlData> {
  const place = { line: firstLine, column: 1 };
  return withProblems({ data: null, keys: [], locate: () => place, ok: false },
    [error('yaml-syntax', display, place, `De YAML kan niet worden gelezen (${reason(e)}): ze is te diep genest. Schrijf de waarden eenvoudiger op.`)]);
}

/**
 * Whether JSON gives `value` back equal: plain objects and arrays of strings,
 * booleans, null and finite numbers (not -0), at most 64 levels deep (the
 * store's JSON is written and read recursively). What YAML reads beyond that
 * (`.inf`, `.nan`, `-0`, a tagged value, deep nesting) is parsed in every build instead.
 */
function jsonSafe(value: unknown, depth = 0): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (typeof value !== 'object' || depth >= 64) return false;
  if (Array.isArray(value)) return value.every((item) => jsonSafe(item, depth + 1));
  const proto: unknown = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && Object.values(value).every((item) => jsonSafe(item, depth + 1));
}

/** The warning for one quirk: what Docusaurus tolerated, on which line, and how to write it by the rules. */
function quirkWarning(quirk: YamlQuirk, display: string, firstLine: number): Problem {
  const place = { line: quirk.line + firstLine - 1, column: 1 };
  if (quirk.kind === 'tab-indent') {
    return warning('yaml-quirk', display, place,
      'Deze regel springt in met een tab. De YAML-standaard verbiedt tabs als inspringing; Docusaurus leest de regel alsof de tabs er niet staan, en de build doet hetzelfde. Spring in met spaties, bijvoorbeeld twee per niveau.');
  }
  return warning('yaml-quirk', display, place, quirk.kind === 'no-break-space-indent'
    ? 'Deze regel springt in met een harde spatie (U+00A0) in plaats van gewone spaties. Docusaurus leest dat, de YAML-standaard niet; de build leest het zoals Docusaurus. Vervang de harde spaties door gewone spaties.'
    : 'De tekst tussen aanhalingstekens (of de lijst tussen haken) van de regel erboven loopt hier door zonder in te springen. Docusaurus leest dat, de YAML-standaard niet; de build leest het zoals Docusaurus. Laat deze regel verder inspringen dan de regel waar de waarde begint.');
}

/** The place of the first alias (`*naam`) in YAML text, or its start. */
function aliasPlace(text: string, at: (offset: number | undefined) => Place): Place {
  const match = /(^|[\s:[,{-])\*[^\s,\]}]+/m.exec(text);
  return at(match ? match.index + match[1]!.length : undefined);
}

function yamlPlaces(doc: Document, at: (offset: number | undefined) => Place): YamlPlaces {
  const spots = (node: unknown): YamlSpots => {
    if (isMap(node)) {
      return {
        map: node.items.flatMap((pair) => {
          if (!isScalar(pair.key)) return [];
          const { line, column } = at(pair.key.range?.[0]);
          return [[String(pair.key.value), line, column, spots(pair.value)] as const];
        }),
      };
    }
    if (isSeq(node)) {
      return {
        list: node.items.map((item: unknown) => {
          if (!(isScalar(item) || isMap(item) || isSeq(item))) return null;
          const { line, column } = at(item.range?.[0]);
          return [line, column, spots(item)] as const;
        }),
      };
    }
    return null;
  };
  return { at: at(doc.contents?.range?.[0]), spots: spots(doc.contents) };
}

/** A field path's place: as deep as the path exists, a field at its key, a list item at the item. */
export const locateIn = (places: YamlPlaces) => (path: FieldPath): Place => {
  let node = places.spots;
  let place = places.at;
  for (const segment of path) {
    if (node !== null && 'map' in node) {
      const name = String(segment);
      const entry = node.map.find((e) => e[0] === name);
      if (!entry) break;
      place = { line: entry[1], column: entry[2] };
      node = entry[3];
    } else if (node !== null && 'list' in node && typeof segment === 'number') {
      const item = node.list[segment];
      if (!item) break;
      place = { line: item[0], column: item[1] };
      node = item[2];
    } else break;
  }
  return place;
};

/** The document's top-level keys with their places (a document that is no map has none). */
const keysOf = (places: YamlPlaces): YamlData['keys'] =>
  places.spots !== null && 'map' in places.spots ? places.spots.map.map(([key, line, column]) => ({ key, place: { line, column } })) : [];
