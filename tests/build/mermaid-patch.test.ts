/**
 * Chromium draws the diagrams with a patched `assignWithDepth` and `getConfig`
 * (pipeline/io/mermaid-patch.ts). The patch must still apply to the installed
 * mermaid: after an upgrade that moved its code, the first test here fails
 * (the build itself only warns, see `patchWarning`). And the patched functions
 * must do exactly what the original does.
 */
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { mermaidDist, mermaidVersion } from '../../pipeline/io/mermaid.ts';
import { copyWithDepth, patchMermaid, patchWarning, replacements } from '../../pipeline/io/mermaid-patch.ts';

const test = suite('build: the mermaid patch');

const chunks = path.join(mermaidDist, 'chunks/mermaid.esm.min');
const holder = (fs.existsSync(chunks) ? fs.readdirSync(chunks) : []).filter((f) => f.endsWith('.mjs')).map((f) => fs.readFileSync(path.join(chunks, f))).filter((b) => b.includes('"assignWithDepth"'));
/** The module that holds assignWithDepth, as mermaid ships it and as Chromium gets it. */
const original = (): string => holder[0]!.toString('utf8');
const patched = (): string => String(patchMermaid(holder[0]!).body);

type Merge = (target: unknown, source: unknown, options?: { depth?: number }) => unknown;

/** `assignWithDepth` out of mermaid's minified module, as a function of its own. */
function assignWithDepth(module: string): Merge {
  const found = /var (\w+)=(\w+)\((\(i,t,\{depth:r=2\}=\{\}\)=>[\s\S]*?),"assignWithDepth"\)/.exec(module);
  if (!found) throw new Error('assignWithDepth not found');
  const [, name, , body] = found;
  return new Function(`"use strict"; const ${name} = ${body}; return ${name};`)() as Merge;
}

test('the installed mermaid holds the code the patch replaces, once', () => {
  assert.is(holder.length, 1, `mermaid ${mermaidVersion}: one module in ${chunks} defines assignWithDepth (found ${holder.length}); pipeline/io/mermaid-patch.ts must follow this mermaid`);
  const { body, missing } = patchMermaid(holder[0]!);
  assert.equal(missing, [], `mermaid ${mermaidVersion} no longer holds these places of pipeline/io/mermaid-patch.ts exactly once: the patch does not apply`);
  assert.is(patchWarning(mermaidVersion, missing), null, 'the build prints no warning');
  const module = String(body);
  for (const [before, replacement] of replacements) {
    assert.not.ok(module.includes(before), before);
    assert.is(module.split(replacement).length, 2, replacement);
  }
  assert.is(module.length, original().length + replacements.reduce((n, [o, p]) => n + p.length - o.length, 0));
});

test('other modules are served as they are', () => {
  const entry = fs.readFileSync(path.join(mermaidDist, 'mermaid.esm.min.mjs'));
  assert.equal(patchMermaid(entry), { body: entry, missing: null });
  assert.is(patchMermaid(entry).body, entry, 'the same bytes, not a copy');
});

test('a holder of assignWithDepth that lacks a place is served as it is, and the build warns', () => {
  // Only one of the places: another version of the function.
  const other = Buffer.from(`x=s((i,t)=>{${replacements[0]![0]}},"assignWithDepth")`);
  const { body, missing } = patchMermaid(other);
  assert.is(body, other);
  assert.equal(missing, replacements.slice(1).map(([original]) => original));
  assert.match(patchWarning('99.0.0', missing) ?? '', /mermaid 99\.0\.0 .*past niet: 3 van de 4 plaatsen/);
  // A place found twice is as unsafe to patch as one not found.
  const twice = Buffer.from(`${original()}\n${replacements[1]![0]}`);
  assert.equal(patchMermaid(twice), { body: twice, missing: [replacements[1]![0]] });
  // A mermaid without the module at all.
  assert.match(patchWarning('99.0.0', null) ?? '', /geen module definieert "assignWithDepth"/);
});

/** Everything that can be told apart about a merged value: own keys (also `__proto__` and symbols), values, prototypes. */
function shape(value: unknown, seen = new Set<unknown>()): unknown {
  if (value === null || typeof value !== 'object') return [typeof value, value];
  if (seen.has(value)) return ['cycle'];
  seen.add(value);
  const proto = Object.getPrototypeOf(value);
  const kind = proto === Object.prototype ? 'object' : proto === Array.prototype ? 'array' : 'other';
  const own = Reflect.ownKeys(value).map((key) => {
    const d = Object.getOwnPropertyDescriptor(value, key)!;
    return [key, d.enumerable, d.writable, shape(d.value, seen)];
  });
  seen.delete(value);
  return [kind, own];
}

