/** What every page component may read: the resolved site, its route and the built content. */
import type { Site } from '../pipeline/stages/resolve.ts';
import type { Route } from '../pipeline/stages/routes.ts';
import type { Content } from '../pipeline/types.ts';

export interface ThemeAssets {
  /** Public URL of the one stylesheet. */
  readonly css: string;
  /** Public URL of the hydration bundle, when there is one. */
  readonly js: string | null;
  /** Public URL of the embedded search index, once the build has made it. */
  readonly searchIndex?: string | null;
  /** Public URLs of the theme's static files by name: `logo.svg` → `/assets/logo-ab12.svg`. */
  readonly files: ReadonlyMap<string, string>;
}

export interface PageContext {
  readonly site: Site;
  readonly route: Route;
  /** Rendered Markdown by permalink. */
  readonly contents: ReadonlyMap<string, Content>;
  readonly theme: ThemeAssets;
  /** Public URL of a content file (`blog/img/a.svg`), or null. */
  readonly assetUrl: (contentPath: string) => string | null;
  readonly dev: boolean;
}

export const themeFile = (ctx: PageContext, name: string): string => ctx.theme.files.get(name) ?? `/${name}`;
