/**
 * A store of the build cache on disk (pipeline/io/store-file.ts): a log of
 * key/value lines whose values are parsed when asked, appended to by each
 * build and rewritten when mostly dead. Whatever happened to the file, a
 * store read back holds only entries an earlier build wrote, with their values.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { Store } from '../../pipeline/memo.ts';
import { readStoreFile, readStoreFileSync, StoreFile, storeLine, writeStore } from '../../pipeline/io/store-file.ts';

const test = suite('build: a build-cache store on disk');

type Value = unknown;

let dir: string;
let file: string;
test.before.each(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-file-'));
  file = path.join(dir, 'store.json');
});
test.after.each(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What a store read from `file` holds, every value parsed. */
const contents = (at = file): Record<string, Value> => {
  const read = readStoreFileSync<Value>(at);
  return Object.fromEntries([...read.keys()].map((key) => [key, read.get(key)]));
};

/** One build: reads the store, asks `asked`, makes `made`, writes back; how it wrote. */
const build = (asked: ReadonlyArray<string>, made: Record<string, Value>, keep: (key: string) => boolean = () => false) => {
  const read = readStoreFileSync<Value>(file);
  const store = new Store<Value>(read);
  for (const key of asked) store.find(key);
  for (const [key, value] of Object.entries(made)) store.put(key, value);
  store.keepEarlier(keep);
  return writeStore(file, store, read);
};

test('should read back what it wrote, key for key and value for value', async () => {
  const made = { a: { tree: [1, 2, { x: 'ö €' }] }, b: 'tekst', c: 42, d: null, e: [true, false], f: '' };
  assert.is(build([], made), 'rewritten', 'a new file is written whole');
  assert.equal(contents(), made);
  const read = await readStoreFile<Value>(file);
  assert.equal(Object.fromEntries([...read.keys()].map((key) => [key, read.get(key)])), made, 'the same, read asynchronously');
});

test('should keep keys and values with tabs, newlines and quotes in them', () => {
  const made = { 'een\tsleutel\nmet "alles"\\': 'waarde\tmet\ntab\r\n', '\u2028\u0000': { '\t': '\n' }, [String.fromCharCode(0xd800)]: 'losse surrogaat' };
  build([], made);
  assert.equal(contents(), made);
  assert.is(fs.readFileSync(file, 'utf8').split('\n').length, 4, 'one line per entry');
});

test('should append the entries a build made and drop the keys it no longer keeps', () => {
  const big = 'x'.repeat(1000);
  build([], { a: big, b: big, c: big, d: big });
  const { ino, size } = fs.statSync(file);
  assert.is(build(['a', 'b', 'c'], { e: 'nieuw' }), 'appended');
  const after = fs.statSync(file);
  assert.is(after.ino, ino, 'the same file');
  assert.ok(after.size - size < 50, `${after.size - size} bytes added`);
  assert.equal(contents(), { a: big, b: big, c: big, e: 'nieuw' });
  assert.is(fs.readFileSync(file, 'utf8').slice(size), `${storeLine('e', '"nieuw"')}${storeLine('d')}`);
});

test('should write nothing when a build kept every entry and made none', () => {
  build([], { a: 1, b: 2 });
  const before = fs.statSync(file);
  assert.is(build(['a', 'b'], {}), 'appended');
  const after = fs.statSync(file);
  assert.equal([after.ino, after.size, after.mtimeMs], [before.ino, before.size, before.mtimeMs]);
});

test('should rewrite the file with the live entries once the dead lines are more than half of it', () => {
  const big = 'x'.repeat(1000);
  build([], { a: big, b: big, c: big, d: big });
  assert.is(build(['a', 'b', 'c'], {}), 'appended', 'a quarter dead');
  assert.is(build(['a'], {}), 'rewritten', 'three quarters dead');
  assert.is(fs.readFileSync(file, 'utf8'), storeLine('a', JSON.stringify(big)));
  // A value made again under the same key: the old line is dead too.
  build(['a'], { b: big });
  assert.is(build([], { a: 'ander', b: 'ander' }), 'rewritten');
  assert.equal(contents(), { a: 'ander', b: 'ander' });
  assert.is(fs.readdirSync(dir).length, 1, 'no temporary file left');
});

test('should keep earlier entries a build kept without asking, without parsing them', () => {
  fs.writeFileSync(file, `${storeLine('a', JSON.stringify({ v: 'x'.repeat(100) }))}${storeLine('b', '{"v":2}')}${storeLine('c', '{niet: json}')}`);
  const read = readStoreFileSync<Value>(file);
  const store = new Store<Value>(read);
  store.keepEarlier((key) => key !== 'a');
  assert.equal([...store.keys()], ['b', 'c']);
  assert.is(writeStore(file, store, read), 'rewritten', 'most of the file dead');
  assert.is(fs.readFileSync(file, 'utf8'), `${storeLine('b', '{"v":2}')}${storeLine('c', '{niet: json}')}`, 'copied as the file had them');
});

