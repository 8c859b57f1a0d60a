import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { testSite, closeBrowser } from './browser.ts';

const search = suite('e2e: search page');
search.after(async () => { await closeBrowser(); });

const resultsText = async (tab: import('puppeteer-core').Page) =>
  tab.waitForFunction(() => document.querySelector('.search-status')?.textContent, { timeout: 10_000 }).then(() => tab.$eval('.search-status', (el) => el.textContent ?? ''));

search('should read q from the address, show grouped results and write q back while typing', async () => {
  const { origin, page } = await testSite();
  const tab = await page();
  await tab.goto(`${origin}/zoeken?q=problem%20details`, { waitUntil: 'load' });
  assert.is(await tab.$eval('#search-page-input', (el) => (el as HTMLInputElement).value), 'problem details');
  assert.match(await resultsText(tab), /documenten? gevonden|Eén document gevonden/);
  const urls = await tab.$$eval('.search-result a', (as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  assert.ok(urls.includes('/kennisbank/apis/problem-details'), urls.join(', '));
  assert.is(new Set(urls).size, urls.length, 'one hit per page');
  assert.ok(await tab.$('.search-result mark'), 'matched words are marked');
  await tab.click('#search-page-input', { count: 3 });
  await tab.type('#search-page-input', 'publiccode');
  await tab.waitForFunction(() => new URL(location.href).searchParams.get('q') === 'publiccode', { timeout: 5000 });
  await tab.waitForFunction(() => [...document.querySelectorAll('.search-result a')].some((a) => a.getAttribute('href')?.includes('publiccode')), { timeout: 5000 });
  await tab.close();
});

search('should fold diacritics: "categorieen" finds "categorieën"', async () => {
  const { origin, page } = await testSite();
  const tab = await page();
  await tab.goto(`${origin}/zoeken?q=categorieen`, { waitUntil: 'load' });
  assert.match(await resultsText(tab), /gevonden/);
  assert.not.match(await resultsText(tab), /Geen resultaten/);
  await tab.close();
});

search('should say when nothing is found and when the index cannot be loaded', async () => {
  const { origin, page } = await testSite();
  const tab = await page();
  await tab.goto(`${origin}/zoeken?q=xyzzyqwertyuiop`, { waitUntil: 'load' });
  assert.is(await resultsText(tab), 'Geen resultaten gevonden');
  const failing = await page();
  await failing.setRequestInterception(true);
  failing.on('request', (req) => (req.url().includes('search-index') ? req.abort('internetdisconnected') : req.continue()));
  await failing.goto(`${origin}/zoeken?q=api`, { waitUntil: 'load' });
  const status = await resultsText(failing);
  assert.match(status, /Niet in staat resultaten op te halen/);
  assert.match(status, /Misschien wilt u uw netwerkverbinding controleren\./);
  await tab.close();
  await failing.close();
});

search('should never insert the query as HTML', async () => {
  const { origin, page } = await testSite();
  const tab = await page();
  let dialog = false;
  tab.on('dialog', async (d) => { dialog = true; await d.dismiss(); });
  for (const payload of ['<img src=x onerror=alert(1)>', '"><script>alert(1)</script>']) {
    await tab.goto(`${origin}/zoeken?q=${encodeURIComponent(payload)}`, { waitUntil: 'load' });
    await resultsText(tab);
    assert.is(await tab.$$eval('main img, main script', (els) => els.length), 0);
    assert.is(await tab.$eval('#search-page-input', (el) => (el as HTMLInputElement).value), payload);
  }
  assert.not.ok(dialog);
  await tab.close();
});

search('should explain without JavaScript that search needs it, and keep the form working', async () => {
  const { origin, page } = await testSite();
  const tab = await page();
  await tab.setJavaScriptEnabled(false);
  await tab.goto(`${origin}/zoeken`, { waitUntil: 'load' });
  assert.ok(await tab.$eval('[data-search-no-js]', (el) => getComputedStyle(el).display !== 'none'));
  assert.is(await tab.$eval('form[role="search"]', (el) => el.getAttribute('action')), '/zoeken');
  assert.is(await tab.$eval('meta[name="robots"]', (el) => el.getAttribute('content')), 'noindex, follow');
  await tab.close();
});

search.run();
