/**
 * The parts of the interactive shell (issue 6) that our own configuration
 * leaves out, on the small fixture site tests/fixtures/interactive-site: every
 * navbar item type, desktop and mobile dropdowns, the announcement bar, the
 * footer row with a light and dark logo, the colour mode before first paint,
 * and browser storage that throws. The site is served with the production
 * CSP, so nothing here may rely on inline script.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { shellSite, closeBrowser } from './browser.ts';

const fixture = suite('e2e: shell fixture site (dropdowns, announcement, footer row)');
fixture.after(async () => { await closeBrowser(); });

const ARTICLE = '/kennisbank/apis/lang';
const announcement = { id: 'docusaurus.announcement.id', dismiss: 'docusaurus.announcement.dismiss' };

/** Every tab shares one browser profile: start each tab's first page with only the given stored values. */
const seed = (tab: Page, values: Record<string, string>) => tab.evaluateOnNewDocument((v: Record<string, string>) => {
  try {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.clear();
    for (const [key, value] of Object.entries(v)) localStorage.setItem(key, value);
  } catch { /* a test that makes storage throw */ }
}, values);

/** A tab on the fixture site; `storage` is written before the first page of the origin loads. */
async function open(path: string, options: { storage?: Record<string, string>; width?: number; blockBundle?: boolean } = {}): Promise<Page> {
  const { origin, page } = await shellSite();
  const tab = await page();
  // tsx names inner functions with a `__name` helper that the page lacks.
  await tab.evaluateOnNewDocument('globalThis.__name = (f) => f;');
  if (options.width) await tab.setViewport({ width: options.width, height: 800 });
  await seed(tab, options.storage ?? {});
  if (options.blockBundle) {
    // Only theme/static/theme-init.js runs: what the reader sees before the module bundle.
    await tab.setRequestInterception(true);
    tab.on('request', (req) => (/\/assets\/shell-[^/]+\.js$/.test(req.url()) ? void req.abort('failed') : void req.continue()));
  }
  await tab.goto(`${origin}${path}`, { waitUntil: 'load' });
  return tab;
}

const expanded = (tab: Page, label: string) => tab.evaluate((l) => {
  const button = [...document.querySelectorAll<HTMLButtonElement>('[data-navbar] [data-dropdown] > button')].find((b) => b.textContent === l);
  const menu = button?.parentElement?.querySelector('.dropdown-menu');
  return { aria: button?.getAttribute('aria-expanded'), visible: menu ? getComputedStyle(menu).display !== 'none' : null };
}, label);
const isOpen = async (tab: Page, label: string) => {
  const state = await expanded(tab, label);
  assert.is(state.aria === 'true', state.visible, `aria-expanded (${state.aria}) must match what is shown (${state.visible})`);
  return state.visible;
};
const focusedText = (tab: Page) => tab.evaluate(() => document.activeElement?.textContent ?? '');
/** Keyboard focus on the "Meer" dropdown button: focus the link before it, then Tab. */
async function tabToMeer(tab: Page): Promise<void> {
  await tab.$eval('.navbar-item-docSidebar a', (a) => (a as HTMLElement).focus());
  await tab.keyboard.press('Tab');
  assert.is(await focusedText(tab), 'Meer');
}

fixture('should render every navbar item type', async () => {
  const tab = await open(`${ARTICLE}`);
  const types = await tab.$$eval('[data-navbar] nav[aria-label="Hoofdmenu"] > ul > li', (lis) => lis.map((li) => li.className.replace('navbar-item navbar-item-', '')));
  assert.equal(types, ['doc', 'docSidebar', 'dropdown', 'link', 'localeDropdown', 'docsVersion', 'docsVersionDropdown', 'html']);
  // doc sidebar: the sidebar's first doc, active on every page of that sidebar.
  assert.equal(await tab.$eval('.navbar-item-docSidebar a', (a) => [a.getAttribute('href'), a.classList.contains('active')]), ['/kennisbank/apis/', true]);
  assert.equal(await tab.$eval('.navbar-item-doc a', (a) => [a.textContent, a.getAttribute('href')]), ['Kennisbank', '/kennisbank']);
  assert.is(await tab.$eval('.navbar-item-localeDropdown button', (b) => b.textContent), 'Nederlands');
  assert.is(await tab.$eval('.navbar-item-docsVersion a', (a) => a.textContent), 'Versie');
  assert.is(await tab.$eval('.navbar-item-docsVersionDropdown button', (b) => b.textContent), 'Versie: Next');
  assert.is(await tab.$eval('.navbar-item-html .fixture-html', (s) => s.textContent), 'Bèta');
  // search: a search page is configured, so an icon link with the Dutch label.
  assert.equal(await tab.$eval('.navbar-search a', (a) => [a.getAttribute('href'), a.getAttribute('aria-label')]), ['/zoeken', 'Zoek op deze pagina']);
  await tab.close();
});

