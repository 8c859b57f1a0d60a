/**
 * Client-side navigation: same-origin link clicks load the next page first,
 * then swap it in and push history. Failures fall back to a full page load.
 * Pages are prefetched on hover and focus, unless the connection is 2g or
 * data saving is on. Links in view are prefetched only once the page is idle,
 * at most `inViewLimit` per page, and not at all on a metered or slow
 * connection: a list page in view holds a dozen links, and fetching them all
 * at once cost 300 KB of HTML before the reader did anything.
 */
import { createProgress } from './progress.ts';
import { hashTarget, showNavbar } from './navbar.ts';
import { normalisePath } from './paths.ts';

/** Route-matching and prefetch caches are capped at 10 000 entries, so a long visit never grows them without bound. */
export const cacheLimit = 10_000;

/** A Map that forgets its oldest entry beyond `limit`. */
export class BoundedCache<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly limit: number) {}
  get(key: K): V | undefined { return this.map.get(key); }
  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.limit) this.map.delete(this.map.keys().next().value as K);
  }
  delete(key: K): void { this.map.delete(key); }
  get size(): number { return this.map.size; }
}

const pageCache = new BoundedCache<string, Promise<Response>>(cacheLimit);

/** Pages prefetched per page because their links are in view (hover and focus do not count). */
export const inViewLimit = 4;

interface Connection { readonly saveData?: boolean; readonly effectiveType?: string; readonly type?: string }
const connection = (): Connection | undefined => (navigator as Navigator & { connection?: Connection }).connection;

/** Data saving on, or a 2g connection: no prefetch at all. */
const saveData = (): boolean => {
  const c = connection();
  return c?.saveData === true || (c?.effectiveType ?? '').includes('2g');
};

/** Also no prefetch of links in view on a connection that is slow (3g) or may be paid per byte (cellular). */
const meteredOrSlow = (): boolean => {
  const c = connection();
  return saveData() || c?.effectiveType === '3g' || c?.type === 'cellular';
};

/** A link the router may handle: same origin, a page (not a file), no new tab, no download. */
function routable(a: HTMLAnchorElement): URL | null {
  if (a.target && a.target !== '_self') return null;
  if (a.hasAttribute('download') || a.getAttribute('rel')?.includes('external')) return null;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin) return null;
  if (/\.(xml|json|txt|svg|png|jpe?g|gif|webp|pdf|ico|webmanifest|js|css)$/i.test(url.pathname) || url.pathname.startsWith('/assets/')) return null;
  url.pathname = normalisePath(url.pathname);
  return url;
}

const keyOf = (url: URL) => url.pathname + url.search;

function load(url: URL): Promise<Response> {
  const key = keyOf(url);
  const cached = pageCache.get(key);
  if (cached) return cached;
  const request = fetch(key, { credentials: 'same-origin' });
  pageCache.set(key, request);
  request.catch(() => pageCache.delete(key));
  return request;
}

/** Starts loading `url` unless it is loading or loaded already; true when this started a request. */
export function prefetch(url: URL): boolean {
  // Not on 2g or with data saving on, and never the page on screen (its own hash links).
  const key = keyOf(url);
  if (saveData() || key === keyOf(new URL(location.href)) || pageCache.get(key)) return false;
  void load(url).catch(() => {});
  return true;
}

export interface RouterOptions {
  /** Re-run the page's islands after new content is swapped in. */
  readonly onPage: () => void;
}

/** The history entry's own data: a key (for positions recorded in memory) and its last scroll position. */
interface EntryState { readonly key?: string; readonly scroll?: number }

const newKey = () => Math.random().toString(36).slice(2, 10);

/** A new page appears at its place at once: no smooth scrolling (the stylesheet's `scroll-behavior`) over swapped content. */
const jump = (top: number) => window.scrollTo({ top, behavior: 'instant' });

