/**
 * The component box's own process (pipeline/io/component-box.ts starts it):
 * the only place a site's components are bundled, imported and rendered. It
 * runs with the environment and heap its keeper gives it, answers over the
 * IPC channel, and knows nothing of time limits: a component that loops is
 * stopped from outside, by killing this process.
 *
 * Messages in: `load` (once, first), then `render` one at a time.
 * Messages out: `loading` before each module is imported, `ready` with the
 * components' keys and the problems, `rendered` or `failed` per render.
 */
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ComponentType, ReactElement } from 'react';
import { bundleComponents, require, type SiteComponentsOptions } from '../site-component-bundle.ts';
import { childrenMark, type BoxAnswer, type BoxRequest, type RenderedIsland, type SiteFacts } from '../component-box-protocol.ts';
import { unserialisableProp } from '../island-props.ts';
import { placedIslandsKey, type PlacedIsland } from '../../../theme/islands/box-island.ts';
import { siteCodeContextKey, type SiteCodeContext } from '../../../theme/mdx/docusaurus.tsx';

/**
 * Should the build die without killing this process (SIGKILL), this process
 * goes too: a thread of its own notices the new parent even while a
 * component loops on the main thread, and kills the whole process group
 * (this process leads it; whatever a component started is in it).
 */
function dieWithParent(): void {
  const parent = process.ppid;
  const watcher = `const { ppid, pid, kill } = process; setInterval(() => { if (process.ppid !== ${parent}) { try { kill(-${process.pid}, 'SIGKILL'); } catch { kill(${process.pid}, 'SIGKILL'); } } }, 200);`;
  new Worker(watcher, { eval: true }).unref();
}

const send = (answer: BoxAnswer): void => {
  process.send?.(answer);
};