fixture('should open a desktop dropdown on hover and close it when the pointer leaves', async () => {
  const tab = await open('/kennisbank');
  assert.is(await isOpen(tab, 'Meer'), false);
  await tab.hover('.navbar-item-dropdown button');
  assert.is(await isOpen(tab, 'Meer'), true);
  await tab.hover('main h1');
  assert.is(await isOpen(tab, 'Meer'), false);
  // A click on a menu the pointer opened keeps it open, also after the pointer leaves; a click outside closes it.
  await tab.click('.navbar-item-dropdown button');
  assert.is(await isOpen(tab, 'Meer'), true);
  await tab.hover('main h1');
  assert.is(await isOpen(tab, 'Meer'), true);
  await tab.click('main h1');
  assert.is(await isOpen(tab, 'Meer'), false);
  await tab.close();
});

fixture('should open a desktop dropdown on keyboard focus, toggle it with Enter and close it on Escape', async () => {
  const tab = await open('/kennisbank');
  await tabToMeer(tab);
  assert.is(await isOpen(tab, 'Meer'), true, 'opens on focus');
  await tab.keyboard.press('Enter');
  assert.is(await isOpen(tab, 'Meer'), false, 'Enter closes');
  await tab.keyboard.press('Enter');
  assert.is(await isOpen(tab, 'Meer'), true, 'Enter opens');
  await tab.keyboard.press('Tab');
  assert.is(await focusedText(tab), 'Contact');
  assert.is(await isOpen(tab, 'Meer'), true, 'stays open while focus is inside');
  await tab.keyboard.press('Escape');
  assert.is(await isOpen(tab, 'Meer'), false, 'Escape closes');
  assert.is(await focusedText(tab), 'Meer', 'Escape returns focus to the button');
  await tab.close();
});

fixture('should close a desktop dropdown when focus or a click goes outside it', async () => {
  const tab = await open('/kennisbank');
  await tabToMeer(tab);
  assert.is(await isOpen(tab, 'Meer'), true);
  await tab.keyboard.down('Shift');
  await tab.keyboard.press('Tab');
  await tab.keyboard.up('Shift');
  assert.is(await focusedText(tab), 'API-artikelen');
  assert.is(await isOpen(tab, 'Meer'), false, 'focus outside closes');
  await tab.keyboard.press('Tab');
  assert.is(await isOpen(tab, 'Meer'), true);
  // Tab through the three items and out of the menu.
  for (let i = 0; i < 4; i++) await tab.keyboard.press('Tab');
  assert.is(await focusedText(tab), 'Blog');
  assert.is(await isOpen(tab, 'Meer'), false, 'tabbing out closes');
  // Another dropdown opening closes this one.
  await tabToMeer(tab);
  await tab.click('main h1');
  assert.is(await isOpen(tab, 'Meer'), false, 'a click outside closes');
  await tab.close();
});

fixture('should add listeners once: after client navigations one click toggles once and no listener piles up', async () => {
  const { origin, page } = await shellSite();
  const tab = await page();
  await tab.evaluateOnNewDocument('globalThis.__name = (f) => f;');
  await seed(tab, {});
  // Count the listeners on window, document and media queries (those outlive a swapped page).
  await tab.evaluateOnNewDocument(() => {
    const w = window as unknown as { globalListeners: number };
    w.globalListeners = 0;
    const global = (target: EventTarget) => target === window || target === document || target instanceof MediaQueryList;
    const add = EventTarget.prototype.addEventListener;
    const remove = EventTarget.prototype.removeEventListener;
    EventTarget.prototype.addEventListener = function (this: EventTarget, ...args: Parameters<typeof add>) {
      if (global(this)) w.globalListeners++;
      return add.apply(this, args);
    };
    EventTarget.prototype.removeEventListener = function (this: EventTarget, ...args: Parameters<typeof remove>) {
      if (global(this)) w.globalListeners--;
      return remove.apply(this, args);
    };
  });
  await tab.goto(`${origin}/kennisbank`, { waitUntil: 'load' });
  const count = () => tab.evaluate(() => (window as unknown as { globalListeners: number }).globalListeners);
  const before = await count();
  assert.ok(before > 5, `the counter works (${before})`);
  for (const href of ['/kennisbank/apis/', '/kennisbank/apis/lang', '/contact', '/kennisbank', '/kennisbank/apis/', '/kennisbank']) {
    await tab.evaluate((h) => (document.querySelector(`a[href="${h}"]`) as HTMLAnchorElement).click(), href);
    await tab.waitForFunction((h) => location.pathname === h && document.documentElement.dataset.page === h, {}, href);
  }
  assert.is(await count(), before, 'as many global listeners as after the first page');
  assert.is(await tab.evaluate(() => performance.getEntriesByType('navigation').length), 1, 'no full page load');
  // One activation, one toggle.
  await tabToMeer(tab);
  await tab.keyboard.press('Enter');
  assert.is(await isOpen(tab, 'Meer'), false);
  await tab.keyboard.press('Enter');
  assert.is(await isOpen(tab, 'Meer'), true);
  const mode = () => tab.$eval('[data-color-mode-toggle]', (b) => (b as HTMLElement).dataset.mode);
  assert.is(await mode(), 'system');
  // System still follows the OS after the swaps (one listener, acting on the current page).
  await tab.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
  await tab.waitForFunction(() => document.documentElement.dataset.theme === 'dark', { timeout: 3000, polling: 50 });
  await tab.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
  await tab.waitForFunction(() => document.documentElement.dataset.theme === 'light', { timeout: 3000, polling: 50 });
  await tab.click('[data-color-mode-toggle]');
  assert.is(await mode(), 'light', 'one click: one step of the cycle');
  await tab.click('[data-color-mode-toggle]');
  assert.is(await mode(), 'dark');
  await tab.close();
});

