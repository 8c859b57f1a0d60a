/**
 * Client-side navigation: same-origin link clicks load the next page first,
 * then swap it in and push history. Failures fall back to a full page load.
 * Pages are prefetched on hover, focus or when a link scrolls into view,
 * unless the connection is 2g or data saving is on.
 */
import { createProgress } from './progress.ts';
import { showNavbar } from './navbar.ts';
import { normalisePath } from '../../pipeline/paths.ts';

/** Spec section 9: route-matching and prefetch caches are capped at 10 000 entries. */
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

const saveData = (): boolean => {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return connection?.saveData === true || (connection?.effectiveType ?? '').includes('2g');
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

export function prefetch(url: URL): void {
  if (saveData()) return;
  void load(url).catch(() => {});
}

export interface RouterOptions {
  /** Re-run the page's islands after new content is swapped in. */
  readonly onPage: () => void;
}

export function startRouter(root: Document, options: RouterOptions): void {
  const progress = createProgress(root);
  const announcer = root.createElement('div');
  announcer.className = 'visually-hidden';
  announcer.setAttribute('aria-live', 'assertive');
  announcer.setAttribute('role', 'status');
  const attachAnnouncer = () => root.body.append(announcer);
  attachAnnouncer();
  history.replaceState({ scroll: window.scrollY, ...history.state }, '');

  const swap = (html: string, url: URL) => {
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
    announcer.textContent = next.title;
    scrollAfter(url);
  };

  const scrollAfter = (url: URL, restore?: number) => {
    if (restore !== undefined) { window.scrollTo(0, restore); return; }
    const id = decodeURIComponent(url.hash.slice(1));
    const target = id ? root.getElementById(id) : null;
    if (target) {
      target.scrollIntoView();
      if (!target.hasAttribute('tabindex') && !/^(a|button|input|select|textarea)$/i.test(target.tagName)) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    } else {
      window.scrollTo(0, 0);
      if (id) showNavbar(root);
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
      if (!response.headers.get('content-type')?.includes('text/html')) throw new Error('geen HTML');
      if (mine !== current) return;
      const finalUrl = new URL(response.url || url.href);
      finalUrl.hash = url.hash;
      if (mode === 'push') history.pushState({ scroll: 0 }, '', finalUrl);
      swap(html, finalUrl);
      if (mode === 'pop' && restore !== undefined) scrollAfter(finalUrl, restore);
      document.dispatchEvent(new CustomEvent('ontwikkelaarsportaal:navigated', { detail: { url: finalUrl.href } }));
    } catch {
      // Loading failed: let the browser do a full page load of the target instead.
      location.assign(url.href);
    } finally {
      progress.done();
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
      if (!root.getElementById(decodeURIComponent(url.hash.slice(1)))) showNavbar(root);
      return;
    }
    e.preventDefault();
    history.replaceState({ ...history.state, scroll: window.scrollY }, '');
    if (url.pathname === here.pathname && url.search !== here.search) {
      // Only the query changed: keep the scroll position.
      const y = window.scrollY;
      void navigate(url, 'push').then(() => window.scrollTo(0, y));
      return;
    }
    void navigate(url, 'push');
  });

  window.addEventListener('popstate', (e) => {
    const restore = (e.state as { scroll?: number } | null)?.scroll;
    void navigate(new URL(location.href), 'pop', restore ?? 0);
  });

  const hover = (e: Event) => {
    const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    const url = a ? routable(a) : null;
    if (url) prefetch(url);
  };
  root.addEventListener('mouseover', hover, { passive: true });
  root.addEventListener('focusin', hover);
}

/** Prefetch the page links of the current page as they scroll into view. */
export function prefetchVisible(root: Document): void {
  if (saveData() || !('IntersectionObserver' in window)) return;
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      const url = routable(entry.target as HTMLAnchorElement);
      if (url) prefetch(url);
    }
  });
  root.querySelectorAll<HTMLAnchorElement>('main a[href], .paginator a[href]').forEach((a) => observer.observe(a));
}
