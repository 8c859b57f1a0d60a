/**
 * Search while the index loads: the search page and the modal show
 * "Zoekindex laden…" in a polite live region for as long as the index
 * request is held back, then the results; when the request fails, the
 * failure text of the spec (section 8).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { HTTPRequest, Page } from 'puppeteer-core';
import { testSite, closeBrowser } from './browser.ts';

const loading = suite('e2e: search loading and failure states');
loading.after(async () => { await closeBrowser(); });

const isIndex = (url: string) => /^\/search-index\.json$/.test(new URL(url).pathname);

/** A tab whose index request waits until `release` is called (or fails at once with `fail`). */
async function heldTab(width: number, fail = false): Promise<{ tab: Page; requested: Promise<void>; release: () => void }> {
  const { page } = await testSite();
  const tab = await page();
  await tab.setViewport({ width, height: 900 });
  // tsx names the inner functions of callbacks with a `__name` helper that the page lacks.
  await tab.evaluateOnNewDocument('globalThis.__name = (f) => f;');
  await tab.setRequestInterception(true);
  let held: HTTPRequest | null = null;
  let seen: () => void = () => {};
  const requested = new Promise<void>((resolve) => { seen = resolve; });
  tab.on('request', (request) => {
    if (!isIndex(request.url())) { void request.continue(); return; }
    seen();
    if (fail) void request.abort('internetdisconnected');
    else held = request;
  });
  return { tab, requested, release: () => { void held?.continue(); } };
}

/** What the loading region says, and how it says it. */
const loadingState = (tab: Page, scope: string) => tab.evaluate((s) => {
  const live = [...document.querySelectorAll<HTMLElement>(`${s} [aria-live="polite"]`)].find((el) => /Zoekindex laden/.test(el.textContent ?? ''));
  return live ? { text: live.textContent ?? '', visible: live.checkVisibility() && live.getBoundingClientRect().height > 0 } : null;
}, scope);

const waitForLoadingText = (tab: Page, scope: string) => tab.waitForFunction((s) => [...document.querySelectorAll(`${s} [aria-live="polite"]`)].some((el) => /Zoekindex laden/.test(el.textContent ?? '')), { timeout: 10_000 }, scope);

const pageScope = '.search-results';
const modalScope = '.search-modal';

for (const width of [390, 1280, 1920]) {
  loading(`search page at ${width} px: "Zoekindex laden…" while the index loads, then the results`, async () => {
    const { origin } = await testSite();
    const { tab, requested, release } = await heldTab(width);
    await tab.goto(`${origin}/zoeken?q=api`, { waitUntil: 'domcontentloaded' });
    await requested;
    await waitForLoadingText(tab, pageScope).catch(() => {});
    const state = await loadingState(tab, pageScope);
    assert.ok(state, 'a polite live region says the index is loading');
    assert.is(state.text, 'Zoekindex laden…');
    assert.ok(state.visible, 'and shows it on screen');
    release();
    await tab.waitForFunction(() => document.querySelectorAll('.search-result').length > 0, { timeout: 10_000 });
    assert.is(await loadingState(tab, pageScope), null, 'the loading state is gone once results appear');
    await tab.close();
  });
}

loading('search modal: "Zoekindex laden…" while the index loads, then the results', async () => {
  const { origin } = await testSite();
  for (const width of [390, 1280]) {
    const { tab, requested, release } = await heldTab(width);
    await tab.goto(`${origin}/kennisbank/apis/problem-details`, { waitUntil: 'load' });
    await tab.keyboard.down('Control');
    await tab.keyboard.press('k');
    await tab.keyboard.up('Control');
    await tab.waitForFunction(() => document.querySelector<HTMLElement>('.search-modal[role="dialog"]')?.checkVisibility() === true, { timeout: 10_000 });
    await tab.keyboard.type('api');
    await requested;
    await waitForLoadingText(tab, modalScope).catch(() => {});
    const state = await loadingState(tab, modalScope);
    assert.ok(state, `${width} px: a polite live region in the modal says the index is loading`);
    assert.is(state.text, 'Zoekindex laden…');
    assert.ok(state.visible, 'and shows it on screen');
    release();
    await tab.waitForFunction(() => document.querySelectorAll('.search-modal [role="option"]').length > 0, { timeout: 10_000 });
    assert.is(await loadingState(tab, modalScope), null, 'the loading state is gone once results appear');
    await tab.close();
  }
});

loading('search page and modal: the failure text of the spec when the index cannot be loaded, no loading state left', async () => {
  const { origin } = await testSite();
  const onPage = await heldTab(1280, true);
  await onPage.tab.goto(`${origin}/zoeken?q=api`, { waitUntil: 'load' });
  await onPage.tab.waitForFunction(() => /Niet in staat/.test(document.querySelector('.search-results')?.textContent ?? ''), { timeout: 10_000 });
  const pageText = await onPage.tab.$eval('.search-results', (el) => el.textContent ?? '');
  assert.match(pageText, /Niet in staat resultaten op te halen/);
  assert.match(pageText, /Misschien wilt u uw netwerkverbinding controleren\./);
  assert.is(await loadingState(onPage.tab, pageScope), null);
  await onPage.tab.close();

  const inModal = await heldTab(390, true);
  await inModal.tab.goto(`${origin}/kennisbank/apis/problem-details`, { waitUntil: 'load' });
  await inModal.tab.keyboard.down('Control');
  await inModal.tab.keyboard.press('k');
  await inModal.tab.keyboard.up('Control');
  await inModal.tab.waitForFunction(() => document.querySelector<HTMLElement>('.search-modal[role="dialog"]')?.checkVisibility() === true, { timeout: 10_000 });
  await inModal.tab.keyboard.type('api');
  await inModal.tab.waitForFunction(() => /Niet in staat/.test(document.querySelector('.search-modal-message')?.textContent ?? ''), { timeout: 10_000 });
  assert.equal(await inModal.tab.$$eval('.search-modal-message p', (ps) => ps.map((p) => p.textContent)), ['Niet in staat resultaten op te halen', 'Misschien wilt u uw netwerkverbinding controleren.']);
  assert.is(await loadingState(inModal.tab, modalScope), null);
  await inModal.tab.close();
});

loading.run();
