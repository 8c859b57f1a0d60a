/**
 * The Docusaurus API as an island sees it in the browser: what
 * theme/mdx/docusaurus.tsx gives at build time, with the parts that differ
 * in a browser. The island bundle (pipeline/io/island-bundle.ts) points each
 * `@docusaurus/…` and `@theme/…` import of site code here.
 *
 * `useIsBrowser` is false while the island hydrates and true after, as in
 * Docusaurus: the first render in the browser must equal the build's HTML,
 * or React reports a hydration mismatch. `useSyncExternalStore` gives
 * exactly that: its server snapshot during hydration, its own after.
 */
import { createElement, Fragment, useSyncExternalStore, type ReactNode } from 'react';

export {
  Link, clsx, Admonition, Details, CodeBlock, Heading, Head, translate, Translate, useBaseUrl, useBaseUrlUtils, useDocusaurusContext,
  useColorMode, useGlobalData, usePluginData, useAllPluginInstancesData, Layout, DocCardList, Tabs, TabItem, DocCard,
} from '../mdx/docusaurus.tsx';

const subscribe = (): (() => void) => () => {};

/** `@docusaurus/useIsBrowser`: false during hydration (as at build time), true from then on. */
export const useIsBrowser = (): boolean => useSyncExternalStore(subscribe, () => true, () => false);

/** `@docusaurus/BrowserOnly`: its fallback while hydrating, then what its children function draws. */
export function BrowserOnly({ children, fallback }: { children?: () => ReactNode; fallback?: ReactNode }) {
  const browser = useIsBrowser();
  if (!browser || typeof children !== 'function') return fallback ?? null;
  return createElement(Fragment, null, children());
}

/** `useLocation` of `@docusaurus/router`: the page in the address bar. */
export const useLocation = () => ({ pathname: location.pathname, search: location.search, hash: location.hash, state: undefined, key: 'default' });

/** `useHistory` of `@docusaurus/router`: a push or replace is a page load (the shell's router takes links, not history calls). */
export const useHistory = () => ({
  location: useLocation(),
  push: (to: string) => location.assign(to), replace: (to: string) => location.replace(to),
  go: (n: number) => history.go(n), goBack: () => history.back(), goForward: () => history.forward(), listen: () => () => {},
});
