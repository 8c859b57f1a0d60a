/**
 * A speed fix for the pinned mermaid (11.17.2), applied to its code as
 * Chromium loads it at build time (pipeline/io/mermaid-worker.ts).
 *
 * mermaid's `getConfig()` copies the whole configuration (about 870 keys) on
 * every call with `assignWithDepth`, and a diagram calls it for every node,
 * label and edge: about a third of the CPU Chromium spends drawing the site's
 * diagrams (docs/performance.md, session 8). That copy adds each key with
 * `Object.defineProperty`, only so that a key named `__proto__` becomes an own
 * property instead of setting the prototype. A plain assignment does the same
 * for every other key on a plain object or array, at half the cost; the patch
 * keeps `defineProperty` for `__proto__` alone.
 * tests/build/mermaid-patch.test.ts checks that both versions give the same
 * result, and that the pinned mermaid still holds the code the patch replaces.
 */

/** The two places in `assignWithDepth` (minified) and what replaces them. */
export const replacements: ReadonlyArray<readonly [original: string, patched: string]> = [
  [
    'Object.hasOwn(i,h)||Object.defineProperty(i,h,{value:void 0,writable:!0,enumerable:!0,configurable:!0})',
    'Object.hasOwn(i,h)||(h==="__proto__"?Object.defineProperty(i,h,{value:void 0,writable:!0,enumerable:!0,configurable:!0}):i[h]=void 0)',
  ],
  [
    'Object.hasOwn(i,h)?C[h]=x:Object.defineProperty(i,h,{value:x,writable:!0,enumerable:!0,configurable:!0})',
    'Object.hasOwn(i,h)||h!=="__proto__"?C[h]=x:Object.defineProperty(i,h,{value:x,writable:!0,enumerable:!0,configurable:!0})',
  ],
];

/**
 * `module` with the patch applied when it is the module that holds
 * `assignWithDepth` (both places, once each); any other module, or another
 * mermaid version, comes back unchanged. The other modules stay bytes: as
 * strings they would add a few MB to the worker's heap while Chromium is at
 * its largest.
 */
export function patchMermaid(module: Buffer): Buffer | string {
  if (!module.includes('"assignWithDepth"')) return module;
  const source = module.toString('utf8');
  const once = (text: string) => source.indexOf(text) >= 0 && source.indexOf(text) === source.lastIndexOf(text);
  if (!replacements.every(([original]) => once(original))) return module;
  return replacements.reduce((text, [original, patched]) => text.replace(original, () => patched), source);
}
