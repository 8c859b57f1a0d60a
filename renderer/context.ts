/** What every page component may read: the resolved site, its route and the built content. */
import type { Site, Route } from '../pipeline/types.ts';
import type { Content } from '../pipeline/types.ts';
import type { ComponentType } from 'react';
import type { Root } from 'hast';
import type { WrittenBody } from '../pipeline/memo.ts';
export type { ThemeAssets } from '../pipeline/types.ts';
import type { ThemeAssets } from '../pipeline/types.ts';

/** React components by the name a page's MDX gives them (`Site$Kaart`). */
export type Components = Readonly<Record<string, ComponentType<any>>>;

export interface PageContext {
  readonly site: Site;
  readonly route: Route;
  /** Rendered Markdown by permalink. */
  readonly contents: ReadonlyMap<string, Content>;
  readonly theme: ThemeAssets;
  /** Public URL of a content file (`blog/img/a.svg`), or null. */
  readonly assetUrl: (contentPath: string) => string | null;
  readonly dev: boolean;
  /** What the pages of this context keep for one another. */
  readonly memo: RenderMemo;
  /** The site's own components (pipeline/io/site-components.ts), made safe, by `Site$Key`; left out: none. */
  readonly siteComponents?: Components;
  /** Public URLs of the site's own stylesheets for this page, linked after the theme's: its components' CSS, then `customCss`. */
  readonly stylesheets?: ReadonlyArray<string>;
  /** Page bodies written before (pipeline/io/written-bodies.ts); left out: every body is written. */
  readonly bodies?: WrittenBodies;
}

/**
 * Bodies without a React component, as written (`WrittenBody`: the HTML and
 * the images React preloads for it), by their tree and what else their writing
 * read (`variant`: the site's hosts, whether the page has cards). Whoever keeps
 * them knows what each tree was made of (its markdown job's key); a tree it
 * knows nothing of is neither found nor kept.
 */
export interface WrittenBodies {
  readonly find: (tree: Root, variant: string) => WrittenBody | undefined;
  readonly keep: (tree: Root, variant: string, body: WrittenBody) => void;
}

export const themeFile = (ctx: PageContext, name: string): string => ctx.theme.files.get(name) ?? `/${name}`;

/** A slot of a `RenderMemo`; `T` is what it holds. The name is for reading only: slots differ by identity. */
export interface MemoSlot<T> {
  readonly name: string;
  /** Never set: carries `T`. */
  readonly value?: T;
}

export const memoSlot = <T>(name: string): MemoSlot<T> => ({ name });

/**
 * What the page components make once and reuse on every page of one build:
 * the footer's markup, the navbar's targets, the docs lookups. Its values
 * belong to one site and theme, so whoever makes a context makes its memo
 * with it (`renderMemo()`), and two builds in one process never share one.
 */
export interface RenderMemo {
  /** The value in `slot`, made by `make` when the slot is still empty. */
  readonly get: <T>(slot: MemoSlot<T>, make: () => T) => T;
}

export function renderMemo(): RenderMemo {
  const values = new Map<MemoSlot<unknown>, unknown>();
  return {
    get<T>(slot: MemoSlot<T>, make: () => T): T {
      if (values.has(slot)) return values.get(slot) as T;
      const value = make();
      values.set(slot, value);
      return value;
    },
  };
}
