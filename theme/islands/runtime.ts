/**
 * What an island chunk calls to come alive: React's client API (preact/compat
 * when the generator has it, see pipeline/io/island-bundle.ts) hydrates the
 * component's HTML from the build in its container, and only that subtree.
 * Every island chunk imports this module; the bundler puts it, with React,
 * in one shared chunk.
 */
import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

/** Hydrates `Component` with `props` in `container`; returns how to unmount it. */
export function hydrateIsland(container: Element, Component: ComponentType<any>, props: Record<string, unknown>, name: string): () => void {
  const built = container.textContent;
  const root = hydrateRoot(container, createElement(Component, props), {
    // A component that draws otherwise in the browser than at the build (a hydration mismatch):
    // React renders it anew in the browser; the console says which island.
    onRecoverableError: (error) => console.error(`Eiland ${name}: de browser tekent iets anders dan de build (hydratatieverschil).`, error),
    onUncaughtError: (error) => console.error(`Eiland ${name} faalde.`, error),
  });
  // preact/compat hydrates at once and writes its own text over the build's, without a word: a text that
  // changed during the call is the same mismatch. (React hydrates later, and says so through onRecoverableError.)
  if (container.textContent !== built) console.error(`Eiland ${name}: de browser tekent iets anders dan de build (hydratatieverschil).`);
  return () => root.unmount();
}
