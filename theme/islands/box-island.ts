/**
 * Runs in the component box only: what a static React page (or the static
 * component of a route a plugin added) gets in place of an island component
 * it imports (pipeline/io/site-component-bundle.ts swaps the import). While
 * the box renders a page or route it collects the islands: the wrapper
 * writes a mark where the component stands and keeps the component with the
 * props the page gave it; the box renders each one apart afterwards
 * (pipeline/io/workers/component-box-worker.ts), as the browser will hydrate
 * it, on its own. Outside such a render (an entry of the theme's component
 * map used in MDX, which the build makes an island itself) the component
 * renders as it is.
 */
import { createElement, type ComponentType } from 'react';

/** One island the page placed: its key, the component and the props it was given. */
export interface PlacedIsland {
  readonly key: string;
  readonly Component: ComponentType<any>;
  readonly props: Readonly<Record<string, unknown>>;
}

/** Where the box collects the islands of the page it renders; each bundle of site code has its own copy of this module. */
export const placedIslandsKey = '__ontwikkelaarsportaalIslands';

/** Stands for island `n` in the page's HTML until the build puts its element there; private-use characters no text has. */
export const islandMark = (n: number): string => `\uE000op-island-${n}\uE001`;

/** `Component` (the island named `key`) as a static page places it. */
export function boxIsland(Component: ComponentType<any>, key: string): ComponentType<any> {
  function Island(props: Record<string, unknown>) {
    const placed = (globalThis as Record<string, unknown>)[placedIslandsKey] as PlacedIsland[] | undefined;
    if (!placed) return createElement(Component, props);
    placed.push({ key, Component, props });
    return islandMark(placed.length - 1);
  }
  Island.displayName = `Eiland(${key})`;
  // The theme's component map names it under a name of its own: the box tells the build which island it is.
  Island.islandKey = key;
  return Island;
}