test('should write a value handed over as JSON as it came, and parse it only when asked', () => {
  build([], { a: 1 });
  const read = readStoreFileSync<Value>(file);
  const store = new Store<Value>(read);
  const json = '{"termen":["api","categorieen"],"aantallen":[2,1]}';
  store.putJson('b', json);
  assert.ok(store.touch('a'), 'an earlier entry is kept without its value being read');
  assert.not.ok(store.touch('c'), 'no entry to keep');
  assert.equal([...store.keys()], ['b', 'a']);
  assert.is(store.misses, 1, 'the handed-over value counts as made');
  assert.equal(store.find('b'), { termen: ['api', 'categorieen'], aantallen: [2, 1] });
  assert.is(writeStore(file, store, read), 'appended');
  assert.ok(fs.readFileSync(file, 'utf8').endsWith(storeLine('b', json)), 'the JSON as it came');
  assert.equal(contents(), { a: 1, b: { termen: ['api', 'categorieen'], aantallen: [2, 1] } });
});

test('should hand a value\'s JSON on as the file has it, keep it for the next build, and make it only when nobody kept its text', () => {
  fs.writeFileSync(file, `${storeLine('a', '{"termen": ["api"]}')}${storeLine('b', '[1,2]')}`);
  const read = readStoreFileSync<Value>(file);
  const store = new Store<Value>(read);
  assert.is(store.jsonOf('a'), '{"termen": ["api"]}', 'the text of the file, spaces and all: not parsed and made again');
  assert.ok(read.lineOf('a')!.raw !== null, 'still unparsed');
  assert.equal(store.find('b'), [1, 2]);
  assert.is(store.jsonOf('b'), '[1,2]', 'a value the build parsed: its JSON');
  store.putJson('c', '{"v":3}');
  store.put('d', { v: 4 });
  assert.is(store.jsonOf('c'), '{"v":3}');
  assert.is(store.jsonOf('d'), '{"v":4}');
  assert.is(store.jsonOf('e'), undefined);
  assert.equal([...store.keys()].sort(), ['a', 'b', 'c', 'd'], 'each is kept for the next build');
});

test('should keep values as the file\'s bytes until asked, and give the same text and values as when kept as text', () => {
  const made = { boom: { type: 'root', children: [{ type: 'text', value: 'Één “citaat” — en € 5' }] }, tekst: 'ö\t€', getal: -1.5, lijst: [null, true], leeg: '' };
  build([], made);
  const text = readStoreFileSync<Value>(file);
  const bytes = readStoreFileSync<Value>(file, true);
  assert.equal([...bytes.keys()], [...text.keys()]);
  for (const key of Object.keys(made)) assert.is(bytes.jsonOf(key), text.jsonOf(key), key);
  for (const key of Object.keys(made)) assert.equal(bytes.get(key), made[key as keyof typeof made], key);
  assert.ok(bytes.appendable(file), 'the file as read, whole');
});

test('should index the keys without parsing a value, and forget a value that does not parse', () => {
  fs.writeFileSync(file, `${storeLine('goed', '{"v":1}')}${storeLine('kapot', '{"v":}')}`);
  const read = readStoreFileSync<Value>(file);
  assert.is(read.size, 2);
  assert.ok(read.has('kapot'), 'looked up without parsing');
  assert.is(read.get('kapot'), undefined);
  assert.not.ok(read.has('kapot'), 'gone once it failed to parse');
  assert.equal(read.get('goed'), { v: 1 });
  const store = new Store<Value>(read);
  assert.equal(store.get(['x'], () => 'berekend'), 'berekend');
  assert.is(store.find('kapot'), undefined);
  store.find('goed');
  assert.is(writeStore(file, store, read), 'rewritten', 'a damaged file is not appended to');
  assert.equal(contents(), { goed: { v: 1 }, [store.keyOf(['x'])]: 'berekend' });
});

test('should ignore a torn last line, and rewrite the file rather than append after it', () => {
  build([], { a: 'eerste', b: 'tweede' });
  const whole = fs.readFileSync(file, 'utf8');
  for (let cut = 1; cut < storeLine('b', '"tweede"').length; cut++) {
    fs.writeFileSync(file, whole.slice(0, whole.length - cut));
    assert.equal(contents(), { a: 'eerste' }, `${cut} characters cut`);
  }
  assert.is(build(['a'], { c: 'derde' }), 'rewritten');
  assert.equal(contents(), { a: 'eerste', c: 'derde' });
  assert.is(build(['a', 'c'], { d: 'vierde' }), 'appended', 'whole again');
});

test('should skip a damaged line and keep the others', () => {
  const text = `${storeLine('a', '1')}"b\t{"half":${storeLine('c', '{"heel":true}')}niet eens een sleutel\n${storeLine('d', '[1]')}\t\n${storeLine('e', '"e"')}`;
  fs.writeFileSync(file, text);
  assert.equal(contents(), { a: 1, d: [1], e: 'e' });
  const asBytes = readStoreFileSync<Value>(file, true);
  assert.equal(Object.fromEntries([...asBytes.keys()].map((key) => [key, asBytes.get(key)])), { a: 1, d: [1], e: 'e' }, 'the same with the values kept as bytes');
  assert.is(build(['a', 'd', 'e'], {}), 'rewritten', 'a damaged file is not appended to');
  assert.equal(contents(), { a: 1, d: [1], e: 'e' });
  assert.is(build(['a', 'd', 'e'], { f: 2 }), 'appended');
});