fixture('should expand a mobile dropdown with the caret, labelled in Dutch, and start expanded when an item is active', async () => {
  const caret = (tab: Page) => tab.evaluate(() => {
    const row = [...document.querySelectorAll('.mobile-primary .mobile-dropdown')].find((d) => d.querySelector('.menu-link')?.textContent === 'Meer');
    const button = row?.querySelector('.menu-caret');
    const list = row?.querySelector('ul') as HTMLElement | null;
    return { expanded: button?.getAttribute('aria-expanded'), label: button?.getAttribute('aria-label'), visible: list ? !list.hidden && list.offsetParent !== null : null };
  });
  const tab = await open('/contact', { width: 375 });
  await tab.click('[data-mobile-toggle]');
  assert.equal(await caret(tab), { expanded: 'true', label: 'Dropdown inklappen', visible: true }, 'Contact is in "Meer": expanded');
  await tab.click('.mobile-primary .menu-caret');
  assert.equal(await caret(tab), { expanded: 'false', label: 'Dropdown uitvouwen', visible: false });
  await tab.close();
  const other = await open('/blog', { width: 375 });
  await other.click('[data-mobile-toggle]');
  assert.equal(await caret(other), { expanded: 'false', label: 'Dropdown uitvouwen', visible: false }, 'no active item: collapsed');
  await other.click('.mobile-primary .menu-caret');
  assert.equal(await caret(other), { expanded: 'true', label: 'Dropdown inklappen', visible: true });
  await other.close();
});

fixture('should close the announcement bar, remember it, and never show a dismissed bar, not even before the bundle runs', async () => {
  const tab = await open(ARTICLE);
  const barShown = (t: Page) => t.$eval('.announcement-bar', (el) => getComputedStyle(el).display !== 'none');
  assert.ok(await barShown(tab));
  assert.is(await tab.$eval('.announcement-close', (b) => b.getAttribute('aria-label')), 'Sluit de aankondiging');
  await tab.click('.announcement-close');
  assert.not.ok(await barShown(tab));
  assert.equal(await tab.evaluate((k) => [localStorage.getItem(k.id), localStorage.getItem(k.dismiss)], announcement), ['announcement-bar', 'true']);
  assert.ok(await tab.evaluate(() => document.activeElement?.classList.contains('skip-link')), 'focus continues at the skip link, just before the navbar');
  // Client navigation: still closed.
  await tab.click('.navbar-item-doc a');
  await tab.waitForFunction(() => location.pathname === '/kennisbank');
  assert.not.ok(await barShown(tab));
  await tab.close();
  // A new tab with the module bundle blocked: theme-init.js alone hides the bar before first paint.
  const fresh = await open(ARTICLE, { blockBundle: true, storage: { [announcement.id]: 'announcement-bar', [announcement.dismiss]: 'true' } });
  assert.not.ok(await fresh.evaluate(() => document.documentElement.classList.contains('js')), 'the bundle did not run');
  assert.not.ok(await barShown(fresh));
  await fresh.close();
  // And the same page without a dismissal shows it (the check above is not vacuous).
  const shown = await open(ARTICLE, { blockBundle: true });
  assert.ok(await barShown(shown));
  await shown.close();
});

fixture('should show the bar again when the configured id differs from the stored one', async () => {
  const tab = await open(ARTICLE, { storage: { [announcement.id]: 'vorige-aankondiging', [announcement.dismiss]: 'true' } });
  assert.ok(await tab.$eval('.announcement-bar', (el) => getComputedStyle(el).display !== 'none'));
  assert.equal(await tab.evaluate((k) => [localStorage.getItem(k.id), localStorage.getItem(k.dismiss)], announcement), ['announcement-bar', 'false']);
  await tab.close();
});

