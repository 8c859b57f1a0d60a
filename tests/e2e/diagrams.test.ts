/**
 * Diagrams in the page: readable text at every width (a wide diagram scrolls
 * in a focusable, labelled region instead of shrinking to the column), a
 * full-screen view that Escape closes with focus back on its button, and
 * label colours that meet 4.5:1 in light and dark mode.
 */
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { testSite, closeBrowser } from './browser.ts';

const diagrams = suite('e2e: diagrams');
diagrams.after(async () => { await closeBrowser(); });

const widths = [390, 1280, 1920] as const;

interface DiagramPage { readonly path: string; readonly widest: number; readonly kinds: ReadonlyArray<string> }

/** Every built page with a drawn diagram: its path, its widest diagram's natural width, the kinds of diagram on it. */
function diagramPages(dir: string): DiagramPage[] {
  const site = path.join(dir, 'site');
  return fs.readdirSync(site, { recursive: true }).map(String).filter((f) => f.endsWith('index.html')).flatMap((file) => {
    const html = fs.readFileSync(path.join(site, file), 'utf8');
    if (!html.includes('mermaid-diagram')) return [];
    const svgs = [...html.matchAll(/<svg id="mermaid-[^"]*"[^>]*>/g)].map((m) => m[0]);
    const widest = Math.max(0, ...svgs.map((tag) => Number(/viewBox="[-\d.]+ [-\d.]+ ([\d.]+)/.exec(tag)?.[1] ?? 0)));
    const kinds = svgs.map((tag) => /aria-roledescription="([^"]+)"/.exec(tag)?.[1] ?? '');
    return widest > 0 ? [{ path: `/${path.dirname(file)}`.replace(/\/\.$/, '/'), widest, kinds }] : [];
  });
}

async function open(url: string, width: number, dark = false): Promise<Page> {
  const { page } = await testSite();
  const tab = await page();
  await tab.setViewport({ width, height: 900 });
  // tsx names the inner functions of callbacks with a `__name` helper that the page lacks.
  await tab.evaluateOnNewDocument('globalThis.__name = (f) => f;');
  await tab.goto(url, { waitUntil: 'networkidle0' });
  if (dark) await tab.evaluate(() => { document.documentElement.dataset.theme = 'dark'; });
  return tab;
}

/** Per diagram: its rendered text size, and how its scrolling region is set up. */
const measure = (tab: Page) => tab.evaluate(() => [...document.querySelectorAll<SVGSVGElement>('figure.mermaid-diagram svg')].map((svg) => {
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const sizes = [...svg.querySelectorAll('text')].filter((t) => (t.textContent ?? '').trim()).map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
  const region = svg.closest<HTMLElement>('[role="region"]');
  return {
    text: Math.min(...sizes),
    region: region ? { label: region.getAttribute('aria-label') ?? '', tabIndex: region.tabIndex, scrolls: region.scrollWidth > region.clientWidth } : null,
    naturalWider: svg.viewBox.baseVal.width * 0.7 > (svg.closest('figure')?.clientWidth ?? 0),
  };
}));

diagrams('should keep diagram text at least 11 px high at 390, 1280 and 1920 px, a wide diagram scrolling in a focusable, labelled region', async () => {
  const { origin, dir } = await testSite();
  const pages = diagramPages(dir).sort((a, b) => b.widest - a.widest);
  const widest = pages[0];
  assert.ok(widest && widest.widest > 1000, `a page with a wide diagram: ${pages.map((p) => `${p.path} ${p.widest}`).join(', ')}`);
  for (const width of widths) {
    const tab = await open(`${origin}${widest.path}`, width);
    const found = await measure(tab);
    assert.ok(found.length > 0, `${widest.path} at ${width} px shows its diagrams`);
    for (const [i, d] of found.entries()) {
      assert.ok(d.text >= 11, `${widest.path} at ${width} px, diagram ${i + 1}: text ${d.text.toFixed(1)} px high`);
      assert.ok(d.region, `diagram ${i + 1} sits in a region`);
      assert.match(d.region.label, /diagram/i, 'the region is named for the diagram');
      assert.is(d.region.tabIndex, 0, 'the keyboard can reach (and scroll) the region');
      if (d.naturalWider) assert.ok(d.region.scrolls, `${widest.path} at ${width} px, diagram ${i + 1}: wider than the column, so its region scrolls`);
    }
    // The page itself never scrolls sideways.
    assert.ok(await tab.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `${widest.path} at ${width} px: no horizontal page scroll`);
    await tab.close();
  }
});

diagrams('should open a diagram full screen from its button; Escape closes it and focus returns to the button', async () => {
  const { origin, dir } = await testSite();
  const page = diagramPages(dir).sort((a, b) => b.widest - a.widest)[0]!;
  for (const width of widths) {
    const tab = await open(`${origin}${page.path}`, width);
    const button = await tab.waitForSelector('.diagram button', { timeout: 5000 }).catch(() => null);
    assert.ok(button, `${page.path} at ${width} px: a button by the diagram`);
    assert.match(await button.evaluate((b) => b.textContent ?? ''), /Diagram vergroten|Volledig scherm/);
    await button.focus();
    await tab.keyboard.press('Enter');
    await tab.waitForSelector('dialog[open]', { timeout: 5000 });
    const shown = await tab.evaluate(() => {
      const dialog = document.querySelector('dialog[open]')!;
      const svg = dialog.querySelector<SVGSVGElement>('figure svg');
      return {
        modal: dialog.matches(':modal'), label: dialog.getAttribute('aria-label') ?? '', focusInside: dialog.contains(document.activeElement),
        svg: !!svg, width: svg?.getBoundingClientRect().width ?? 0, natural: svg?.viewBox.baseVal.width ?? 0,
        covers: dialog.getBoundingClientRect().width >= window.innerWidth - 1,
      };
    });
    assert.ok(shown.modal && shown.covers, `${width} px: a modal dialog over the whole window`);
    assert.match(shown.label, /diagram/i);
    assert.ok(shown.focusInside, 'focus moves into the dialog');
    assert.ok(shown.svg && shown.width >= shown.natural - 1, `the diagram at its natural size or larger (${shown.width} of ${shown.natural})`);
    await tab.keyboard.press('Escape');
    // The dialog loses `open` first; its `close` event, a task later, puts the figure back and removes it.
    await tab.waitForFunction(() => !document.querySelector('dialog'), { timeout: 5000 });
    const after = await tab.evaluate(() => ({
      focused: document.activeElement?.closest('.diagram') !== null && document.activeElement?.tagName === 'BUTTON',
      back: document.querySelectorAll('.diagram figure.mermaid-diagram svg').length, svgs: document.querySelectorAll('svg[id^="mermaid-"]').length,
    }));
    assert.ok(after.focused, 'focus is back on the button');
    assert.is(after.back, after.svgs, 'every diagram is back in its frame, once');
    await tab.close();
  }
});

/**
 * The contrast of every diagram text against what is painted behind it: the
 * SVG shapes under the text's centre (in paint order, with their opacity)
 * over the nearest HTML background.
 */
const contrasts = (tab: Page) => tab.evaluate(() => {
  type Rgba = [number, number, number, number];
  const probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
  const rgba = (colour: string): Rgba | null => {
    if (!colour || colour === 'none' || colour.startsWith('url(')) return null;
    probe.clearRect(0, 0, 1, 1);
    probe.fillStyle = '#000';
    probe.fillStyle = colour;
    probe.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
    return [r!, g!, b!, a! / 255];
  };
  const over = (top: Rgba, bottom: Rgba): Rgba => [0, 1, 2].map((i) => top[i]! * top[3] + bottom[i]! * (1 - top[3])).concat(1) as Rgba;
  const luminance = (c: Rgba) => {
    const [r, g, b] = c.slice(0, 3).map((v) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const ratio = (a: Rgba, b: Rgba) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x! + 0.05) / (y! + 0.05); };
  const opacity = (el: Element) => {
    let o = 1;
    for (let e: Element | null = el; e && e.localName !== 'svg'; e = e.parentElement) o *= parseFloat(getComputedStyle(e).opacity);
    return o;
  };
  const out: Array<{ text: string; ratio: number }> = [];
  for (const svg of document.querySelectorAll<SVGSVGElement>('figure.mermaid-diagram svg')) {
    let page: Rgba = [255, 255, 255, 1];
    for (let e: Element | null = svg.parentElement; e; e = e.parentElement) {
      const bg = rgba(getComputedStyle(e).backgroundColor);
      if (bg && bg[3] > 0) { page = over(bg, [255, 255, 255, 1]); break; }
    }
    const shapes = [...svg.querySelectorAll('rect, polygon, circle, ellipse, path')].filter((s) => !s.closest('marker, defs, symbol'));
    for (const text of svg.querySelectorAll('text')) {
      const label = (text.textContent ?? '').trim();
      if (!label) continue;
      const box = text.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      let behind = page;
      for (const shape of shapes) {
        if (!(shape.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
        const r = shape.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || x < r.left || x > r.right || y < r.top || y > r.bottom) continue;
        const style = getComputedStyle(shape);
        const fill = rgba(style.fill);
        if (!fill || fill[3] === 0) continue;
        behind = over([fill[0], fill[1], fill[2], fill[3] * parseFloat(style.fillOpacity) * opacity(shape)], behind);
      }
      const ink = [...text.querySelectorAll('tspan'), text].map((t) => rgba(getComputedStyle(t).fill)).find((c) => c && c[3] > 0) ?? [0, 0, 0, 1];
      out.push({ text: label, ratio: ratio(over([ink[0], ink[1], ink[2], ink[3] * opacity(text)], behind), behind) });
    }
  }
  return out;
});

diagrams('should draw diagram labels at 4.5:1 or more against their background, in light and in dark mode', async () => {
  const { origin, dir } = await testSite();
  const pages = diagramPages(dir);
  const flowchart = pages.find((p) => p.kinds.some((k) => k.startsWith('flowchart')));
  const sequence = pages.find((p) => p.kinds.includes('sequence'));
  assert.ok(flowchart && sequence, 'a page with a flowchart and one with a sequence diagram');
  for (const { path: url } of [flowchart, sequence]) {
    for (const dark of [false, true]) {
      for (const width of [390, 1280]) {
        const tab = await open(`${origin}${url}`, width, dark);
        const found = await contrasts(tab);
        assert.ok(found.length > 0, `${url}: diagram labels found`);
        const low = found.filter((c) => c.ratio < 4.5).map((c) => `"${c.text}" ${c.ratio.toFixed(2)}:1`);
        assert.equal(low, [], `${url} at ${width} px, ${dark ? 'dark' : 'light'} mode: labels below 4.5:1`);
        await tab.close();
      }
    }
  }
});

diagrams.run();
