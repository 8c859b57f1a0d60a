/**
 * YAML (frontmatter and data files; JSON is YAML too) read with positions, so
 * that a later message about a field points at the line where it was written.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import { error, warning, type Place, type Problem } from '../../problem.ts';
import { ok, withProblems, type Problems, type Result } from '../../result.ts';
import { repairYamlQuirks, type YamlQuirk } from './yaml-quirks.ts';
import type { FieldPath, YamlData } from '../../types.ts';

const reason = (e: unknown): string => (e instanceof Error ? e.message : String(e)).split('\n')[0] ?? '';

/**
 * Reads YAML text that starts on `firstLine` of the file `display`. Always a
 * value: YAML that cannot be read gives `ok: false` with the problems saying
 * why, so the file's other parts (its Markdown) are still read.
 */
export function parseYaml(text: string, display: string, firstLine = 1): Result<YamlData> {
  let lineCounter = new LineCounter();
  let doc: Document;
  let column = (_line: number, col: number) => col;
  let quirks: Problem[] = [];
  try {
    doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
    // What Docusaurus' parser reads and the YAML specification does not is read as Docusaurus reads it, with a warning.
    const repaired = doc.errors.length > 0 ? repairYamlQuirks(text) : null;
    if (repaired) {
      const counter = new LineCounter();
      const again = parseDocument(repaired.text, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
      if (again.errors.length === 0) {
        [doc, lineCounter, column] = [again, counter, repaired.column];
        quirks = repaired.quirks.map((q) => quirkWarning(q, display, firstLine));
      }
    }
  } catch (e) {
    // Only for YAML the parser cannot even hold (thousands of nested brackets overflow its stack).
    const place = { line: firstLine, column: 1 };
    return withProblems({ data: null, keys: [], locate: () => place, ok: false },
      [error('yaml-syntax', display, place, `De YAML kan niet worden gelezen (${reason(e)}): ze is te diep genest. Schrijf de waarden eenvoudiger op.`)]);
  }
  const at = (offset: number | undefined): Place => {
    if (offset === undefined) return { line: firstLine, column: 1 };
    const pos = lineCounter.linePos(offset);
    return { line: pos.line + firstLine - 1, column: column(pos.line, pos.col) };
  };
  const locate = (path: FieldPath): Place => {
    // Walk as deep as the path exists: a field points at its key, a list item at the item.
    let node: unknown = doc.contents;
    let place = at(doc.contents?.range?.[0]);
    for (const segment of path) {
      if (isMap(node)) {
        const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(segment));
        if (!pair || !isScalar(pair.key)) break;
        place = at(pair.key.range?.[0]);
        node = pair.value;
      } else if (isSeq(node) && typeof segment === 'number') {
        const item: unknown = node.items[segment];
        if (!(isScalar(item) || isMap(item) || isSeq(item))) break;
        place = at(item.range?.[0]);
        node = item;
      } else break;
    }
    return place;
  };
  const keys = isMap(doc.contents)
    ? doc.contents.items.flatMap((p) => (isScalar(p.key) ? [{ key: String(p.key.value), place: at(p.key.range?.[0]) }] : []))
    : [];
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
