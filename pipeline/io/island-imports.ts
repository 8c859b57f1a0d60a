/**
 * The interactive components a React page imports, found where esbuild
 * resolves them: an import (at any depth of the page's own code) that lands
 * on the file of an island component. pipeline/io/island-bundle.ts leaves
 * those imports out when it reads whether the page's own code is
 * interactive; the component box (pipeline/io/site-component-bundle.ts)
 * puts a wrapper in their place (theme/islands/box-island.ts), so that the
 * component becomes its own island and the rest of the page stays static.
 */
import type { OnResolveResult, Plugin } from 'esbuild';

/** Set on the resolve this plugin asks for itself, so that it does not ask again. */
const probe = 'island-import-probe';

/**
 * An esbuild plugin: each import that resolves to one of `files` (absolute
 * path → the island's key) becomes what `replace` makes of it. Imports made
 * by a module `replace` put in the namespace `own` are left alone (the
 * wrapper imports the real component).
 */
export function islandImports(files: ReadonlyMap<string, string>, replace: (file: string, key: string) => OnResolveResult, own?: string): Plugin {
  return {
    name: 'island-imports',
    setup(build) {
      if (files.size === 0) return;
      // A relative or absolute path, or `@site/…`: an island component is a file of the site, never a package.
      build.onResolve({ filter: /^(\.|\/|@site\/)/ }, async (args) => {
        // Another plugin's own resolve (its pluginData) is left to it: asking again would go round forever.
        if (args.pluginData !== undefined || (own !== undefined && args.namespace === own) || args.kind === 'entry-point') return undefined;
        const found = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer, pluginData: probe });
        if (found.errors.length > 0 || found.external) return undefined;
        const key = files.get(found.path);
        return key === undefined ? undefined : replace(found.path, key);
      });
    },
  };
}
