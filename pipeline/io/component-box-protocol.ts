/**
 * What the build and its component box (pipeline/io/component-box.ts and
 * pipeline/io/workers/component-box-worker.ts) say to each other over the
 * IPC channel: JSON only, so nothing but data crosses.
 */
import type { Problem } from '../problem.ts';
import type { SiteComponentsOptions } from './site-component-bundle.ts';
import type { SiteAsset } from './site-code-resolve.ts';
import type { SiteCodeContext } from '../../theme/mdx/docusaurus.tsx';

/** What the box tells site code of the site (theme/mdx/docusaurus.tsx reads it). */
export type SiteFacts = Pick<SiteCodeContext, 'siteConfig' | 'locale' | 'messages' | 'globalData'>;

/** What a React page's `Layout` and `Head` said about it. */
export type PageFacts = SiteCodeContext['page'];

/** Stands for the children in a component's output, until they are put back; private-use characters no text has. */
export const childrenMark = '\uE000op-children\uE001';

/** A component the box loaded: its key, its file as messages show it, and the ids of the stylesheets it imports. */
export interface LoadedComponent {
  readonly key: string;
  readonly shown: string;
  readonly styles: ReadonlyArray<string>;
  /** An entry of the theme's component map that is an island component of the components folder: that component's key. */
  readonly island?: string;
}

/**
 * An island a static React page placed (theme/islands/box-island.ts), as
 * the box rendered it apart: its HTML as React hydrates it (element
 * children stand in an `<op-slot>` as the children's mark), its props as
 * JSON, the static HTML of its element children (`slot`), or the prop that
 * is no data (`bad`; then `html` is the component without JavaScript).
 */
export interface RenderedIsland {
  readonly key: string;
  readonly html: string;
  readonly props: string;
  readonly slot: string | null;
  readonly bad?: { readonly prop: string; readonly why: string };
}

export type BoxRequest =
  | { readonly type: 'load'; readonly options: SiteComponentsOptions; readonly skip: ReadonlyArray<string>; readonly site: SiteFacts }
  /** `hydrate`: the page is an island; it renders as React hydrates it. */
  | { readonly type: 'render-page'; readonly id: number; readonly rel: string; readonly pathname: string; readonly hydrate?: boolean }
  /** A React page a plugin added with `addRoute` (pipeline/io/site-plugins.ts): the component with the props of its route; `hydrate`: the route is an island. */
  | { readonly type: 'render-route'; readonly id: number; readonly rel: string; readonly pathname: string; readonly props: Readonly<Record<string, unknown>>; readonly hydrate?: boolean }
  | { readonly type: 'render'; readonly id: number; readonly key: string; readonly props: Readonly<Record<string, unknown>>; readonly children: boolean; readonly hydrate?: boolean };

export type BoxAnswer =
  | { readonly type: 'loading'; readonly rel: string }
  | {
    readonly type: 'ready';
    readonly components: ReadonlyArray<LoadedComponent>;
    readonly pages: ReadonlyArray<{ readonly rel: string; readonly shown: string; readonly styles: ReadonlyArray<string> }>;
    /** The stylesheets the components and pages import, as [id, css]. */
    readonly sheets: ReadonlyArray<readonly [string, string]>;
    readonly assets: ReadonlyArray<SiteAsset>;
    readonly problems: ReadonlyArray<Problem>;
    /** Every file the bundles read (pipeline/io/bundle-inputs.ts). */
    readonly inputs: ReadonlyArray<string>;
  }
  /** `islands`: what the page's marks (`islandMark(n)`) stand for. */
  | { readonly type: 'page-rendered'; readonly id: number; readonly html: string; readonly page: PageFacts; readonly pluginData: boolean; readonly islands: ReadonlyArray<RenderedIsland> }
  | { readonly type: 'broken'; readonly message: string }
  | { readonly type: 'rendered'; readonly id: number; readonly html: string; readonly pluginData: boolean }
  | { readonly type: 'failed'; readonly id: number; readonly message: string };
