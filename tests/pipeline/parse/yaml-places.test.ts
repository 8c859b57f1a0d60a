import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, stringify, type Document } from 'yaml';
import { parseYaml, type StoredYaml } from '../../../pipeline/stages/parse/yaml.ts';
import { repairYamlQuirks } from '../../../pipeline/stages/parse/yaml-quirks.ts';
import { Store } from '../../../pipeline/memo.ts';
import { problemsOf, valueOf } from '../../../pipeline/result.ts';
import type { Place } from '../../../pipeline/problem.ts';
import type { FieldPath } from '../../../pipeline/types.ts';

const places = suite('parse: YAML places as data');
const nbsp = '\u00a0';

/**
 * The reference: `locate` walking the YAML document itself, as parseYaml did
 * before its places were kept as data (the same document: repaired quirks
 * included, with their column mapping).
 */
function locateInDocument(text: string, firstLine: number): ((path: FieldPath) => Place) | null {
  let lineCounter = new LineCounter();
  let column = (_line: number, col: number) => col;
  let doc: Document;
  try {
    doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
    const repaired = doc.errors.length > 0 ? repairYamlQuirks(text) : null;
    if (repaired) {
      const counter = new LineCounter();
      const again = parseDocument(repaired.text, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
      if (again.errors.length === 0) [doc, lineCounter, column] = [again, counter, repaired.column];
    }
  } catch {
    return null;
  }
  const at = (offset: number | undefined): Place => {
    if (offset === undefined) return { line: firstLine, column: 1 };
    const pos = lineCounter.linePos(offset);
    return { line: pos.line + firstLine - 1, column: column(pos.line, pos.col) };
  };
  return (path) => {
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
}

/** Every path into `value`, and each with a step that is not there. */
function pathsInto(value: unknown, prefix: FieldPath = []): FieldPath[] {
  const here: FieldPath[] = [prefix, [...prefix, 'ontbreekt'], [...prefix, 7]];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, i) => pathsInto(item, [...prefix, i]))];
  if (typeof value === 'object' && value !== null) return [...here, ...Object.entries(value).flatMap(([k, v]) => pathsInto(v, [...prefix, k]))];
  return here;
}

const key = fc.constantFrom('title', 'tags', 'a', 'b', '0', '1', 'true', 'null', 'met spatie', 'sidebar_position');
const leaf = fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.boolean(), fc.constant(null), fc.constantFrom('a\nb', ' spaties ', '#', ': x', '- y', '*alias', '&anker'));
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('list'), tie('map')),
  list: fc.array(tie('node'), { maxLength: 4 }),
  map: fc.dictionary(key, tie('node'), { maxKeys: 4 }),
})).node;
const style = fc.record({ indent: fc.integer({ min: 1, max: 4 }), collectionStyle: fc.constantFrom<'any' | 'block' | 'flow'>('any', 'block', 'flow') });
const loosePath = fc.array(fc.oneof(key, fc.constantFrom('c', 'k'), fc.integer({ min: -1, max: 5 })), { maxLength: 4 });
/** Text that is often no valid YAML: quirks, aliases, tags, syntax errors. */
const piece = fc.constantFrom('title', 'tags', 'a', ':', ': ', '- ', '"', "'", '[', ']', '{', '}', ',', ' ', '  ', nbsp, '\t', '\n', '\n', '\n  ', 'b c', '#', '|', '&x ', '*x', '!!str ', '? ', '1');

const sameLocate = (text: string, firstLine: number, paths: ReadonlyArray<FieldPath>): void => {
  const reference = locateInDocument(text, firstLine);
  const read = valueOf(parseYaml(text, 'content/x.md', firstLine));
  if (!reference || !read) return;
  for (const path of paths) assert.equal(read.locate(path), reference(path), JSON.stringify({ text, path }));
};

places('locate from the kept places equals locate from the YAML document, for YAML written from generated values', () => {
  fc.assert(fc.property(value, style, fc.integer({ min: 1, max: 4 }), fc.array(loosePath, { maxLength: 4 }), (data, options, firstLine, extra) => {
    const text = stringify(data, options);
    sameLocate(text, firstLine, [...pathsInto(data), ...extra]);
  }), { numRuns: 300 });
});

