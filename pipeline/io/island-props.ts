/**
 * The props of an island travel to the browser as JSON in its page
 * (`data-island-props`): only data survives that. A function, an instance of
 * a class (a `Date`, a `Map`), a symbol, a bigint, a number JSON has no word
 * for, or a cycle would arrive as something else or not at all, and the
 * island would draw otherwise in the browser than at the build. This finds
 * the first such prop, with its path, for one problem at the component's use.
 */

/** The first prop that is not JSON data: its path (`items[1].onKlik`) and what it is (Dutch), or null. */
export function unserialisableProp(props: Readonly<Record<string, unknown>>): { readonly prop: string; readonly why: string } | null {
  const seen: object[] = [];
  const walk = (value: unknown, at: string): { prop: string; why: string } | null => {
    switch (typeof value) {
      case 'string': case 'boolean': case 'undefined': return null;
      case 'number': return Number.isFinite(value) ? null : { prop: at, why: `het getal ${String(value)}, dat JSON niet kent` };
      case 'function': return { prop: at, why: 'een functie' };
      case 'symbol': return { prop: at, why: 'een symbool' };
      case 'bigint': return { prop: at, why: 'een bigint' };
      default: break;
    }
    if (value === null) return null;
    const object = value as object;
    if (seen.includes(object)) return { prop: at, why: 'een kring: de waarde bevat zichzelf' };
    const proto = Object.getPrototypeOf(object) as object | null;
    if (!Array.isArray(object) && proto !== Object.prototype && proto !== null) {
      const name = (proto as { constructor?: { name?: string } }).constructor?.name;
      return { prop: at, why: `een object van de klasse ${name || '(zonder naam)'}` };
    }
    seen.push(object);
    const entries = Array.isArray(object) ? object.map((v, i) => [`${at}[${i}]`, v] as const) : Object.entries(object).map(([k, v]) => [at ? `${at}.${k}` : k, v] as const);
    for (const [path, v] of entries) {
      const found = walk(v, path);
      if (found) return found;
    }
    seen.pop();
    return null;
  };
  return walk(props, '');
}
