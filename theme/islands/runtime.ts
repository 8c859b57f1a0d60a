/**
 * What an island chunk calls to come alive: React's own client hydrates the
 * component's HTML from the build in its container, and only that subtree.
 * Every island chunk imports this module; the bundler puts it, with React,
 * in one shared chunk.
 */
import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

/** Hydrates `Component` with `props` in `container`; returns how to unmount it. */
export function hydrateIsland(container: Element, Component: ComponentType<any>, props: Record<string, unknown>, name: string): () => void {
  const root = hydrateRoot(container, createElement(Component, props), {
    // A component that draws otherwise in the browser than at the build (a hydration mismatch):
    // React renders it anew in the browser; the console says which island.
    onRecoverableError: (error) => console.error(`Eiland ${name}: de browser tekent iets anders dan de build (hydratatieverschil).`, error),
    onUncaughtError: (error) => console.error(`Eiland ${name} faalde.`, error),
  });
  return () => root.unmount();
}
