/**
 * The search modal: the shortcuts that open and close it, keyboard
 * use of the results, the focus trap and the focus returned on close, the footer link to the search
 * page, the texts for no results and for a failed search, and a query that is never HTML.
 * The navbar's button variant (no search page configured) is rendered in
 * tests/pipeline/search-modal-navbar.test.ts; here its behaviour is checked on a converted link.
 */
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import YAML from 'yaml';
import type { Page } from 'puppeteer-core';
import { testSite, closeBrowser } from './browser.ts';
import { settled as pageSettled } from './settled.ts';
import { root } from '../helpers.ts';

const modal = suite('e2e: search modal');
modal.after(async () => { await closeBrowser(); });

const DOC = '/kennisbank/apis/problem-details';
const config = YAML.parse(fs.readFileSync(path.join(root, 'dist-config/site.yml'), 'utf8')) as { ideaUrl: string; search: { page: string } };

async function open(pagePath: string, before?: (tab: Page) => Promise<void>): Promise<Page> {
  const { origin, page } = await testSite();
  const tab = await page();
  // tsx names the inner functions of callbacks with a `__name` helper that the page lacks.
  await tab.evaluateOnNewDocument('globalThis.__name = (f) => f;');
  if (before) await before(tab);
  await tab.goto(`${origin}${pagePath}`, { waitUntil: 'load' });
  return tab;
}

const isOpen = (tab: Page) => tab.evaluate(() => {
  const dialog = document.querySelector<HTMLElement>('.search-modal[role="dialog"]');
  return !!dialog && dialog.checkVisibility();
});
const opened = (tab: Page) => tab.waitForFunction(() => document.querySelector<HTMLElement>('.search-modal[role="dialog"]')?.checkVisibility() === true, { timeout: 10_000 });
const closed = (tab: Page) => tab.waitForFunction(() => document.querySelector<HTMLElement>('.search-modal[role="dialog"]')?.checkVisibility() !== true, { timeout: 5000 });

async function chord(tab: Page, modifier: 'Control' | 'Meta', key: string): Promise<void> {
  await tab.keyboard.down(modifier);
  await tab.keyboard.press(key as 'k');
  await tab.keyboard.up(modifier);
}

/** Waits until the modal shows results or a message, and returns its status line. */
const settled = (tab: Page) => tab.waitForFunction(() => (document.querySelector('.search-modal [role="status"]')?.textContent ?? '') !== '', { timeout: 10_000 })
  .then(() => tab.$eval('.search-modal [role="status"]', (el) => el.textContent ?? ''));

/** Opens the modal with Ctrl+K and searches for `query`. */
async function search(tab: Page, query: string): Promise<string> {
  await chord(tab, 'Control', 'k');
  await opened(tab);
  await tab.keyboard.type(query);
  await tab.waitForFunction((q) => (document.querySelector<HTMLInputElement>('.search-modal input')?.value ?? '') === q, {}, query);
  return settled(tab);
}

const activeInside = (tab: Page) => tab.evaluate(() => !!document.activeElement && !!document.querySelector('.search-modal')?.contains(document.activeElement));
const focusedIs = (tab: Page, selector: string) => tab.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);

modal('should open and close with Ctrl+K and Cmd+K, as a labelled modal dialog over an inert page, and close on Escape', async () => {
  const tab = await open(DOC);
  assert.not.ok(await isOpen(tab));
  await chord(tab, 'Control', 'k');
  await opened(tab);
  const state = await tab.evaluate(() => {
    const dialog = document.querySelector('.search-modal')!;
    const input = dialog.querySelector('input')!;
    return {
      modal: dialog.getAttribute('aria-modal'), label: dialog.getAttribute('aria-label'),
      focus: document.activeElement === input, role: input.getAttribute('role'), controls: input.getAttribute('aria-controls'),
      inputLabel: input.labels?.[0]?.textContent,
      inert: ['header', 'main', 'footer'].map((s) => document.querySelector<HTMLElement>(s)?.closest<HTMLElement>('body > *')?.inert),
    };
  });
  assert.equal(state, {
    modal: 'true', label: 'Zoek in de Kennisbank, API- en OSS-register', focus: true, role: 'combobox', controls: 'search-modal-results',
    inputLabel: 'Zoekterm', inert: [true, true, true],
  });
  await chord(tab, 'Control', 'k');
  await closed(tab);
  assert.is(await tab.evaluate(() => document.querySelector('main')?.closest<HTMLElement>('body > *')?.inert), false, 'the page is usable again');
  await chord(tab, 'Meta', 'k');
  await opened(tab);
  await chord(tab, 'Meta', 'k');
  await closed(tab);
  await chord(tab, 'Meta', 'k');
  await opened(tab);
  await tab.keyboard.press('Escape');
  await closed(tab);
  await tab.close();
});

