/**
 * A speed fix for the pinned mermaid (11.17.2), applied to its code as
 * Chromium loads it at build time (pipeline/io/workers/mermaid-worker.ts).
 *
 * mermaid's `getConfig()` copies the whole configuration (about 870 keys) on
 * every call with `assignWithDepth`, and a diagram calls it for every node,
 * label and edge: about a third of the CPU Chromium spends drawing the site's
 * diagrams (docs/performance.md). That copy adds each key with
 * `Object.defineProperty`, only so that a key named `__proto__` becomes an own
 * property instead of setting the prototype. A plain assignment does the same
 * for every other key on a plain object or array, at half the cost; the patch
 * keeps `defineProperty` for `__proto__` alone.
 *
 * Even so, the copies `getConfig()` makes (1 400 for the site's diagrams) cost
 * more than a quarter of Chromium's time: `assignWithDepth` builds an array of every
 * key-value pair and calls a closure for each. `getConfig()` always copies
 * into a new empty object, and for that case `copyWithDepth` gives the same
 * result with a plain loop, at less than half the cost. A source with a key
 * `__proto__` it hands to `assignWithDepth` whole.
 *
 * The patch only makes drawing faster: the diagrams are the same without it.
 * So a mermaid whose code no longer matches is drawn unpatched, and the worker
 * says so on stderr (`patchWarning`) rather than failing the build;
 * tests/build/mermaid-patch.test.ts fails on it, and checks that each patched
 * function gives the same result as the original.
 */

/**
 * `assignWithDepth({}, source, { depth })`, written as a loop. `Ui` is the
 * module's `assignWithDepth`; arrays go through it as before (it merges them
 * without duplicates), and so does a source that is an array or no object.
 */
export const copyWithDepth = `(t,r=2)=>{
  if(t===null||typeof t!="object"||Array.isArray(t))return Ui({},t,{depth:r});
  if(r<=0)return Object.assign({},t);
  const i={};
  for(const h of Object.keys(t)){
    if(h==="__proto__")return Ui({},t,{depth:r});
    const x=t[h];
    if(typeof x!="object")i[h]=x;
    else if(x!==null)i[h]=Array.isArray(x)?Ui([],x,{depth:r-1}):copyWithDepth(x,r-1);
  }
  return i;
}`;

/** The places in mermaid's module (minified) and what replaces them. */
export const replacements: ReadonlyArray<readonly [original: string, patched: string]> = [
  [
    'Object.hasOwn(i,h)||Object.defineProperty(i,h,{value:void 0,writable:!0,enumerable:!0,configurable:!0})',
    'Object.hasOwn(i,h)||(h==="__proto__"?Object.defineProperty(i,h,{value:void 0,writable:!0,enumerable:!0,configurable:!0}):i[h]=void 0)',
  ],
  [
    'Object.hasOwn(i,h)?C[h]=x:Object.defineProperty(i,h,{value:x,writable:!0,enumerable:!0,configurable:!0})',
    'Object.hasOwn(i,h)||h!=="__proto__"?C[h]=x:Object.defineProperty(i,h,{value:x,writable:!0,enumerable:!0,configurable:!0})',
  ],
  // copyWithDepth is declared next to assignWithDepth, and getConfig uses it.
  ['"assignWithDepth"),j=Ui;', `"assignWithDepth"),j=Ui,copyWithDepth=${copyWithDepth};`],
  ['Kt=s(()=>j({},Vt),"getConfig")', 'Kt=s(()=>copyWithDepth(Vt),"getConfig")'],
];

/** A module as Chromium gets it, and what became of the patch. */
export interface PatchedModule {
  /** The module, patched or as it is. */
  readonly body: Buffer | string;
  /**
   * For the module that holds `assignWithDepth`: the places of `replacements`
   * not found exactly once (none when the patch applied). Null for any other module.
   */
  readonly missing: ReadonlyArray<string> | null;
}

/** The marker of the module that holds `assignWithDepth`: mermaid names its functions in strings. */
const holderMarker = '"assignWithDepth"';

/**
 * `module` with the patch applied when it is the module that holds
 * `assignWithDepth` (every place, once each); any other module comes back
 * unchanged, and so does the holder of another mermaid version, with the places
 * it lacks. The other modules stay bytes: as strings they would add a few MB to
 * the worker's heap while Chromium is at its largest.
 */
export function patchMermaid(module: Buffer): PatchedModule {
  if (!module.includes(holderMarker)) return { body: module, missing: null };
  const source = module.toString('utf8');
  const once = (text: string) => source.indexOf(text) >= 0 && source.indexOf(text) === source.lastIndexOf(text);
  const missing = replacements.map(([original]) => original).filter((original) => !once(original));
  if (missing.length > 0) return { body: module, missing };
  return { body: replacements.reduce((text, [original, patched]) => text.replace(original, () => patched), source), missing };
}

/**
 * What the worker prints when the patch did not apply to mermaid `version`, or
 * null when it did. `missing`: what `patchMermaid` said of the module that holds
 * `assignWithDepth`, or null when mermaid loaded without asking for that module.
 */
export function patchWarning(version: string, missing: ReadonlyArray<string> | null): string | null {
  if (missing?.length === 0) return null;
  const why = missing === null
    ? `geen module definieert ${holderMarker}`
    : `${missing.length} van de ${replacements.length} plaatsen niet (precies één keer) gevonden, de eerste: ${missing[0]?.slice(0, 60) ?? ''}`;
  return `Waarschuwing: de snelheidspatch voor mermaid ${version} (pipeline/io/mermaid-patch.ts) past niet: ${why}. De diagrammen worden ongepatcht getekend, even goed maar trager; pas de patch aan deze mermaid aan (tests/build/mermaid-patch.test.ts).`;
}