export function startRouter(root: Document, options: RouterOptions): void {
  const progress = createProgress(root);
  const announcer = root.createElement('div');
  announcer.className = 'visually-hidden';
  announcer.setAttribute('aria-live', 'assertive');
  announcer.setAttribute('role', 'status');
  const attachAnnouncer = () => root.body.append(announcer);
  attachAnnouncer();

  // The router restores scroll positions itself: the browser would restore them on the old page,
  // clamped to its height, before the next one is swapped in. A reload keeps the browser's restore.
  const manual = () => { history.scrollRestoration = 'manual'; };
  manual();
  window.addEventListener('pagehide', () => { history.scrollRestoration = 'auto'; });
  window.addEventListener('pageshow', manual);
  const positions = new BoundedCache<string, number>(cacheLimit);
  const state = (): EntryState => (history.state as EntryState | null) ?? {};
  let currentKey = state().key ?? newKey();
  const remember = () => {
    positions.set(currentKey, window.scrollY);
    history.replaceState({ ...state(), key: currentKey, scroll: window.scrollY }, '');
  };
  remember();
  let saving: ReturnType<typeof setTimeout> | undefined;
  window.addEventListener('scroll', () => { clearTimeout(saving); saving = setTimeout(remember, 150); }, { passive: true });
  /** The page whose content is on screen (path and query): a hash change within it needs no fetch. */
  let shown = keyOf(new URL(location.href));

  const swap = (html: string) => {
    const next = new DOMParser().parseFromString(html, 'text/html');
    root.title = next.title;
    for (const name of ['lang', 'dir', 'data-page']) {
      const value = next.documentElement.getAttribute(name);
      if (value !== null) root.documentElement.setAttribute(name, value);
    }
    // Head metadata that differs per page.
    const selectors = ['meta[name="description"]', 'meta[name="robots"]', 'link[rel="canonical"]', 'meta[property^="og:"]', 'meta[name^="twitter:"]', 'script[type="application/ld+json"]'];
    for (const selector of selectors) root.head.querySelectorAll(selector).forEach((n) => n.remove());
    for (const selector of selectors) next.head.querySelectorAll(selector).forEach((n) => root.head.append(root.importNode(n, true)));
    root.body.replaceChildren(...[...next.body.childNodes].map((n) => root.importNode(n, true)));
    attachAnnouncer();
    options.onPage();
    // Screen readers hear the new page's title (cleared first, so the same title is heard again).
    announcer.textContent = '';
    announcer.textContent = next.title;
  };

  /** After a navigation: a remembered position, else the hash target (focused), else the top with focus on main. */
  const scrollAfter = (url: URL, restore?: number) => {
    if (restore !== undefined) { jump(restore); return; }
    const target = hashTarget(root, url.hash);
    if (target) {
      target.scrollIntoView({ behavior: 'instant' });
      if (!target.hasAttribute('tabindex') && !/^(a|button|input|select|textarea)$/i.test(target.tagName)) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    } else {
      jump(0);
      if (url.hash.length > 1) showNavbar(root);
      root.querySelector<HTMLElement>('main')?.focus({ preventScroll: true });
    }
  };

  let current = 0;
  const navigate = async (url: URL, mode: 'push' | 'pop', restore?: number) => {
    const mine = ++current;
    progress.start();
    try {
      const response = await load(url);
      const html = await response.clone().text();
      if (!response.ok && response.status !== 404) throw new Error(`HTTP ${response.status}`);
      if (!response.headers.get('content-type')?.includes('text/html')) throw new Error('geen HTML');
      if (mine !== current) return;
      const finalUrl = new URL(response.url || url.href);
      finalUrl.pathname = normalisePath(finalUrl.pathname);
      finalUrl.hash = url.hash;
      if (mode === 'push') {
        currentKey = newKey();
        history.pushState({ key: currentKey, scroll: 0 }, '', finalUrl);
      }
      shown = keyOf(finalUrl);
      swap(html);
      scrollAfter(finalUrl, restore);
      document.dispatchEvent(new CustomEvent('ontwikkelaarsportaal:navigated', { detail: { url: finalUrl.href } }));
    } catch {
      // Loading failed: let the browser do a full page load of the target instead (back/forward: the address is already there).
      if (mine === current) { if (mode === 'pop') location.reload(); else location.assign(url.href); }
    } finally {
      if (mine === current) progress.done();
    }
  };

  root.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!a) return;
    const url = routable(a);
    if (!url) return;
    const here = new URL(location.href);
    // A hash on the same page: the browser scrolls; only re-show the navbar when the target is missing.
    if (url.pathname === here.pathname && url.search === here.search && url.hash) {
      if (!hashTarget(root, url.hash)) showNavbar(root);
      return;
    }
    e.preventDefault();
    remember();
    // Only the query changed: keep the scroll position.
    const keep = url.pathname === here.pathname && url.search !== here.search && !url.hash ? window.scrollY : undefined;
    void navigate(url, 'push', keep);
  });

  /** A new history entry or a traversal: returns the position remembered for the entry we arrive at. */
  const arrive = (): number | undefined => {
    const entry = state();
    if (entry.key === currentKey) return undefined;
    // The entry we leave keeps its position (the browser does not restore it: scrollRestoration is manual).
    positions.set(currentKey, window.scrollY);
    currentKey = entry.key ?? newKey();
    if (!entry.key) history.replaceState({ ...entry, key: currentKey }, '');
    return positions.get(currentKey) ?? entry.scroll;
  };

  // Back/forward, and fragment navigations within the page (the browser adds those entries itself).
  const onHistory = () => {
    const known = state().key === currentKey;
    const restore = arrive();
    const url = new URL(location.href);
    if (keyOf(url) !== shown) { void navigate(url, 'pop', restore ?? 0); return; }
    if (known) return;
    // Only the hash differs from the page on screen: no fetch. A missing target leaves the scroll alone.
    if (restore !== undefined) jump(restore);
    else if (!hashTarget(root, url.hash)) showNavbar(root);
  };
  window.addEventListener('popstate', onHistory);
  window.addEventListener('hashchange', onHistory);

  const hover = (e: Event) => {
    const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    const url = a ? routable(a) : null;
    if (url) prefetch(url);
  };
  root.addEventListener('mouseover', hover, { passive: true });
  root.addEventListener('focusin', hover);
}

