/**
 * The chrome around a docs article, at the widths a reader meets it: the
 * collapsible "Op deze pagina" below 997 px, sticky sidebar and TOC that
 * follow the navbar when it hides, breadcrumbs that wrap without a stray
 * separator, the sidebar's and the dropdowns' chevrons, and the announcement
 * bar's HTML and focus (on the fixture site, which has one).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { closeBrowser, shellSite, testSite, type TestSite } from './browser.ts';
import { twoFrames } from './settled.ts';

const chrome = suite('e2e: docs chrome (mobile TOC, sticky columns, breadcrumbs, chevrons, announcement)');
chrome.after(async () => { await closeBrowser(); });

/** Long enough to scroll, with a TOC, a nested sidebar and breadcrumbs four levels deep. */
const ARTICLE = '/kennisbank/apis/api-design-rules/hoe-te-voldoen/doc-openapi-contact';
const FIXTURE_ARTICLE = '/kennisbank/apis/lang';

async function open(site: Promise<TestSite>, path: string, width: number, options: { reducedMotion?: boolean } = {}): Promise<Page> {
  const { origin, page } = await site;
  const tab = await page();
  // tsx names inner functions with a `__name` helper that the page lacks.
  await tab.evaluateOnNewDocument('globalThis.__name = (f) => f;');
  // Every tab shares one profile: a dismissed announcement in one test must not hide it in the next.
  await tab.evaluateOnNewDocument(() => { try { localStorage.clear(); } catch { /* no storage */ } });
  await tab.setViewport({ width, height: 800 });
  if (options.reducedMotion) await tab.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
  await tab.goto(`${origin}${path}`, { waitUntil: 'load' });
  return tab;
}

/** The collapsible TOC: a <details> in the article whose summary reads "Op deze pagina". */
const mobileToc = (tab: Page) => tab.evaluate(() => {
  const details = [...document.querySelectorAll('main details')].find((d) => d.querySelector(':scope > summary')?.textContent?.trim() === 'Op deze pagina') as HTMLDetailsElement | undefined;
  if (!details) return null;
  const box = details.getBoundingClientRect();
  const h1 = document.querySelector('main h1');
  return {
    shown: getComputedStyle(details).display !== 'none' && box.height > 0,
    open: details.open,
    links: [...details.querySelectorAll('a')].map((a) => a.getAttribute('href')),
    beforeContent: h1 ? Boolean(details.compareDocumentPosition(h1) & Node.DOCUMENT_POSITION_FOLLOWING) : false,
  };
});

const sideTocShown = (tab: Page) => tab.evaluate(() => {
  const toc = document.querySelector('nav.toc');
  return toc ? getComputedStyle(toc).display !== 'none' && toc.getBoundingClientRect().width > 0 : false;
});

chrome('should show a closed "Op deze pagina" at 390 px that opens and whose links move to the heading', async () => {
  const tab = await open(testSite(), ARTICLE, 390);
  const toc = await mobileToc(tab);
  assert.ok(toc, 'a details element with the summary "Op deze pagina" in the article');
  assert.ok(toc.shown, 'shown at 390 px');
  assert.not.ok(toc.open, 'closed at first');
  assert.ok(toc.beforeContent, 'at the top of the article, before the title');
  assert.ok(toc.links.length >= 3 && toc.links.every((h) => h?.startsWith('#')), `links to the headings: ${toc.links.join(' ')}`);
  assert.not.ok(await sideTocShown(tab), 'no side TOC at 390 px');
  await tab.click('main details > summary');
  assert.ok((await mobileToc(tab))?.open, 'opens on a click on its summary');
  const target = toc.links[2] ?? '';
  const link = await tab.$(`main details a[href="${target}"]`);
  assert.ok(link && await link.isVisible(), 'its links show once open');
  await link.click();
  await tab.waitForFunction((hash: string) => location.hash === hash, {}, target);
  // The heading lands in the upper part of the screen, below the navbar, once scrolling settles.
  const landed = await tab.waitForFunction((id: string) => {
    const top = document.getElementById(id)?.getBoundingClientRect().top ?? -1;
    return top >= 0 && top < window.innerHeight / 3;
  }, { timeout: 5000 }, decodeURIComponent(target.slice(1))).then(() => true, () => false);
  const top = await tab.evaluate((id: string) => document.getElementById(id)?.getBoundingClientRect().top, decodeURIComponent(target.slice(1)));
  assert.ok(landed, `the heading ${target} is at the top of the viewport (its top: ${top} px)`);
  await tab.close();
});

chrome('should hide "Op deze pagina" from 997 px up, where the side TOC shows', async () => {
  for (const width of [997, 1280, 1920]) {
    const tab = await open(testSite(), ARTICLE, width);
    const toc = await mobileToc(tab);
    assert.ok(toc, 'the details element is in the page');
    assert.not.ok(toc.shown, `hidden at ${width} px`);
    assert.ok(await sideTocShown(tab), `the side TOC shows at ${width} px`);
    await tab.close();
  }
});

