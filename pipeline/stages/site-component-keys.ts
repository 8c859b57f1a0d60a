/**
 * The names of a site's own components (the folder `mdx.components` names):
 * a component file's key is its path under the folder without extension and
 * without a trailing `/index`, with `/` as `$`; the markdown stage calls it
 * `Site$<key>` (`Kaart/index.tsx` → `Site$Kaart`, `kaarten/Klein.tsx` →
 * `Site$kaarten$Klein`). The io edge compiles the same files under the same
 * names (pipeline/io/site-components.ts).
 */

/** The default components folder, relative to the content root (as Docusaurus' `src/components`). */
export const defaultComponentsFolder = 'src/components';

/**
 * Component files: `.tsx`, `.jsx`, and `.js`/`.ts` (Docusaurus' JavaScript template writes its components
 * as `.js` with JSX), not tests or stories beside them. A `.js`/`.ts` file may also be a helper: see
 * `mayBeHelper`.
 */
export const isComponentFile = (path: string): boolean =>
  /\.(tsx|jsx|js|ts)$/.test(path) && !/\.d\.ts$/.test(path) && !/\.(test|spec|stories)\.[jt]sx?$/.test(path) && !/(^|\/)__(tests|mocks)__\//.test(path);

/** A `.js` or `.ts` file may hold helpers rather than a component: when it gives no component, it is no mistake. */
export const mayBeHelper = (path: string): boolean => /\.(js|ts)$/.test(path);

/** The key of a component file, by its path under the components folder (`/` separated); null for other files. */
export function siteComponentKey(path: string): string | null {
  if (!isComponentFile(path)) return null;
  const bare = path.replace(/\.(tsx|jsx|js|ts)$/, '').replace(/(^|\/)index$/, '');
  // The runtime reads a `.` in a component name as a member, and `$` separates the parts.
  if (bare === '' || !bare.split('/').every((part) => /^[\w-]+$/.test(part))) return null;
  return bare.split('/').join('$');
}

/** The name the markdown stage gives a site component. */
export const siteComponentName = (key: string): string => `Site$${key}`;

/**
 * The key an import path refers to, relative to the components folder
 * (`Kaart`, `Kaart/index`, `Kaart/index.tsx`), when one of `keys` has it.
 */
export function keyOfImport(pathInFolder: string, keys: ReadonlySet<string>): string | null {
  const bare = pathInFolder.replace(/\/+$/, '').replace(/\.(tsx|jsx|ts|js)$/, '').replace(/(^|\/)index$/, '');
  const key = bare.split('/').join('$');
  return keys.has(key) ? key : null;
}