let components = new Map<string, ComponentType<any>>();
let pages = new Map<string, ComponentType<any>>();
/** The first line of what was thrown: the message the build shows. */
const firstLine = (err: unknown): string => (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';

/** What site code reads of the site and tells of its page (theme/mdx/docusaurus.tsx); set anew before each render. */
let context: SiteCodeContext = { siteConfig: {}, locale: 'nl', messages: {}, pathname: '/', page: {}, pluginData: false };

function freshContext(pathname: string): SiteCodeContext {
  context = { ...context, pathname, page: {}, pluginData: false };
  (globalThis as Record<string, unknown>)[siteCodeContextKey] = context;
  return context;
}
let render: ((element: ReactElement) => string) | null = null;
let renderHydratable: ((element: ReactElement) => string) | null = null;
let createElement: typeof import('react').createElement | null = null;
let isValidElement: typeof import('react').isValidElement | null = null;
let Fragment: typeof import('react').Fragment | null = null;

async function load(options: SiteComponentsOptions, skip: ReadonlyArray<string>, site: SiteFacts): Promise<void> {
  context = { ...context, ...site };
  freshContext('/');
  // The React the components import (the generator's own copy) renders them too.
  const server = (await import(pathToFileURL(require.resolve('react-dom/server')).href)) as { renderToStaticMarkup: (element: ReactElement) => string; renderToString: (element: ReactElement) => string };
  const react = (await import(pathToFileURL(require.resolve('react')).href)) as typeof import('react');
  render = server.renderToStaticMarkup;
  // An island hydrates in the browser: React's markers between text nodes must be there for it.
  renderHydratable = server.renderToString;
  createElement = react.createElement;
  isValidElement = react.isValidElement;
  Fragment = react.Fragment;
  const bundled = await bundleComponents(options, new Set(skip), (rel) => send({ type: 'loading', rel }));
  components = new Map([...bundled.components].map(([key, { component }]) => [key, component as ComponentType<any>]));
  pages = new Map([...bundled.pages].map(([rel, { component }]) => [rel, component as ComponentType<any>]));
  send({
    type: 'ready', components: [...bundled.components].map(([key, { shown, styles, island }]) => ({ key, shown, styles, ...(island ? { island } : {}) })),
    pages: [...bundled.pages].map(([rel, { shown, styles }]) => ({ rel, shown, styles })),
    sheets: [...bundled.sheets], assets: [...bundled.assets], problems: [...bundled.problems], inputs: [...bundled.inputs],
  });
}

function renderOne(request: Extract<BoxRequest, { type: 'render' }>): void {
  const Component = components.get(request.key);
  if (!Component || !render || !createElement) {
    send({ type: 'failed', id: request.id, message: 'het component is niet geladen' });
    return;
  }
  try {
    const facts = freshContext('/');
    // An island's children are static HTML in the browser too: they stand in an `<op-slot>` it keeps as it is (theme/islands/runtime.ts).
    const children = request.hydrate ? createElement('op-slot', { style: { display: 'contents' } }, childrenMark) : childrenMark;
    const html = (request.hydrate && renderHydratable ? renderHydratable : render)(createElement(Component, request.children ? { ...request.props, children } : request.props));
    send({ type: 'rendered', id: request.id, html, pluginData: facts.pluginData });
  } catch (err) {
    send({ type: 'failed', id: request.id, message: firstLine(err) });
  }
}

/** Why a prop cannot go to the browser as JSON, or null. Element children go as static HTML; other elements cannot. */
function badProp(props: Readonly<Record<string, unknown>>): { prop: string; why: string } | null {
  const { children, ...rest } = props;
  for (const [name, value] of Object.entries(rest)) {
    if (isValidElement?.(value)) return { prop: name, why: 'een React-element (alleen children gaat mee als vaste HTML)' };
  }
  if (typeof children === 'function') return { prop: 'children', why: 'een functie' };
  return unserialisableProp(elementChildren(children) ? rest : props);
}

const elementChildren = (children: unknown): boolean => Array.isArray(children) || (isValidElement?.(children) ?? false);

/**
 * The islands a static page placed, each rendered apart as the browser will
 * hydrate it: on its own, with the props the page gave it. Element children
 * render first, to static HTML with the page's islands still collected (an
 * island in them is one more, later in the list); the island's own render
 * collects none (what it draws, it hydrates).
 */
function renderIslands(placed: PlacedIsland[]): RenderedIsland[] {
  const out: RenderedIsland[] = [];
  const global = globalThis as Record<string, unknown>;
  for (let i = 0; i < placed.length; i++) {
    const { key, Component, props } = placed[i]!;
    const bad = badProp(props);
    const slotted = bad === null && elementChildren(props.children);
    const slot = slotted ? render!(createElement!(Fragment!, null, props.children as never)) : null;
    global[placedIslandsKey] = undefined;
    try {
      const { children: _children, ...rest } = props;
      const html = bad !== null ? render!(createElement!(Component, props))
        : renderHydratable!(createElement!(Component, slotted ? { ...rest, children: createElement!('op-slot', { style: { display: 'contents' } }, childrenMark) } : props));
      out.push({ key, html, props: bad !== null ? '{}' : JSON.stringify(slotted ? rest : props), slot, ...(bad !== null ? { bad } : {}) });
    } finally {
      global[placedIslandsKey] = placed;
    }
  }
  return out;
}

/**
 * A page component at its path: its HTML and what its `Layout` and `Head`
 * said. A React page of the pages folder renders without props; a route a
 * plugin added, with the route's props as the build gives them (its
 * `createData` modules and `route`). Either renders for hydration when it
 * is an island as a whole, or else collects the islands it places.
 */
function renderPageAt(request: Extract<BoxRequest, { type: 'render-page' | 'render-route' }>): void {
  const Page = pages.get(request.rel);
  if (!Page || !render || !createElement) {
    send({ type: 'failed', id: request.id, message: request.type === 'render-page' ? 'de pagina is niet geladen' : 'het component van de route is niet geladen' });
    return;
  }
  try {
    const facts = freshContext(request.pathname);
    // A static page collects the islands it places (theme/islands/box-island.ts); a page that is one island as a whole has none.
    const placed: PlacedIsland[] = [];
    if (!request.hydrate) (globalThis as Record<string, unknown>)[placedIslandsKey] = placed;
    const element = request.type === 'render-page' ? createElement(Page) : createElement(Page, request.props);
    const html = (request.hydrate && renderHydratable ? renderHydratable : render)(element);
    const islands = renderIslands(placed);
    send({ type: 'page-rendered', id: request.id, html, page: facts.page, pluginData: facts.pluginData, islands });
  } catch (err) {
    send({ type: 'failed', id: request.id, message: firstLine(err) });
  } finally {
    (globalThis as Record<string, unknown>)[placedIslandsKey] = undefined;
  }
}

dieWithParent();
process.on('message', (request: BoxRequest) => {
  if (request.type === 'load') {
    load(request.options, request.skip, request.site).catch((err: unknown) => {
      send({ type: 'broken', message: firstLine(err) });
    });
  } else if (request.type === 'render-page' || request.type === 'render-route') renderPageAt(request);
  else renderOne(request);
});
// The channel closing is the keeper's way of saying it is done.
process.on('disconnect', () => process.exit(0));