let visibleObserver: IntersectionObserver | null = null;
let idleHandle: (() => void) | null = null;

/** Runs `run` once the page has loaded and the main thread is idle; returns a cancel function. */
function whenIdle(run: () => void): () => void {
  let cancel = () => {};
  const idle = () => {
    if ('requestIdleCallback' in window) {
      const id = requestIdleCallback(run, { timeout: 3000 });
      cancel = () => cancelIdleCallback(id);
    } else {
      // Safari has no requestIdleCallback: a second after load is past the page's own work.
      const id = setTimeout(run, 1000);
      cancel = () => clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') idle();
  else {
    let cancelled = false;
    window.addEventListener('load', () => { if (!cancelled) idle(); }, { once: true });
    cancel = () => { cancelled = true; };
  }
  return () => cancel();
}

/** Links in the content come before those in navigation and side columns. */
const rank = (a: Element) => (a.closest('nav, aside') ? 1 : 0);

/**
 * Prefetch the page links of the current page that are in view, once the page is idle: at most
 * `inViewLimit` pages, content links first. The previous page's observer stops.
 */
export function prefetchVisible(root: Document): void {
  visibleObserver?.disconnect();
  visibleObserver = null;
  idleHandle?.();
  idleHandle = null;
  if (meteredOrSlow() || !('IntersectionObserver' in window)) return;
  idleHandle = whenIdle(() => {
    idleHandle = null;
    let started = 0;
    const observer = visibleObserver = new IntersectionObserver((entries) => {
      const seen = entries.filter((e) => e.isIntersecting).map((e) => e.target as HTMLAnchorElement).sort((a, b) => rank(a) - rank(b));
      for (const a of seen) {
        observer.unobserve(a);
        const url = started < inViewLimit ? routable(a) : null;
        if (url && prefetch(url)) started++;
      }
      if (started >= inViewLimit) observer.disconnect();
    });
    root.querySelectorAll<HTMLAnchorElement>('main a[href], .paginator a[href]').forEach((a) => observer.observe(a));
  });
}