/** Nodes a path cannot enter or that hold no key: aliases, pairs in a flow list, complex keys, tags. */
const oddNodes = ['- &a x\n- *a\n- [k: v]\n- {b: 1}\n', 'a: &x {b: 1}\nc: *x\n', '[a: 1, b, [c]]\n', '? [a]\n: b\nc: d\n', 'a: !!str 1\nb:\n  - !x {c: 1}\n', '- - - a\n  - b\n- c: d\n'];

places('locate from the kept places equals locate from the YAML document, for generated text (quirks, aliases, errors)', () => {
  fc.assert(fc.property(fc.oneof(fc.array(piece, { maxLength: 40 }), fc.constantFrom(...oddNodes).map((t) => [t])), fc.array(loosePath, { minLength: 1, maxLength: 6 }), (pieces, paths) => {
    const text = pieces.join('');
    const read = valueOf(parseYaml(text, 'content/x.md', 2));
    sameLocate(text, 2, [...paths, ...pathsInto(read?.data)]);
  }), { numRuns: 400 });
});

/** A store as the next build reads it: through JSON. */
const reloaded = (store: Store<StoredYaml>): Store<StoredYaml> =>
  new Store(new Map(Object.entries(JSON.parse(JSON.stringify(Object.fromEntries(store.entries()))) as Record<string, StoredYaml>)));

places('YAML read from the store (after JSON) gives the data, keys and places a fresh parse gives, and is not parsed again', () => {
  fc.assert(fc.property(value, style, fc.array(loosePath, { maxLength: 4 }), (data, options, extra) => {
    const text = stringify(data, options);
    const fresh = parseYaml(text, 'content/x.md', 2);
    const first = new Store<StoredYaml>();
    parseYaml(text, 'content/x.md', 2, first);
    const store = reloaded(first);
    const again = parseYaml(text, 'content/x.md', 2, store);
    assert.is(store.misses, first.entries().size === 0 ? 1 : 0);
    assert.equal(problemsOf(again), problemsOf(fresh));
    const [a, b] = [valueOf(again)!, valueOf(fresh)!];
    assert.equal([a.data, a.keys, a.ok], [b.data, b.keys, b.ok]);
    for (const path of [...pathsInto(data), ...extra]) assert.equal(a.locate(path), b.locate(path));
  }), { numRuns: 200 });
});

places('keeps only YAML without problems and with data JSON gives back as it is', () => {
  const store = new Store<StoredYaml>();
  parseYaml('title: X\ntags: [a, b]\n', 'content/a.md', 2, store);
  assert.is(store.entries().size, 1);
  const deep = (n: number) => `a: ${'['.repeat(n)}${']'.repeat(n)}\n`;
  for (const text of ['title: X\ntitle: Y\n', 'tags: [api\n', 'tags: *lijst\n', 'a: .inf\n', 'a: -0\n', 'a: .nan\n', `description: "Een\n${nbsp}tekst"\n`, deep(100), deep(20000)]) {
    const kept = new Store<StoredYaml>();
    const fresh = parseYaml(text, 'content/a.md', 2);
    const read = parseYaml(text, 'content/a.md', 2, kept);
    assert.is(kept.entries().size, 0, text.slice(0, 40));
    // (Where the parser's stack runs out, and how many problems that gives, depends on the caller's stack: for that one only which codes.)
    const said = (r: typeof read) => (text === deep(20000) ? [...new Set(problemsOf(r).map((p) => p.code))] : problemsOf(r));
    assert.equal(said(read), said(fresh));
    assert.equal(valueOf(read)?.data, valueOf(fresh)?.data);
  }
});

places('the same text on another first line is another entry: its places count from that line', () => {
  const store = new Store<StoredYaml>();
  const text = 'title: X\ntags:\n  - api\n';
  assert.equal(valueOf(parseYaml(text, 'a.yml', 1, store))?.locate(['tags', 0]), { line: 3, column: 5 });
  assert.equal(valueOf(parseYaml(text, 'content/a.md', 2, store))?.locate(['tags', 0]), { line: 4, column: 5 });
  assert.is(store.entries().size, 2);
});

places.run();
