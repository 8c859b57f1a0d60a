/**
 * The portal's identity in the browser: the self-hosted site font (Fira Sans,
 * its regular face preloaded from /assets under a content-hashed name), and
 * the header in the central-government composition (the emblem strip centred
 * at the top, the word mark as text on the left) at 390, 1280 and 1920 px,
 * without horizontal overflow on a phone.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { testSite, closeBrowser } from './browser.ts';

const identity = suite('e2e: identity (font, header composition)');
identity.after(async () => { await closeBrowser(); });

const widths = [390, 1280, 1920] as const;
/** One page of each kind a reader meets first: home, article, blog list and post, search, not found. */
const pages = ['/', '/kennisbank/apis/problem-details', '/blog', '/blog/archive', '/zoeken', '/contact', '/bestaat-niet'];

async function open(path: string, width: number): Promise<Page> {
  const { origin, page } = await testSite();
  const tab = await page();
  await tab.setViewport({ width, height: 900 });
  await tab.goto(`${origin}${path}`, { waitUntil: 'load' });
  await tab.evaluate(() => document.fonts.ready.then(() => undefined));
  return tab;
}

const firstFamily = (family: string) => family.split(',')[0]?.trim().replace(/^["']|["']$/g, '') ?? '';

identity('the body is set in Fira Sans, and its regular face has loaded; code keeps a monospace font', async () => {
  const tab = await open('/kennisbank/apis/problem-details', 1280);
  const font = await tab.evaluate(() => ({
    body: getComputedStyle(document.body).fontFamily,
    code: getComputedStyle(document.querySelector('code') ?? document.body).fontFamily,
    faces: [...document.fonts].map((f) => ({ family: f.family.replace(/["']/g, ''), weight: f.weight, style: f.style, status: f.status, display: f.display })),
  }));
  assert.is(firstFamily(font.body), 'Fira Sans', `body font-family: ${font.body}`);
  const regular = font.faces.find((f) => f.family === 'Fira Sans' && f.weight === '400' && f.style === 'normal');
  assert.ok(regular, `a Fira Sans 400 face is declared: ${JSON.stringify(font.faces)}`);
  assert.is(regular.status, 'loaded');
  assert.is(regular.display, 'swap');
  assert.ok(font.faces.filter((f) => f.family === 'Fira Sans').every((f) => f.display === 'swap'), 'every face swaps');
  assert.ok(font.faces.filter((f) => f.family === 'Fira Sans').length <= 3, 'at most three faces');
  assert.is.not(firstFamily(font.code), 'Fira Sans', `code font-family: ${font.code}`);
  assert.match(font.code, /monospace/);
  await tab.close();
});

identity('the regular woff2 is preloaded from /assets under a hashed name, and the face uses that same file', async () => {
  const { origin } = await testSite();
  const tab = await open('/kennisbank/apis/problem-details', 1280);
  const preloads = await tab.$$eval('head link[rel="preload"][as="font"]', (links) => links.map((l) => ({
    href: l.getAttribute('href') ?? '', type: l.getAttribute('type'), crossorigin: l.hasAttribute('crossorigin'),
  })));
  assert.is(preloads.length, 1, `one font preload: ${JSON.stringify(preloads)}`);
  const [preload] = preloads;
  assert.match(preload!.href, /^\/assets\/fira-sans-latin-400-normal-[0-9a-z]{6,}\.woff2$/);
  assert.is(preload!.type, 'font/woff2');
  assert.ok(preload!.crossorigin, 'crossorigin, or the browser fetches the font twice');
  // The stylesheet's regular face points at the preloaded file, and the browser fetched it once.
  const fetched = await tab.evaluate((href) => performance.getEntriesByType('resource').filter((e) => e.name.endsWith(href)).length, preload!.href);
  assert.is(fetched, 1, 'the preloaded file is the one the face loads');
  const response = await fetch(`${origin}${preload!.href}`);
  assert.is(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /font\/woff2/);
  const bytes = new Uint8Array(await response.arrayBuffer());
  assert.is(new TextDecoder().decode(bytes.slice(0, 4)), 'wOF2');
  await tab.close();
});

identity('the emblem strip is centred at the top of the header at 390, 1280 and 1920 px', async () => {
  for (const width of widths) {
    const tab = await open('/kennisbank/apis/problem-details', width);
    const box = await tab.evaluate(() => {
      const header = document.querySelector('[data-navbar]')!.getBoundingClientRect();
      const emblem = document.querySelector('[data-navbar] .government-logo')!.getBoundingClientRect();
      return { viewport: document.documentElement.clientWidth, left: emblem.left, width: emblem.width, height: emblem.height, top: emblem.top, headerTop: header.top };
    });
    const centre = box.left + box.width / 2;
    assert.ok(Math.abs(centre - box.viewport / 2) <= 3, `${width} px: emblem centre ${centre} vs viewport centre ${box.viewport / 2}`);
    assert.ok(Math.abs(box.top - box.headerTop) <= 1, `${width} px: the strip hangs from the top of the header (${box.top} vs ${box.headerTop})`);
    assert.ok(box.height >= 40, `${width} px: the strip is ${box.height} px high`);
    await tab.close();
  }
});

identity('the header shows the word mark as text in the site font, beside the emblem and never under it', async () => {
  for (const width of widths) {
    const tab = await open('/kennisbank/apis/problem-details', width);
    const mark = await tab.evaluate(() => {
      const name = [...document.querySelectorAll<HTMLElement>('[data-navbar] *')].find((el) => el.childElementCount === 0 && el.textContent?.trim() === 'Ontwikkelaarsportaal');
      const emblem = document.querySelector('[data-navbar] .government-logo')!.getBoundingClientRect();
      const rect = name?.getBoundingClientRect();
      return name && rect ? {
        tag: name.tagName, font: getComputedStyle(name).fontFamily, visible: rect.width > 0 && rect.height > 0,
        left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom, emblem: { left: emblem.left, right: emblem.right, top: emblem.top, bottom: emblem.bottom },
        tagline: document.querySelector('[data-navbar]')!.textContent?.includes('Ontwikkelaarsportaal van de Nederlandse overheid') ?? false,
      } : null;
    });
    assert.ok(mark, `${width} px: the word mark is a text element`);
    assert.ok(mark.visible, `${width} px: the word mark is visible`);
    assert.is(firstFamily(mark.font), 'Fira Sans', `${width} px: word mark font ${mark.font}`);
    assert.ok(mark.tagline, `${width} px: the tagline is text in the header`);
    const overlaps = mark.left < mark.emblem.right && mark.right > mark.emblem.left && mark.top < mark.emblem.bottom && mark.bottom > mark.emblem.top;
    assert.not.ok(overlaps, `${width} px: word mark and emblem overlap`);
    if (width >= 1280) assert.ok(mark.right < mark.emblem.left, `${width} px: the word mark stands left of the emblem`);
    await tab.close();
  }
});

identity('at 390 px the header stays compact and no page scrolls sideways', async () => {
  for (const path of pages) {
    const tab = await open(path, 390);
    const m = await tab.evaluate(() => ({
      scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth,
      header: document.querySelector('[data-navbar]')!.getBoundingClientRect().height,
      wide: [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && !el.closest('.table-wrapper, pre, .mermaid-diagram, .visually-hidden, .skip-link')).map((el) => `${el.tagName}.${el.className}`).slice(0, 5),
    }));
    assert.ok(m.scroll <= m.client, `${path}: scrollWidth ${m.scroll} > ${m.client} (${m.wide.join(', ')})`);
    assert.ok(m.header <= 168, `${path}: header ${m.header} px high at 390 px`);
    await tab.close();
  }
});

identity.run();