/** Where the sticky columns and the navbar are, relative to the viewport. */
const columns = (tab: Page) => tab.evaluate(() => {
  const top = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().top ?? null;
  const aside = document.querySelector('.docs-sidebar')?.getBoundingClientRect();
  const page = document.querySelector('.page')?.getBoundingClientRect();
  return {
    navbarBottom: document.querySelector('[data-navbar]')?.getBoundingClientRect().bottom ?? null,
    navbarHidden: document.querySelector('[data-navbar]')?.classList.contains('navbar-hidden') ?? false,
    sidebar: top('[data-docs-sidebar]'),
    toc: top('nav.toc'),
    asideHeight: aside?.height ?? 0,
    pageHeight: page?.height ?? 0,
  };
});

for (const reducedMotion of [false, true]) {
  chrome(`should keep the sticky sidebar and TOC at the top of the viewport when the navbar hides, and below it when it returns${reducedMotion ? ' (reduced motion)' : ''}`, async () => {
    for (const width of [1280, 1920]) {
      const tab = await open(testSite(), ARTICLE, width, { reducedMotion });
      // Scrolling down hides the navbar.
      await tab.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
      await tab.evaluate(() => window.scrollTo({ top: 1200, behavior: 'instant' }));
      await tab.waitForFunction(() => (document.querySelector('[data-navbar]')?.getBoundingClientRect().bottom ?? 1) <= 0, { timeout: 5000 });
      // Once the columns have moved up (they may follow the navbar with a transition).
      await tab.waitForFunction(() => {
        const top = (s: string) => document.querySelector(s)?.getBoundingClientRect().top ?? 999;
        return top('[data-docs-sidebar]') <= 4 && top('nav.toc') <= 4;
      }, { timeout: 3000 }).catch(() => {});
      const hidden = await columns(tab);
      assert.ok(hidden.navbarHidden, 'the navbar hides on scrolling down');
      assert.ok(hidden.sidebar !== null && hidden.sidebar >= -1 && hidden.sidebar <= 4, `${width} px: the sidebar starts at the top of the viewport (at ${hidden.sidebar} px)`);
      assert.ok(hidden.toc !== null && hidden.toc >= -1 && hidden.toc <= 4, `${width} px: the TOC starts at the top of the viewport (at ${hidden.toc} px)`);
      // The sidebar's column (and its divider) runs the full height of the page body.
      assert.ok(hidden.asideHeight >= hidden.pageHeight - 1, `${width} px: the sidebar column is ${hidden.asideHeight} px high, the page ${hidden.pageHeight} px`);
      // Scrolling up brings the navbar back: the columns move down below it, not behind it.
      await tab.evaluate(() => window.scrollTo({ top: 1000, behavior: 'instant' }));
      await tab.waitForFunction(() => (document.querySelector('[data-navbar]')?.getBoundingClientRect().top ?? -1) >= 0, { timeout: 5000 });
      await tab.waitForFunction(() => {
        const bottom = document.querySelector('[data-navbar]')?.getBoundingClientRect().bottom ?? 0;
        const top = (s: string) => document.querySelector(s)?.getBoundingClientRect().top ?? -999;
        return top('[data-docs-sidebar]') >= bottom - 1 && top('nav.toc') >= bottom - 1;
      }, { timeout: 3000 }).catch(() => {});
      const shown = await columns(tab);
      assert.ok(shown.navbarBottom !== null && shown.sidebar !== null && shown.toc !== null);
      assert.ok(shown.sidebar >= shown.navbarBottom - 1 && shown.sidebar <= shown.navbarBottom + 4, `${width} px: the sidebar sits right below the navbar (${shown.sidebar} px, navbar ends at ${shown.navbarBottom} px)`);
      assert.ok(shown.toc >= shown.navbarBottom - 1 && shown.toc <= shown.navbarBottom + 4, `${width} px: the TOC sits right below the navbar (${shown.toc} px, navbar ends at ${shown.navbarBottom} px)`);
      await tab.close();
    }
  });
}

chrome('should wrap the breadcrumbs at 390 px with no line starting with a separator', async () => {
  const tab = await open(testSite(), ARTICLE, 390);
  const crumbs = await tab.evaluate(() => {
    const separator = (li: Element, pseudo: '::before' | '::after') => /›/.test(getComputedStyle(li, pseudo).content);
    const items = [...document.querySelectorAll('.breadcrumbs li')];
    const lines: Array<{ first: Element; top: number }> = [];
    for (const li of items) {
      const top = Math.round(li.getBoundingClientRect().top);
      if (!lines.some((l) => Math.abs(l.top - top) < 4)) lines.push({ first: li, top });
    }
    return {
      items: items.length,
      lines: lines.length,
      lineStarts: lines.map((l) => ({ text: l.first.textContent, separatorFirst: separator(l.first, '::before') })),
      separators: items.filter((li) => separator(li, '::before') || separator(li, '::after')).length,
      separatorBeforeFirst: items[0] ? separator(items[0], '::before') : false,
    };
  });
  assert.ok(crumbs.lines > 1, `the breadcrumbs wrap at 390 px (${crumbs.lines} line)`);
  for (const line of crumbs.lineStarts) assert.not.ok(line.separatorFirst, `the line starting with "${line.text}" starts with "›"`);
  assert.not.ok(crumbs.separatorBeforeFirst, 'no separator before the first item');
  assert.is(crumbs.separators, crumbs.items - 1, 'one separator between each two items');
  await tab.close();
});

