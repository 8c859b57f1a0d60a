/**
 * The layout of the home, blog list, search and not-found pages at 390, 1280
 * and 1920 px: the home hero spans the window, the tiles carry their
 * pictogram and configured badge, the hero's search leads to the search page,
 * no page scrolls sideways, and on a wide screen each page uses the width it
 * has instead of leaving half of it empty.
 *
 * "Not lopsided" is measured on the page's content, not its boxes: the union
 * of the rectangles of main's visible text, form fields and pictograms. On a
 * desktop width its margins left and right differ by at most 5 % of the
 * window, and it is at least 60 % as wide as the page column (the window, up
 * to the 80rem the navbar's items line up with).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { testSite, closeBrowser } from './browser.ts';
import { root } from '../helpers.ts';
import { parseData } from '../../pipeline/stages/parse.ts';
import { validateConfig } from '../../pipeline/stages/validate.ts';
import { valueOf } from '../../pipeline/result.ts';

const layouts = suite('e2e: page layouts');
layouts.after(async () => { await closeBrowser(); });

const widths = [390, 1280, 1920] as const;
/** The page column: `--op-page-max-inline-size`, 80rem. */
const column = 1280;

const config = valueOf(validateConfig(valueOf(parseData({
  path: 'site.yml', display: 'dist-config/site.yml', text: fs.readFileSync(path.join(root, 'dist-config/site.yml'), 'utf8'),
}))));

async function open(url: string, width: number, options: { javaScript?: boolean } = {}): Promise<Page> {
  const { origin, page } = await testSite();
  const tab = await page();
  await tab.setViewport({ width, height: 900 });
  if (options.javaScript === false) await tab.setJavaScriptEnabled(false);
  await tab.goto(`${origin}${url}`, { waitUntil: 'load' });
  return tab;
}

async function onPage(url: string, width: number, check: (tab: Page) => Promise<void>, options: { javaScript?: boolean } = {}): Promise<void> {
  const tab = await open(url, width, options);
  try {
    await check(tab);
  } finally {
    await tab.close();
  }
}

/** The document's width beyond the window (0 when nothing sticks out sideways), and what sticks out. */
const overflow = (tab: Page) => tab.evaluate(() => {
  const width = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll('body *')]
    .filter((el) => el.getBoundingClientRect().right > width + 0.5 && getComputedStyle(el).position !== 'fixed')
    .slice(0, 3).map((el) => `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}`);
  return { extra: document.documentElement.scrollWidth - width, wide };
});

/** The union of main's visible content: elements with their own text, form fields, pictograms and images. */
const contentBox = (tab: Page, scope = 'main') => tab.$eval(scope, (main) => {
  const rects: DOMRect[] = [];
  for (const el of main.querySelectorAll('*')) {
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none' || el.closest('.visually-hidden, .sr-only')) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
    if (!own && !el.matches('input, button, svg, img')) continue;
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) rects.push(r);
  }
  const left = Math.min(...rects.map((r) => r.left));
  const right = Math.max(...rects.map((r) => r.right));
  return { left, right, width: right - left, window: document.documentElement.clientWidth };
});

async function assertBalanced(tab: Page, label: string): Promise<void> {
  const box = await contentBox(tab);
  const margins = { left: box.left, right: box.window - box.right };
  assert.ok(Math.abs(margins.left - margins.right) <= 0.05 * box.window,
    `${label}: the content is centred (margins ${Math.round(margins.left)} and ${Math.round(margins.right)} px in a ${box.window} px window)`);
  const page = Math.min(box.window, column);
  assert.ok(box.width >= 0.6 * page,
    `${label}: the content uses at least 60 % of the ${page} px page column (${Math.round(box.width)} px)`);
}

// ---------------------------------------------------------------------------
// Home

layouts('home: the hero is as wide as the window at 390, 1280 and 1920 px', async () => {
  for (const width of widths) {
    await onPage('/', width, async (tab) => {
      const hero = await tab.$eval('.hero', (el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, width: r.width, window: document.documentElement.clientWidth };
      });
      assert.is(Math.round(hero.left), 0, `hero starts at the window's edge at ${width} px`);
      assert.is(Math.round(hero.width), hero.window, `hero width equals the window at ${width} px`);
    });
  }
});

layouts('home: every configured tile has a hidden pictogram, its title, text, link and badge', async () => {
  const tiles = config?.home?.tiles ?? [];
  assert.ok(tiles.length >= 4, 'site.yml configures the home tiles');
  for (const name of ['Kennisbank', 'Communities', 'Blog']) {
    assert.ok(tiles.find((t) => t.title === name)?.pictogram, `the ${name} tile has a pictogram`);
  }
  assert.ok(tiles.some((t) => t.badge), 'at least one tile has a badge');
  await onPage('/', 1280, async (tab) => {
    const shown = await tab.$$eval('.tiles-grid > .tile', (els) => els.map((el) => {
      const svg = el.querySelector('svg');
      return {
        title: (el.querySelector('.tile-title')?.textContent ?? '').replace(' (opent in een nieuw tabblad)', '').trim(),
        href: el.querySelector('.tile-title a')?.getAttribute('href') ?? null,
        text: (el.querySelector('.tile-text')?.textContent ?? '').trim(),
        badge: el.querySelector('.tile-badge')?.textContent?.trim() ?? null,
        pictogram: svg ? { hidden: svg.getAttribute('aria-hidden'), focusable: svg.getAttribute('focusable'), painted: svg.getBoundingClientRect().width > 0 } : null,
      };
    }));
    assert.equal(shown.map((t) => t.title), tiles.map((t) => t.title), 'the tiles in the configured order');
    for (const [i, tile] of tiles.entries()) {
      const s = shown[i];
      assert.is(s?.href, tile.href, `${tile.title}: link`);
      assert.is(s?.text, tile.text, `${tile.title}: text`);
      assert.is(s?.badge, tile.badge ?? null, `${tile.title}: badge`);
      if (tile.pictogram) assert.equal(s?.pictogram, { hidden: 'true', focusable: 'false', painted: true }, `${tile.title}: a decorative pictogram`);
    }
  });
});

