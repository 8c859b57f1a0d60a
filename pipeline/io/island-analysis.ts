/**
 * Which site components are interactive: read from the component's module
 * as the browser bundle makes it (its own file, its helpers and its
 * packages, React left out), never by running it. A component is an island
 * when that code calls a React hook that keeps state or runs in the browser
 * (state, reducers, effects, refs, external stores, transitions), creates a
 * context (to provide it), gives an element an event handler (`onClick:` in
 * the compiled JSX), or uses `BrowserOnly`/`useIsBrowser`.
 *
 * Why the code and not one render in the box: a render shows only the
 * branch it took (a handler on a button that appears after a click is
 * missed), and it would mean hooking into React's internals. Reading the
 * code errs the other way: a package that holds a hook it never calls makes
 * an island that did not need to be one. That costs weight, never a dead
 * component.
 */

/** The kinds of interactivity, with what finds them in esbuild's unminified output. */
const signs: ReadonlyArray<readonly [string, RegExp]> = [
  ['state', /\buse(State|Reducer|SyncExternalStore|Transition|DeferredValue|ActionState|Optimistic)\s*\)?\s*\(/],
  ['effecten', /\buse(Effect|LayoutEffect|InsertionEffect)\s*\)?\s*\(/],
  ['refs', /\buse(Ref|ImperativeHandle)\s*\)?\s*\(/],
  ['context', /\bcreateContext\s*\)?\s*\(/],
  ['event-handlers', /[{,]\s*on[A-Z][A-Za-z]+\s*:/],
  ['BrowserOnly', /\b(BrowserOnly|useIsBrowser)\b/],
];

/** What makes the compiled `code` interactive (Dutch words, for messages); empty: it only draws. */
export function interactivity(code: string): string[] {
  return signs.filter(([, sign]) => sign.test(code)).map(([name]) => name);
}