fixture('should migrate the legacy misspelt id value and keep its dismissal, also before first paint', async () => {
  const seeded = { [announcement.id]: 'annoucement-bar', [announcement.dismiss]: 'true' };
  const early = await open(ARTICLE, { blockBundle: true, storage: seeded });
  assert.is(await early.$eval('.announcement-bar', (el) => getComputedStyle(el).display), 'none');
  await early.close();
  const tab = await open(ARTICLE, { storage: seeded });
  assert.is(await tab.$eval('.announcement-bar', (el) => getComputedStyle(el).display), 'none');
  assert.equal(await tab.evaluate((k) => [localStorage.getItem(k.id), localStorage.getItem(k.dismiss)], announcement), ['announcement-bar', 'true']);
  await tab.close();
});

fixture('should ignore and replace a corrupted dismissal value', async () => {
  const tab = await open(ARTICLE, { storage: { [announcement.id]: 'announcement-bar', [announcement.dismiss]: '{"kapot":' } });
  assert.ok(await tab.$eval('.announcement-bar', (el) => getComputedStyle(el).display !== 'none'));
  assert.is(await tab.evaluate((k) => localStorage.getItem(k.dismiss), announcement), 'false');
  await tab.close();
});

fixture('should apply a stored colour mode before the bundle runs', async () => {
  const tab = await open(ARTICLE, { blockBundle: true, storage: { theme: 'dark' } });
  assert.is(await tab.$eval('html', (el) => el.getAttribute('data-theme')), 'dark');
  assert.is(await tab.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(15, 27, 39)');
  await tab.close();
});

fixture('should show the footer as a row of links with the logo variant of the current colour mode', async () => {
  const tab = await open('/contact');
  assert.not.ok(await tab.$('.footer-columns'));
  assert.equal(await tab.$$eval('.footer-row a', (as) => as.map((a) => a.textContent?.replace(' (opent in een nieuw tabblad)', ''))), ['Contact', 'Kennisbank', 'GitHub']);
  assert.is(await tab.$eval('.footer-copyright', (p) => p.textContent), 'Ontwikkelaarsportaal van de Nederlandse overheid.');
  const logo = () => tab.$$eval('.footer-logo img', (imgs) => imgs.filter((i) => getComputedStyle(i).display !== 'none').map((i) => (i.getAttribute('src') ?? '').replace(/^\/assets\/|-[0-9a-f]+\.svg$/g, '')));
  assert.equal(await logo(), ['logo']);
  // system → light → dark: the dark variant.
  await tab.click('[data-color-mode-toggle]');
  await tab.click('[data-color-mode-toggle]');
  assert.is(await tab.$eval('html', (el) => el.getAttribute('data-theme')), 'dark');
  assert.equal(await logo(), ['rijkslint']);
  assert.is(await tab.$eval('.footer-logo img', (i) => i.getAttribute('alt')), 'Logo van het portaal');
  await tab.close();
});

fixture('should keep every part working with one warning when browser storage throws', async () => {
  const { origin, page } = await shellSite();
  const tab = await page();
  await tab.evaluateOnNewDocument(() => {
    Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('geweigerd', 'SecurityError'); } });
  });
  const warnings: string[] = [];
  const errors: string[] = [];
  tab.on('console', (m) => { if (m.type() === 'warn') warnings.push(m.text()); if (m.type() === 'error') errors.push(m.text()); });
  tab.on('pageerror', (e) => errors.push(String(e)));
  await tab.goto(`${origin}${ARTICLE}`, { waitUntil: 'load' });
  assert.ok(await tab.$eval('.announcement-bar', (el) => getComputedStyle(el).display !== 'none'));
  await tab.click('.announcement-close');
  assert.is(await tab.$eval('.announcement-bar', (el) => getComputedStyle(el).display), 'none', 'closes without storage');
  await tab.click('[data-color-mode-toggle]');
  await tab.click('[data-color-mode-toggle]');
  assert.is(await tab.$eval('html', (el) => el.getAttribute('data-theme')), 'dark', 'the toggle works without storage');
  await tabToMeer(tab);
  assert.is(await isOpen(tab, 'Meer'), true);
  await tab.click('.navbar-item-doc a');
  await tab.waitForFunction(() => location.pathname === '/kennisbank');
  assert.is(await tab.$eval('html', (el) => el.getAttribute('data-theme')), 'dark', 'the choice holds for the visit');
  assert.is(warnings.filter((w) => w.includes('Browseropslag')).length, 1, warnings.join('\n'));
  assert.equal(errors, []);
  assert.not.ok(await tab.$('.crash-panel'));
  await tab.close();
});

fixture.run();