modal('should open on / outside inputs, but not while typing / in an input', async () => {
  const tab = await open('/');
  await tab.keyboard.press('/');
  await opened(tab);
  assert.is(await tab.$eval('.search-modal input', (el) => (el as HTMLInputElement).value), '', 'the slash itself is not typed');
  await tab.keyboard.press('Escape');
  await closed(tab);
  await tab.focus('[data-search-input="home"]');
  await tab.keyboard.type('a/b');
  assert.is(await tab.$eval('[data-search-input="home"]', (el) => (el as HTMLInputElement).value), 'a/b');
  // The modal's code is loaded (it opened above): had the key opened it, it would be open once the page is idle.
  await pageSettled(tab);
  assert.not.ok(await isOpen(tab), 'typing / in an input does not open the modal');
  await tab.close();
});

modal('should open with the letters typed while the search link has focus, and give focus back on Escape', async () => {
  const tab = await open(DOC);
  await tab.focus('.navbar-search-link');
  // The modal loads on the first key: the keys typed meanwhile are kept.
  await tab.keyboard.type('api');
  await opened(tab);
  await tab.waitForFunction(() => document.querySelector<HTMLInputElement>('.search-modal input')?.value === 'api', { timeout: 5000 });
  assert.match(await settled(tab), /resultaten|Eén resultaat/);
  await tab.keyboard.press('Escape');
  await closed(tab);
  assert.ok(await focusedIs(tab, '.navbar-search-link'), 'focus is back on the search link');
  // A digit opens it too; Ctrl+K from there closes it and focus goes back again.
  await tab.keyboard.press('7');
  await opened(tab);
  assert.is(await tab.$eval('.search-modal input', (el) => (el as HTMLInputElement).value), '7');
  await chord(tab, 'Control', 'k');
  await closed(tab);
  assert.ok(await focusedIs(tab, '.navbar-search-link'));
  await tab.close();
});

modal('should move through the results with the arrow keys and open one with Enter', async () => {
  const tab = await open(DOC);
  assert.match(await search(tab, 'publiccode'), /resultaten/);
  const read = () => tab.evaluate(() => {
    const input = document.querySelector('.search-modal input')!;
    const options = [...document.querySelectorAll('.search-modal [role="listbox"] [role="option"]')];
    return {
      active: input.getAttribute('aria-activedescendant'), expanded: input.getAttribute('aria-expanded'),
      selected: options.filter((o) => o.getAttribute('aria-selected') === 'true').map((o) => o.id),
      ids: options.map((o) => o.id), urls: options.map((o) => new URL((o as HTMLAnchorElement).href).pathname + new URL((o as HTMLAnchorElement).href).hash),
      focus: document.activeElement === input,
    };
  });
  const first = await read();
  assert.ok(first.ids.length >= 3, `at least 3 results, got ${first.ids.length}`);
  assert.is(new Set(first.urls.map((u) => u.split('#')[0])).size, first.urls.length, 'one result per page');
  assert.is(first.expanded, 'true');
  assert.is(first.active, first.ids[0], 'the first result is active');
  assert.equal(first.selected, [first.ids[0]]);
  await tab.keyboard.press('ArrowDown');
  await tab.keyboard.press('ArrowDown');
  await tab.keyboard.press('ArrowUp');
  const second = await read();
  assert.is(second.active, first.ids[1]);
  assert.equal(second.selected, [first.ids[1]]);
  assert.ok(second.focus, 'focus stays in the input');
  await tab.keyboard.press('ArrowUp');
  await tab.keyboard.press('ArrowUp');
  assert.is((await read()).active, first.ids[first.ids.length - 1], 'ArrowUp on the first result goes round to the last');
  await tab.keyboard.press('ArrowDown');
  await tab.keyboard.press('ArrowDown');
  const target = first.urls[1]!;
  await tab.keyboard.press('Enter');
  await tab.waitForFunction((t) => location.pathname + location.hash === t, { timeout: 10_000 }, target);
  await closed(tab);
  assert.is(await tab.evaluate(() => document.documentElement.classList.contains('search-modal-open')), false);
  // The query is remembered as a recent search, offered the next time the modal opens empty.
  await chord(tab, 'Control', 'k');
  await opened(tab);
  const recent = await tab.$$eval('.search-modal-message .search-modal-term', (bs) => bs.map((b) => b.textContent));
  assert.ok(recent.includes('publiccode'), `recent searches: ${recent.join(', ')}`);
  await tab.close();
});