/** The computed transform of the chevron in `button`, and whether it is an SVG. */
const chevron = (tab: Page, button: string) => tab.$eval(button, (b) => {
  const svg = b.querySelector('svg');
  return { svg: svg !== null, transform: svg ? getComputedStyle(svg).transform : null, expanded: b.getAttribute('aria-expanded') };
});

chrome('should draw the sidebar categories\' indicator as an SVG chevron that rotates when a category opens', async () => {
  for (const reducedMotion of [false, true]) {
    const tab = await open(testSite(), ARTICLE, 1280, { reducedMotion });
    const caret = '.docs-sidebar [data-menu-toggle][aria-expanded="false"]';
    await tab.waitForSelector(caret, { visible: true });
    const id = await tab.$eval(caret, (b) => b.getAttribute('aria-controls'));
    const button = `.docs-sidebar [data-menu-toggle][aria-controls="${id}"]`;
    const closed = await chevron(tab, button);
    assert.ok(closed.svg, 'the indicator is an svg');
    assert.is(await tab.$eval(button, (b) => getComputedStyle(b, '::before').content), 'none', 'no text triangle beside it');
    await tab.click(button);
    await tab.waitForFunction((s: string) => document.querySelector(s)?.getAttribute('aria-expanded') === 'true', {}, button);
    // Once the new style applies (two frames) and its transition, if any, has ended.
    await twoFrames(tab);
    await tab.$eval(`${button} svg`, (svg) => Promise.all(svg.getAnimations().map((a) => a.finished.catch(() => null))).then(() => undefined));
    const opened = await chevron(tab, button);
    assert.is.not(opened.transform, closed.transform, `the chevron rotates (${closed.transform} closed, ${opened.transform} open)`);
    await tab.close();
  }
});

chrome('should give the desktop navbar dropdown the same chevron, turning when it opens', async () => {
  const tab = await open(shellSite(), FIXTURE_ARTICLE, 1280, { reducedMotion: true });
  const button = '[data-navbar] [data-dropdown] > button';
  const closed = await chevron(tab, button);
  assert.ok(closed.svg, 'the dropdown button has an svg chevron');
  assert.is(await tab.$eval(button, (b) => b.textContent), 'Meer', 'the chevron adds no text');
  await tab.$eval(button, (b) => (b as HTMLButtonElement).click());
  const opened = await chevron(tab, button);
  assert.is(opened.expanded, 'true');
  assert.is.not(opened.transform, closed.transform, 'the chevron turns when the menu opens');
  await tab.close();
});

chrome('should render the announcement\'s link as a link', async () => {
  const tab = await open(shellSite(), FIXTURE_ARTICLE, 1280);
  const bar = await tab.$eval('.announcement-bar', (el) => ({
    text: el.textContent ?? '',
    links: [...el.querySelectorAll('a')].map((a) => ({ href: a.getAttribute('href'), text: a.textContent })),
  }));
  assert.not.match(bar.text, /<a|href=/, 'no literal HTML in the bar');
  assert.equal(bar.links, [{ href: '/kennisbank', text: 'kennisbank' }]);
  await tab.close();
});

chrome('should move focus to the skip link after closing the announcement, never to body', async () => {
  // The home page too: its logo is no link there.
  const cases = [['/', 390], ['/', 1280], [FIXTURE_ARTICLE, 390], [FIXTURE_ARTICLE, 1280]] as const;
  const results: Array<{ where: string; body: boolean; skip: boolean; visible: boolean; tabInNavbar: boolean }> = [];
  for (const [path, width] of cases) {
    const tab = await open(shellSite(), path, width);
    await tab.focus('.announcement-close');
    await tab.keyboard.press('Enter');
    await tab.waitForFunction(() => getComputedStyle(document.querySelector('.announcement-bar')!).display === 'none');
    const focused = await tab.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return { body: el === document.body || el === null, skip: el?.classList.contains('skip-link') ?? false, visible: el ? el.getBoundingClientRect().height > 0 : false };
    });
    // The next Tab continues in the navbar, where the bar was.
    await tab.keyboard.press('Tab');
    const tabInNavbar = await tab.evaluate(() => document.querySelector('[data-navbar]')?.contains(document.activeElement) ?? false);
    results.push({ where: `${path} at ${width} px`, ...focused, tabInNavbar });
    await tab.close();
  }
  for (const r of results) assert.not.ok(r.body, `${r.where}: focus is lost to body`);
  for (const r of results) assert.ok(r.skip && r.visible, `${r.where}: focus is on the skip link, shown`);
  for (const r of results) assert.ok(r.tabInNavbar, `${r.where}: Tab continues in the navbar`);
});

chrome.run();
