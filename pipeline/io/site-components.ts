/**
 * Effect edge: the site's own components, when the site configuration names
 * their folder (`mdx.components`) or the theme's component map
 * (`mdx.componentMap`); there is no default: site code runs only when the
 * configuration names it. They are bundled, imported and rendered
 * in the component box (pipeline/io/component-box.ts), never in the build's
 * process; what they import is told in pipeline/io/site-component-bundle.ts.
 *
 * The renderer renders synchronously, the box answers asynchronously: so
 * `prerender` has the box render every use of a component the pages make
 * (renderer/body/site-component-uses.ts) before the pages render, and the
 * components handed to the renderer (pipeline/io/safe-component.ts) find
 * their HTML by props. A file that does not compile, loops or exports no
 * component is an error at its file; the other components still load.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ComponentType } from 'react';
import { startOfFile, warning, type Problem } from '../problem.ts';
import { siteComponentName } from '../stages/site-component-keys.ts';
import { componentFiles, type SiteComponentsOptions as BundleOptions } from './site-component-bundle.ts';
import { ComponentBox, defaultLimits, type BoxLimits, type Rendered } from './component-box.ts';
import type { ComponentStyles } from '../stages/site-styles.ts';
import { renderKey, safeComponent } from './safe-component.ts';

/** One use of a component in a page, as renderer/body/site-component-uses.ts finds it. */
export interface ComponentUse {
  /** By the name the markdown stage gives it: `Site$Kaart`. */
  readonly name: string;
  readonly props: Readonly<Record<string, unknown>>;
  readonly children: boolean;
}

export interface SiteComponents {
  /** By the name the markdown stage gives them: `Site$Kaart`. */
  readonly components: Readonly<Record<string, ComponentType<any>>>;
  readonly problems: ReadonlyArray<Problem>;
  /** The stylesheets the components import, and which component imports which. */
  readonly styles: ComponentStyles;
  /** Has the box render every use, once per component and props; then the components can render. */
  prerender(uses: Iterable<ComponentUse>): Promise<void>;
  /** Ends the box; what was rendered stays. */
  close(): void;
}

export interface SiteComponentsOptions extends Omit<BundleOptions, 'folder'> {
  /** `mdx.components` from the configuration, relative to the content root; left out: no components. */
  readonly folder?: string | undefined;
  /** `siteCode` from the configuration. */
  readonly limits?: Partial<BoxLimits> | undefined;
}

const none: SiteComponents = { components: {}, problems: [], styles: { byComponent: {}, sheets: {} }, prerender: async () => {}, close: () => {} };

/** Loads the site's components in a box (see the module's comment); without `folder` or `componentMap`, no box starts. */
export async function loadSiteComponents(options: SiteComponentsOptions): Promise<SiteComponents> {
  const content = path.resolve(options.content);
  const display = options.display ?? path.basename(content);
  const missing: Problem[] = [];
  const named = (rel: string | undefined, setting: string, what: string): string | undefined => {
    if (rel === undefined || fs.existsSync(path.resolve(content, rel))) return rel;
    missing.push(warning('site-component-invalid', 'dist-config/site.yml', startOfFile,
      `${what} ${rel} (${setting}) bestaat niet in ${display}. Maak ${what === 'De componentenmap' ? 'de map' : 'het bestand'}, of haal ${setting} uit de siteconfiguratie.`));
    return undefined;
  };
  const folder = named(options.folder, 'mdx.components', 'De componentenmap');
  const componentMap = named(options.componentMap, 'mdx.componentMap', 'De componentmap van het thema');
  if ((folder === undefined || (await componentFiles(path.resolve(content, folder))).length === 0) && componentMap === undefined) return { ...none, problems: missing };
  const limits: BoxLimits = { ...defaultLimits, ...Object.fromEntries(Object.entries(options.limits ?? {}).filter(([, v]) => v !== undefined)) };
  const { box, components: loaded, sheets, problems: found } = await ComponentBox.open({ ...options, content, folder, componentMap, display }, limits);
  const problems = [...missing, ...found];
  const rendered = new Map<string, Rendered>();
  const keys = new Set(loaded.map((c) => c.key));
  const components = Object.fromEntries(loaded.map(({ key, shown }) => [siteComponentName(key), safeComponent(key, shown, (k) => (k === null ? undefined : rendered.get(k)))]));
  return {
    components,
    problems,
    styles: {
      byComponent: Object.fromEntries(loaded.filter((c) => c.styles.length > 0).map(({ key, styles }) => [siteComponentName(key), styles])),
      sheets: Object.fromEntries(sheets),
    },
    async prerender(uses) {
      for (const use of uses) {
        const key = use.name.slice('Site$'.length);
        const k = renderKey(key, use.props, use.children);
        if (k === null || rendered.has(k) || !keys.has(key)) continue;
        rendered.set(k, await box.render(key, use.props, use.children));
      }
    },
    close: () => box.close(),
  };
}