test('should start empty from a missing, empty or foreign file', () => {
  assert.is(readStoreFileSync(path.join(dir, 'geen')).size, 0);
  for (const text of ['', '{"oud":"formaat"}', '{"a":1}\n', '\n\n', 'λ\t"x"\n']) {
    fs.writeFileSync(file, text);
    assert.equal(contents(), {}, JSON.stringify(text));
  }
  assert.is(StoreFile.parse(Buffer.alloc(0)).size, 0);
});

test('should rewrite a file another build replaced since it was read', () => {
  build([], { a: 1, b: 2 });
  const read = readStoreFileSync<Value>(file);
  const other = new Store<Value>(readStoreFileSync<Value>(file));
  other.put('z', 26);
  other.find('a');
  writeStore(file, other, readStoreFileSync<Value>(file));
  const store = new Store<Value>(read);
  store.find('a');
  store.find('b');
  store.put('c', 3);
  assert.is(writeStore(file, store, read), 'rewritten');
  assert.equal(contents(), { a: 1, b: 2, c: 3 });
});

test('should write a store that came from memory whole', () => {
  const store = new Store<Value>(new Map([['a', { v: 1 }], ['b', { v: 2 }]]));
  store.find('a');
  store.put('c', 3);
  assert.is(writeStore(file, store), 'rewritten');
  assert.equal(contents(), { a: { v: 1 }, c: 3 });
});

/** One build of the property: which keys it asks, makes and keeps unasked; and whether its write is cut short. */
const generation = fc.record({
  asked: fc.array(fc.integer({ min: 0, max: 11 }), { maxLength: 8 }),
  made: fc.array(fc.integer({ min: 0, max: 11 }), { maxLength: 5 }),
  kept: fc.array(fc.integer({ min: 0, max: 11 }), { maxLength: 6 }),
  torn: fc.option(fc.integer({ min: 1, max: 400 }), { freq: 5 }),
  // Values kept as the file's bytes until asked (the tree store), or as text.
  asBytes: fc.boolean(),
});
/** Keys with the characters the format must take apart: tabs, newlines, quotes. */
const keyNames = ['a', 'b\tc', 'd\ne', '"f"', 'g\\', '', 'h i', 'j\r', 'k', 'l\u2028', 'm', 'n'];
/** One value per key, as in the cache, where the key is a hash of what made the value. */
const values = fc.array(fc.oneof(fc.string({ maxLength: 40 }), fc.jsonValue({ maxDepth: 2 }), fc.constant('y'.repeat(300))), { minLength: 12, maxLength: 12 })
  .map((list) => list.map((value) => JSON.parse(JSON.stringify(value)) as Value));

test('property: any run of builds reads back exactly the entries the last build kept', () => {
  const ways = new Set<string>();
  fc.assert(fc.property(values, fc.array(generation, { minLength: 1, maxLength: 8 }), (valueOf, builds) => {
    fs.rmSync(file, { force: true });
    const check = (read: Record<string, Value>, model: ReadonlyMap<string, Value>, exact: boolean) => {
      if (exact) assert.equal(read, Object.fromEntries(model));
      // After a torn write a store may miss entries or find older ones again, but never with another value.
      else for (const [key, value] of Object.entries(read)) assert.equal(value, valueOf[keyNames.indexOf(key)]);
    };
    /** What the file must hold: the entries the last build kept. */
    let model = new Map<string, Value>();
    let exact = true;
    for (const g of builds) {
      const earlier = readStoreFileSync<Value>(file, g.asBytes);
      const store = new Store<Value>(earlier);
      // The store asks the file as read; the check reads its own copy, so that nothing is parsed ahead of the store.
      const before = contents();
      check(before, model, exact);
      const next = new Map<string, Value>();
      for (const i of g.asked) {
        const value = store.find(keyNames[i]!);
        if (value !== undefined) next.set(keyNames[i]!, value);
      }
      for (const i of g.made) {
        store.put(keyNames[i]!, valueOf[i]);
        next.set(keyNames[i]!, valueOf[i]);
      }
      const keep = new Set(g.kept.map((i) => keyNames[i]!));
      store.keepEarlier((key) => keep.has(key));
      for (const key of keep) if (!next.has(key) && key in before) next.set(key, before[key]);
      ways.add(writeStore(file, store, earlier));
      model = next;
      exact = true;
      if (g.torn !== null && fs.existsSync(file)) {
        fs.truncateSync(file, Math.max(0, fs.statSync(file).size - g.torn));
        exact = false;
      }
    }
    check(contents(), model, exact);
  }), { numRuns: 300 });
  assert.equal([...ways].sort(), ['appended', 'rewritten'], 'both ways of writing were tried');
});

test.run();