const key = fc.oneof(fc.constantFrom<string | symbol>('__proto__', 'length', 'constructor', 'a', 'b', 'themeVariables', Symbol.for('mermaid')), fc.string({ maxLength: 2 }));
const { value } = fc.letrec<{ value: unknown; array: unknown[]; object: object }>((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, fc.constantFrom(null, undefined, true, 0, 'x', ''), fc.integer(), tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.array(fc.tuple(key, tie('value')), { maxLength: 5 }).map((entries) => {
    const o = {};
    for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
    return o;
  }),
}));
const depth = fc.option(fc.integer({ min: -1, max: 4 }), { nil: undefined });

const builtIn = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * What `describe` tells of `f()`, or that it threw. A run that wrote into
 * Object.prototype (prototype pollution) is caught, and cleaned up for the next run.
 */
function observe(f: () => unknown, describe: (result: unknown) => unknown): unknown {
  try {
    return describe(f());
  } catch (e) {
    return ['threw', (e as Error).constructor.name];
  } finally {
    const polluted = Object.getOwnPropertyNames(Object.prototype).filter((k) => !builtIn.has(k));
    for (const k of polluted) delete (Object.prototype as Record<string, unknown>)[k];
    assert.equal(polluted, [], 'Object.prototype is left alone');
  }
}

test('the patched assignWithDepth merges exactly like the original', () => {
  const before = assignWithDepth(original());
  const after = assignWithDepth(patched());
  const run = (merge: Merge, [target, source]: [unknown, unknown], d: number | undefined) =>
    observe(() => merge(target, source, d === undefined ? undefined : { depth: d }), (result) => shape([result, target, source]));
  // Each function gets its own copy of the input: merging changes the target in place.
  fc.assert(fc.property(fc.clone(fc.tuple(value, value), 2), depth, ([a, b], d) => {
    assert.equal(run(after, a, d), run(before, b, d));
  }), { numRuns: 3000 });
});

/** For every object in `value`, the path of the object in `source` it is (not a copy of, but the same object), or null. */
function sharing(value: unknown, source: unknown): unknown {
  const paths = new Map<unknown, string>();
  const index = (v: unknown, at: string) => {
    if (v === null || typeof v !== 'object' || paths.has(v)) return;
    paths.set(v, at);
    for (const k of Reflect.ownKeys(v)) index(Object.getOwnPropertyDescriptor(v, k)!.value, `${at}/${String(k)}`);
  };
  index(source, '');
  const found: Array<[string, string | null]> = [];
  const walk = (v: unknown, at: string, seen: Set<unknown>) => {
    if (v === null || typeof v !== 'object' || seen.has(v)) return;
    found.push([at, paths.get(v) ?? null]);
    seen.add(v);
    for (const k of Reflect.ownKeys(v)) walk(Object.getOwnPropertyDescriptor(v, k)!.value, `${at}/${String(k)}`, seen);
    seen.delete(v);
  };
  walk(value, '', new Set());
  return found;
}

test('copyWithDepth copies exactly like assignWithDepth into a new object, sharing the same objects', () => {
  const merge = assignWithDepth(original());
  const copy = new Function('Ui', `"use strict"; const copyWithDepth = ${copyWithDepth}; return copyWithDepth;`)(merge) as (source: unknown, depth?: number) => unknown;
  const run = (f: () => unknown, source: unknown) => observe(f, (result) => [shape([result, source]), sharing(result, source)]);
  fc.assert(fc.property(value, depth, (source, d) => {
    assert.equal(
      run(() => (d === undefined ? copy(source) : copy(source, d)), source),
      run(() => merge({}, source, d === undefined ? undefined : { depth: d }), source),
    );
  }), { numRuns: 5000 });
});

test('getConfig copies with copyWithDepth, and that is declared beside assignWithDepth', () => {
  const module = patched();
  assert.ok(module.includes('Kt=s(()=>copyWithDepth(Vt),"getConfig")'));
  assert.ok(module.includes(`,j=Ui,copyWithDepth=${copyWithDepth};`));
  assert.not.ok(original().includes('copyWithDepth'), 'the name is free in the original module');
});

test('the merge a diagram asks for most: a copy of the whole configuration', () => {
  const before = assignWithDepth(original());
  const after = assignWithDepth(patched());
  const config = JSON.parse('{"theme":"neutral","__proto__":{"polluted":true},"flowchart":{"htmlLabels":false,"curve":"basis"},"themeVariables":{"fontSize":"16px","colors":[1,2,2]}}') as object;
  const copy = after({}, config) as Record<string, unknown>;
  assert.equal(shape(copy), shape(before({}, config)));
  assert.is(Object.getPrototypeOf(copy), Object.prototype, '__proto__ stays an own key, the prototype is untouched');
  assert.is(({} as Record<string, unknown>)['polluted'], undefined);
});

test.run();