layouts('home: the hero search leads to /zoeken?q=…, with and without JavaScript', async () => {
  for (const javaScript of [false, true]) {
    await onPage('/', 1280, async (tab) => {
      const field = await tab.$eval('.hero input[name="q"]', (el) => ({ height: el.getBoundingClientRect().height, label: (el as HTMLInputElement).labels?.[0]?.textContent ?? '' }));
      assert.ok(field.height >= 48, `a large search field (${field.height} px)`);
      assert.is(field.label, 'Zoekterm');
      await tab.type('.hero input[name="q"]', 'problem details');
      await Promise.all([tab.waitForNavigation({ waitUntil: 'load' }), tab.keyboard.press('Enter')]);
      const url = new URL(tab.url());
      assert.equal([url.pathname, url.searchParams.get('q')], ['/zoeken', 'problem details'], `javaScript ${javaScript}`);
      if (javaScript) {
        await tab.waitForSelector('.search-result a', { timeout: 15000 });
        assert.is(await tab.$eval('#search-page-input', (el) => (el as HTMLInputElement).value), 'problem details');
      }
    }, { javaScript });
  }
});

// ---------------------------------------------------------------------------
// No sideways scrolling, and no lopsided pages

const pages = [['home', '/'], ['blog list', '/blog'], ['search', '/zoeken?q=api'], ['not-found', '/kennisbank/bestaat-niet']] as const;

layouts('home, blog list, search and not-found: no horizontal overflow at 390, 1280 and 1920 px', async () => {
  for (const [name, url] of pages) {
    for (const width of widths) {
      await onPage(url, width, async (tab) => {
        const { extra, wide } = await overflow(tab);
        assert.ok(extra <= 0, `${name} at ${width} px scrolls sideways by ${extra} px (${wide.join(', ')})`);
      });
    }
  }
});

layouts('blog list: the sidebar stands beside the list at 1280 and 1920 px, and below it at 390 px', async () => {
  for (const width of widths) {
    await onPage('/blog', width, async (tab) => {
      const boxes = {
        list: await tab.$eval('main .post-summary', (el) => el.getBoundingClientRect().toJSON() as DOMRect).catch(() => null),
        sidebar: await tab.$eval('main .blog-sidebar', (el) => el.getBoundingClientRect().toJSON() as DOMRect).catch(() => null),
      };
      assert.ok(boxes.list && boxes.sidebar, 'a list and a sidebar');
      if (width === 390) {
        assert.ok(boxes.sidebar.top >= boxes.list.bottom, 'below the list on a phone');
      } else {
        assert.ok(boxes.sidebar.left >= boxes.list.right, `beside the list at ${width} px`);
        assert.ok(boxes.sidebar.top < boxes.list.bottom, `level with the list at ${width} px`);
      }
    });
  }
  await onPage('/blog', 1280, async (tab) => {
    const links = await tab.$$eval('.blog-sidebar a', (as) => as.map((a) => a.getAttribute('href')));
    for (const href of ['/blog/archive', '/blog/tags', '/blog/authors', '/blog/rss.xml', '/blog/atom.xml', '/blog/feed.json']) {
      assert.ok(links.includes(href), `the sidebar links to ${href}`);
    }
    assert.ok(links.some((href) => /^\/blog\/tags\/[^/]+$/.test(href ?? '')), 'the sidebar lists tags');
  });
});

layouts('blog list, search and not-found: the content uses the width deliberately at 1280 and 1920 px', async () => {
  for (const [name, url] of pages.slice(1)) {
    for (const width of [1280, 1920]) {
      await onPage(url, width, async (tab) => {
        if (name === 'search') await tab.waitForSelector('.search-result', { timeout: 15000 });
        await assertBalanced(tab, `${name} at ${width} px`);
      });
    }
  }
});

layouts('not-found: a search field and links to Kennisbank, Communities and Blog', async () => {
  await onPage('/kennisbank/bestaat-niet', 390, async (tab) => {
    assert.ok(await tab.$('main form[action="/zoeken"] input[name="q"]'), 'a search field');
    const links = await tab.$$eval('main a', (as) => as.map((a) => a.getAttribute('href')));
    for (const href of ['/kennisbank', '/communities/', '/blog']) assert.ok(links.includes(href), `a link to ${href}`);
    assert.ok(await tab.$('main svg[aria-hidden="true"][focusable="false"]'), 'a decorative pictogram');
  });
});

layouts.run();