modal('should keep Tab and Shift+Tab inside the dialog', async () => {
  const tab = await open(DOC);
  await search(tab, 'xyzzyqwertyuiop');
  const stops = new Set<string>();
  for (let i = 0; i < 20; i++) {
    await tab.keyboard.press('Tab');
    assert.ok(await activeInside(tab), `Tab ${i + 1} left the dialog`);
    stops.add(await tab.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`));
  }
  assert.ok(stops.size >= 4, `Tab visits the input, the close button, the suggestions and the link: ${[...stops].join(' | ')}`);
  await tab.focus('.search-modal input');
  await tab.keyboard.down('Shift');
  await tab.keyboard.press('Tab');
  await tab.keyboard.up('Shift');
  assert.ok(await activeInside(tab), 'Shift+Tab from the input stays inside');
  assert.is(await tab.evaluate(() => document.activeElement?.textContent), 'Laat het ons weten.', 'Shift+Tab from the first goes to the last');
  await tab.close();
});

modal('should link "Laat alle N resultaten zien" to the search page with the query', async () => {
  const { origin } = await testSite();
  const tab = await open(DOC);
  const status = await search(tab, 'api');
  const footer = await tab.$eval('.search-modal-footer a', (a) => ({ text: a.textContent ?? '', href: a.getAttribute('href') }));
  const count = Number(/^Laat alle (\d+) resultaten zien$/.exec(footer.text)?.[1]);
  assert.ok(count > 10, `"${footer.text}"`);
  assert.is(status, `${count} resultaten`);
  assert.is(footer.href, `${config.search.page}?q=api`);
  assert.is(await tab.$$eval('.search-modal [role="option"]', (os) => os.length), 10, 'the modal shows the first 10');
  await tab.click('.search-modal-footer a');
  await tab.waitForFunction(() => location.pathname === '/zoeken', { timeout: 10_000 });
  assert.is(new URL(tab.url()).search, '?q=api');
  assert.is(new URL(tab.url()).origin, origin);
  await tab.waitForFunction(() => /gevonden/.test(document.querySelector('.search-status')?.textContent ?? ''), { timeout: 10_000 });
  assert.is(await tab.$eval('.search-status', (el) => el.textContent), `${count} documenten gevonden`, 'the same count as the search page');
  await tab.close();
});

modal('should say when nothing is found, suggest terms and link to the idea chooser', async () => {
  const tab = await open(DOC);
  assert.is(await search(tab, 'xyzzyqwertyuiop'), 'Geen resultaten voor "xyzzyqwertyuiop"');
  const texts = await tab.$$eval('.search-modal-message p', (ps) => ps.map((p) => p.textContent));
  assert.equal(texts, ['Geen resultaten voor "xyzzyqwertyuiop"', 'Probeer om te zoeken op', 'Zou deze zoekopdracht resultaten moeten opleveren? Laat het ons weten.']);
  assert.is(await tab.$eval('.search-modal-help a', (a) => a.getAttribute('href')), config.ideaUrl);
  assert.is(await tab.$('.search-modal [role="listbox"]:not([hidden])'), null, 'no empty listbox');
  assert.is(await tab.$eval('.search-modal input', (el) => el.getAttribute('aria-expanded')), 'false');
  assert.is(await tab.$eval('.search-modal-footer', (el) => (el as HTMLElement).hidden), true);
  const suggestions = await tab.$$eval('.search-modal-term', (bs) => bs.map((b) => b.textContent ?? ''));
  assert.ok(suggestions.length >= 3, `suggestions: ${suggestions.join(', ')}`);
  // A suggestion searches for itself.
  await tab.click('.search-modal-term');
  assert.match(await tab.waitForFunction(() => /resultaten|Eén resultaat/.test(document.querySelector('.search-modal [role="status"]')?.textContent ?? ''), { timeout: 5000 }).then(() => 'ok'), 'ok');
  assert.is(await tab.$eval('.search-modal input', (el) => (el as HTMLInputElement).value), suggestions[0]);
  assert.ok(await focusedIs(tab, '.search-modal input'));
  await tab.close();
});

modal('should say when the search fails', async () => {
  const tab = await open(DOC, async (t) => {
    await t.setRequestInterception(true);
    t.on('request', (req) => (req.url().includes('search-index') ? req.abort('internetdisconnected') : req.continue()));
  });
  assert.is(await search(tab, 'api'), 'Niet in staat resultaten op te halen');
  assert.equal(await tab.$$eval('.search-modal-message p', (ps) => ps.map((p) => p.textContent)), ['Niet in staat resultaten op te halen', 'Misschien wilt u uw netwerkverbinding controleren.']);
  assert.is(await tab.$$eval('.search-modal [role="option"]', (os) => os.length), 0);
  await tab.close();
});

modal('should never insert the query as HTML', async () => {
  const tab = await open(DOC);
  let dialog = false;
  tab.on('dialog', async (d) => { dialog = true; await d.dismiss(); });
  const count = () => tab.evaluate(() => document.querySelectorAll('img, script, iframe').length);
  const before = await count();
  for (const payload of ['<img src=x onerror=alert(1)>', '"><script>alert(1)</script>', '"><script>']) {
    await tab.goto(tab.url(), { waitUntil: 'load' });
    await search(tab, payload);
    assert.is(await tab.$eval('.search-modal input', (el) => (el as HTMLInputElement).value), payload);
    assert.is(await tab.$$eval('.search-modal img, .search-modal script, .search-modal iframe', (els) => els.length), 0, payload);
    assert.is(await count(), before, `${payload}: no element added to the page`);
    const message = await tab.$eval('.search-modal-message', (el) => el.textContent ?? '');
    if (message) assert.ok(message.includes(payload), `${payload}: shown as text`);
  }
  // Past the page's own work and its requests (an injected image's error handler would have run by then).
  await pageSettled(tab);
  assert.not.ok(dialog, 'no alert ran');
  await tab.close();
});

modal('should open from the navbar button when no search page is configured, without a footer link', async () => {
  const tab = await open(DOC);
  // The navbar as rendered without `search.page` (tests/pipeline/search-modal-navbar.test.ts): a button with the same data.
  await tab.evaluate(() => {
    const link = document.querySelector('.navbar-search-link')!;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'navbar-search-button';
    for (const { name, value } of [...link.attributes]) if (name.startsWith('data-') || name.startsWith('aria-label')) button.setAttribute(name, value);
    button.setAttribute('data-search-page', '');
    button.setAttribute('aria-haspopup', 'dialog');
    button.append(...link.childNodes);
    link.replaceWith(button);
  });
  await tab.click('.navbar-search-button');
  await opened(tab);
  assert.ok(await focusedIs(tab, '.search-modal input'));
  await tab.keyboard.type('api');
  assert.match(await settled(tab), /resultaten/);
  assert.is(await tab.$eval('.search-modal-footer', (el) => (el as HTMLElement).hidden), true, 'no search page: no "Laat alle … resultaten zien"');
  // Clicking beside the dialog closes it, and focus goes back to the button.
  await tab.mouse.click(5, 890);
  await closed(tab);
  assert.ok(await focusedIs(tab, '.navbar-search-button'));
  // The close button as well.
  await tab.keyboard.press('Enter');
  await opened(tab);
  await tab.click('.search-modal-close');
  await closed(tab);
  assert.ok(await focusedIs(tab, '.navbar-search-button'));
  await tab.close();
});

modal.run();
