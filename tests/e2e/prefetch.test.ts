/**
 * Prefetch of the links in view: only once the page is idle, at most
 * `inViewLimit` pages before the reader does anything, and none on a
 * metered or slow connection. Hover and focus still prefetch.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { testSite, closeBrowser } from './browser.ts';
import { inViewLimit } from '../../theme/client/router.ts';

const prefetch = suite('e2e: prefetch');
prefetch.after(async () => { await closeBrowser(); });

type Connection = { saveData: boolean; effectiveType: string; type?: string } | null;

/** Opens `path` untouched (no mouse, no keys) and returns the pages it fetched by itself once idle. */
async function prefetched(path: string, width: number, connection: Connection = null, act?: (tab: Page) => Promise<void>): Promise<string[]> {
  const { origin, page } = await testSite();
  const tab = await page();
  await tab.setViewport({ width, height: 900 });
  // tsx names the inner functions of callbacks with a `__name` helper that the page lacks.
  await tab.evaluateOnNewDocument('globalThis.__name = (f) => f;');
  if (connection) await tab.evaluateOnNewDocument((c) => Object.defineProperty(navigator, 'connection', { configurable: true, value: c }), connection);
  const pages: string[] = [];
  tab.on('request', (r) => { if (r.resourceType() === 'fetch' && !new URL(r.url()).pathname.startsWith('/assets/')) pages.push(new URL(r.url()).pathname); });
  await tab.goto(`${origin}${path}`, { waitUntil: 'networkidle0' });
  // Past the page's own idle callback (requestIdleCallback runs callbacks in the order they were asked for), then its requests.
  await tab.evaluate(() => new Promise<void>((resolve) => {
    const after = () => setTimeout(resolve, 0);
    if ('requestIdleCallback' in window) requestIdleCallback(after, { timeout: 5000 }); else setTimeout(after, 1500);
  }));
  await tab.waitForNetworkIdle({ idleTime: 300 });
  if (act) {
    await act(tab);
    await tab.waitForNetworkIdle({ idleTime: 300 });
  }
  await tab.close();
  return pages;
}

for (const width of [390, 1280, 1920]) {
  prefetch(`/blog at ${width} px: at most ${inViewLimit} pages prefetched before any interaction, and some`, async () => {
    const pages = await prefetched('/blog', width);
    assert.ok(pages.length <= inViewLimit, `${pages.length} prefetched: ${pages.join(', ')}`);
    assert.ok(pages.length >= 1, 'links in view are still prefetched once the page is idle');
    assert.not.ok(pages.includes('/blog'), 'never the page itself');
  });
}

prefetch('a list page prefetches the content links in view before its navigation and side columns', async () => {
  const pages = await prefetched('/blog', 1280);
  assert.ok(pages.some((p) => /^\/blog\/\d{4}\//.test(p)), `a post of the list among: ${pages.join(', ')}`);
});

prefetch('no prefetch of links in view with data saving on, on 2g, on 3g or on a cellular connection', async () => {
  for (const connection of [
    { saveData: true, effectiveType: '4g' },
    { saveData: false, effectiveType: '2g' },
    { saveData: false, effectiveType: '3g' },
    { saveData: false, effectiveType: '4g', type: 'cellular' },
  ]) {
    assert.equal(await prefetched('/blog', 1280, connection), [], JSON.stringify(connection));
  }
});

prefetch('hover and focus still prefetch, past the in-view limit', async () => {
  const hovered = await prefetched('/blog', 1280, null, async (tab) => {
    await tab.hover('[data-navbar] a[href="/communities/"]');
    await tab.$eval('[data-navbar] a[href^="/kennisbank"]', (a) => (a as HTMLElement).focus());
  });
  assert.ok(hovered.includes('/communities/'), `on hover: ${hovered.join(', ')}`);
  assert.ok(hovered.some((p) => p.startsWith('/kennisbank')), `on focus: ${hovered.join(', ')}`);
});

prefetch.run();
