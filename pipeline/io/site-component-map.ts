/**
 * Runs inside the component box only: the theme's component map, a site's
 * `src/theme/MDXComponents.tsx` (`mdx.componentMap`). As in Docusaurus it
 * spreads `@theme-original/MDXComponents` (theme/mdx/mdx-components.tsx) and
 * adds its own entries; each entry it adds is a component every MDX page may
 * use without an import, under the key `$<name>` (the markdown stage calls it
 * `Site$$<name>`: no file of the components folder has a key starting
 * with `$`).
 *
 * An entry that replaces what our renderer draws itself (a lower-case HTML
 * element such as `a` or `code`, or a built-in such as `Details`, `Tabs`,
 * `Admonition`) is left out, with one warning that names them: the page's
 * links, code blocks and admonitions keep their checks and their look.
 */
import { startOfFile, warning, type Problem } from '../problem.ts';
import { builtInModules } from '../stages/markdown/mdx-imports.ts';

/** The names our renderer draws itself, besides every lower-case (HTML) name. */
const owned: ReadonlySet<string> = new Set([...Object.values(builtInModules), 'Head', 'Details', 'Admonition', 'Heading']);

/** The key of a map entry's component. */
export const mapComponentKey = (name: string): string => `$${name}`;

const isComponent = (value: unknown): boolean =>
  typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);

/** The mark of `@theme-original/MDXComponents`' entries (theme/mdx/mdx-components.tsx). */
const originalEntry = Symbol.for('ontwikkelaarsportaal.mdx-components.original');
const isOriginal = (value: unknown): boolean => typeof value === 'function' && (value as unknown as Record<symbol, unknown>)[originalEntry] === true;

/** The entries the map adds (by name), and the warning for those it may not replace. */
export function mapEntries(map: unknown, shown: string): { entries: Array<[string, unknown]>; problems: Problem[] } {
  if (typeof map !== 'object' || map === null) {
    return { entries: [], problems: [warning('site-component-invalid', shown, startOfFile, `${shown} exporteert geen object met componenten als default export; de componentenmap wordt niet gebruikt. Zet export default { ...MDXComponents, Naam: Component }.`)] };
  }
  const entries: Array<[string, unknown]> = [];
  const ignored: string[] = [];
  for (const [name, value] of Object.entries(map as Record<string, unknown>)) {
    if (isOriginal(value) || !isComponent(value)) continue;
    if (/^[a-z]/.test(name) || owned.has(name) || !/^[A-Za-z_]\w*$/.test(name)) ignored.push(name);
    else entries.push([name, value]);
  }
  const problems = ignored.length === 0 ? [] : [warning('site-component-invalid', shown, startOfFile,
    `${shown} vervangt wat het thema zelf tekent (${ignored.join(', ')}); die ${ignored.length === 1 ? 'vervanging wordt' : 'vervangingen worden'} niet gebruikt, zodat links, code en admonitions hun controles en opmaak houden. De andere componenten van de map werken wel.`)];
  return { entries, problems };
}
