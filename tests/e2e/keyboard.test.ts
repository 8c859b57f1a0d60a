/**
 * Keyboard and structure checks that axe cannot make (issue 13): skip link, landmarks, one h1,
 * heading order, unique ids, a visible focus indicator, reflow at 320 px and reduced motion.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { testSite, closeBrowser } from './browser.ts';

const keyboard = suite('e2e: keyboard, landmarks and reflow');
keyboard.after(async () => { await closeBrowser(); });

const NOT_FOUND = '/deze/pagina/bestaat/niet';
const DOC = '/kennisbank/apis/problem-details';
/** An article with both a table and a code block, for the reflow check. */
const TABLE_AND_CODE = '/kennisbank/open-source/standaarden/publiccode-yml';

/** One tab, opened at `path` with the given viewport width. */
async function open(path: string, width = 1280): Promise<Page> {
  const { origin, page } = await testSite();
  const tab = await page();
  // tsx names the inner functions of callbacks with a `__name` helper that the page lacks.
  await tab.evaluateOnNewDocument('globalThis.__name = (f) => f;');
  await tab.setViewport({ width, height: width < 996 ? 812 : 900 });
  const response = await tab.goto(`${origin}${path}`, { waitUntil: 'load' });
  const status = response?.status() ?? 0;
  assert.ok(path === NOT_FOUND ? status === 404 : status >= 200 && status < 400, `${path}: HTTP ${status}`);
  return tab;
}

/** A short description of the focused element, for messages. */
const focused = (tab: Page) => tab.evaluate(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return 'body';
  const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
  return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${text}"`;
});

keyboard('should make the skip link the first Tab stop, visible, and move focus into main', async () => {
  for (const path of ['/', DOC, '/blog', '/contact', '/zoeken', NOT_FOUND]) {
    const tab = await open(path);
    await tab.keyboard.press('Tab');
    const skip = await tab.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      const r = el?.getBoundingClientRect();
      return { isSkip: el?.classList.contains('skip-link') ?? false, text: el?.textContent, href: el?.getAttribute('href'), visible: !!r && r.width > 10 && r.height > 10 && r.top >= 0 && r.bottom <= innerHeight };
    });
    assert.ok(skip.isSkip, `${path}: first Tab stop is ${await focused(tab)}, not the skip link`);
    assert.is(skip.text, 'Ga naar hoofdinhoud', path);
    assert.is(skip.href, '#hoofdinhoud', path);
    assert.ok(skip.visible, `${path}: the focused skip link is not visible in the viewport`);
    await tab.keyboard.press('Enter');
    await tab.waitForFunction(() => document.querySelector('main')?.contains(document.activeElement), { timeout: 3000 })
      .catch(async () => assert.unreachable(`${path}: after Enter on the skip link, focus is on ${await focused(tab)}`));
    // On the home page the skip link goes to the search field (spec); elsewhere to main itself.
    const target = await tab.evaluate(() => (document.activeElement?.tagName === 'MAIN' ? 'main' : document.activeElement?.getAttribute('data-search-input') ?? 'other'));
    assert.is(target, path === '/' ? 'home' : 'main', path);
    // The next Tab continues from there: into main, or past it when main has nothing focusable.
    await tab.keyboard.press('Tab');
    assert.ok(await tab.evaluate(() => {
      const main = document.querySelector('main');
      const el = document.activeElement;
      return !!main && !!el && el !== main && (main.contains(el) || !!(main.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING));
    }), `${path}: the Tab after the skip link lands on ${await focused(tab)}, before main`);
    await tab.close();
  }
});

keyboard('should have one banner, main and contentinfo, navs with distinct names, and an aside on docs pages', async () => {
  const { routes } = await testSite();
  const post = routes.find((r) => /^\/blog\/\d{4}\//.test(r)) ?? '/blog';
  const docs = new Set([DOC, '/kennisbank', '/kennisbank/apis/', '/communities/']);
  for (const path of ['/', ...docs, '/kennisbank/tags', '/blog', post, '/blog/tags', '/zoeken', '/contact', NOT_FOUND]) {
    const tab = await open(path);
    const found = await tab.evaluate(() => {
      const shown = (el: Element) => (el as HTMLElement).checkVisibility?.() ?? (el as HTMLElement).offsetParent !== null;
      const name = (el: Element) => el.getAttribute('aria-label')
        ?? (el.getAttribute('aria-labelledby') ?? '').split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
      // Landmarks as the accessibility tree sees them: header/footer only when not inside an article, aside, main, nav or section.
      const topLevel = (el: Element) => !el.parentElement?.closest('article, aside, main, nav, section');
      return {
        banner: [...document.querySelectorAll('header')].filter((h) => shown(h) && topLevel(h)).length,
        main: [...document.querySelectorAll('main, [role="main"]')].filter(shown).length,
        contentinfo: [...document.querySelectorAll('footer')].filter((f) => shown(f) && topLevel(f)).length,
        navs: [...document.querySelectorAll('nav')].filter(shown).map(name),
        sidebar: [...document.querySelectorAll('aside')].filter((a) => shown(a) && !a.closest('main')).map(name),
      };
    });
    assert.is(found.banner, 1, `${path}: banner (header) landmarks`);
    assert.is(found.main, 1, `${path}: main landmarks`);
    assert.is(found.contentinfo, 1, `${path}: contentinfo (footer) landmarks`);
    assert.ok(found.navs.length >= 2, `${path}: expected the main menu and the footer navigation, got ${found.navs.join(', ')}`);
    assert.ok(found.navs.every((n) => n !== ''), `${path}: a nav without a name: ${JSON.stringify(found.navs)}`);
    assert.is(new Set(found.navs).size, found.navs.length, `${path}: navs with the same name: ${found.navs.join(', ')}`);
    if (docs.has(path)) assert.equal(found.sidebar, ['Zijbalk'], `${path}: the docs sidebar as a named complementary landmark`);
    else assert.equal(found.sidebar, [], `${path}: no sidebar outside docs pages`);
    await tab.close();
  }
});

keyboard('should give every page exactly one h1, heading levels in order and unique ids', async () => {
  const { origin, routes } = await testSite();
  const problems: string[] = [];
  for (const path of [...routes, NOT_FOUND]) {
    const html = await (await fetch(`${origin}${path}`)).text();
    const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
    const h1 = levels.filter((l) => l === 1).length;
    if (h1 !== 1) problems.push(`${path}: ${h1} h1 elements`);
    if (levels[0] !== 1) problems.push(`${path}: the first heading is h${levels[0]}`);
    levels.forEach((l, i) => { if (i > 0 && l > levels[i - 1]! + 1) problems.push(`${path}: h${levels[i - 1]} is followed by h${l}`); });
    const ids = [...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]);
    const duplicates = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
    if (duplicates.length) problems.push(`${path}: duplicate ids ${duplicates.join(', ')}`);
  }
  assert.equal(problems, []);
  // And in the browser, after the client has enhanced the page (the mobile menu clones navigation).
  for (const path of ['/', DOC, '/blog', '/zoeken?q=api']) {
    const tab = await open(path, 375);
    const { h1, duplicates } = await tab.evaluate(() => {
      const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
      return { h1: document.querySelectorAll('h1').length, duplicates: ids.filter((id, i) => ids.indexOf(id) !== i) };
    });
    assert.is(h1, 1, `${path}: h1 elements after enhancement`);
    assert.equal(duplicates, [], `${path}: duplicate ids after enhancement`);
    await tab.close();
  }
});

/** Tabs through the page and returns every focused element that shows no outline or box-shadow. */
async function withoutFocusIndicator(tab: Page, maxStops: number): Promise<{ stops: number; missing: string[] }> {
  const missing: string[] = [];
  const seen = new Set<string>();
  let stops = 0;
  for (let i = 0; i < maxStops; i++) {
    await tab.keyboard.press('Tab');
    // Let focus styles finish their (possibly instant) transition before reading them.
    await tab.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const state = await tab.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
      const path: string[] = [];
      for (let e: Element | null = el; e && e !== document.body; e = e.parentElement) path.unshift(`${e.tagName.toLowerCase()}:${[...(e.parentElement?.children ?? [])].indexOf(e)}`);
      // WCAG 1.4.11: the indicator (outline or ring) has 3:1 against what is behind the element.
      const rgb = (c: string) => (/rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?/.exec(c) ?? []).slice(1).filter((x) => x !== undefined).map(Number);
      const luminance = ([r = 0, g = 0, b = 0]: number[]) => [r, g, b].map((v) => { const x = v / 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; }).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
      const contrast = (a: number[], b: number[]) => { const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m); return (x! + 0.05) / (y! + 0.05); };
      let behind = [255, 255, 255];
      for (let e: Element | null = el.parentElement; e; e = e.parentElement) {
        const c = rgb(getComputedStyle(e).backgroundColor);
        if (c.length >= 3 && (c[3] === undefined || c[3] > 0.5)) { behind = c; break; }
      }
      const rings = [outline ? rgb(style.outlineColor) : [], shadow ? rgb(style.boxShadow) : []].filter((c) => c.length >= 3);
      const ringContrast = Math.max(0, ...rings.map((c) => contrast(c, behind)));
      // WCAG 2.4.11: not hidden behind the fixed navbar (unless it is in the navbar or a dialog).
      // "Minimum": not entirely hidden, so every sample point (centre and corners) must be covered.
      const r = el.getBoundingClientRect();
      const points = [[r.left + r.width / 2, r.top + r.height / 2], [r.left + 1, r.top + 1], [r.right - 1, r.top + 1], [r.left + 1, r.bottom - 1], [r.right - 1, r.bottom - 1]];
      const obscured = !el.closest('.navbar') && points.every(([x, y]) => !!document.elementFromPoint(x!, y!)?.closest('.navbar'));
      return { key: path.join('>'), shows: outline || shadow, focusVisible: el.matches(':focus-visible'), ringContrast, obscured };
    });
    if (!state) break;
    if (seen.has(state.key)) break; // focus wrapped around (for example in a focus trap)
    seen.add(state.key);
    stops++;
    if (!state.focusVisible || !state.shows) missing.push(`${await focused(tab)}${state.focusVisible ? '' : ' (not :focus-visible)'}`);
    else if (state.ringContrast < 3) missing.push(`${await focused(tab)} (indicator contrast ${state.ringContrast.toFixed(2)}:1)`);
    if (state.obscured) missing.push(`${await focused(tab)} (hidden behind the navbar)`);
  }
  return { stops, missing };
}

keyboard('should show a visible focus indicator (3:1) on every link, button and focusable region reached by Tab, never hidden behind the navbar', async () => {
  const desktop = ['/', DOC, TABLE_AND_CODE, '/blog', '/blog/tags', '/zoeken?q=api', NOT_FOUND];
  for (const [path, width, stops] of [...desktop.map((p) => [p, 1280, 150] as const), ['/', 375, 40] as const, [DOC, 375, 40] as const]) {
    const tab = await open(path, width);
    // No sliding navbar: halfway through its hide transition it would cover what just got focus.
    await tab.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    const result = await withoutFocusIndicator(tab, stops);
    assert.ok(result.stops >= 5, `${path} at ${width}px: only ${result.stops} Tab stops`);
    assert.equal(result.missing, [], `${path} at ${width}px: focused without a visible indicator`);
    await tab.close();
  }
  // Inside the open mobile menu too.
  const tab = await open(DOC, 375);
  await tab.click('[data-mobile-toggle]');
  await tab.waitForFunction(() => document.querySelector('[data-mobile-toggle]')?.getAttribute('aria-expanded') === 'true');
  const menu = await withoutFocusIndicator(tab, 60);
  assert.equal(menu.missing, [], `${DOC}: focused in the mobile menu without a visible indicator`);
  await tab.close();
});

keyboard('should reflow at 320 px without horizontal scrolling (WCAG 1.4.10)', async () => {
  const { routes } = await testSite();
  const post = routes.find((r) => /^\/blog\/\d{4}\//.test(r)) ?? '/blog';
  for (const path of [TABLE_AND_CODE, '/', DOC, '/kennisbank', '/blog', post, '/blog/authors', '/kennisbank/tags', '/zoeken?q=api', NOT_FOUND]) {
    const tab = await open(path, 320);
    if (path === TABLE_AND_CODE) {
      assert.ok(await tab.$('main table'), `${path} should have a table`);
      assert.ok(await tab.$('main pre'), `${path} should have a code block`);
    }
    const { scrollWidth, wide } = await tab.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      // The elements that stick out, to say what to fix.
      wide: [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > 321 && !e.closest('.table-wrapper, pre, .mermaid-diagram'))
        .slice(0, 5).map((e) => `${e.tagName.toLowerCase()}.${(e.getAttribute('class') ?? '').split(' ').join('.')} (${Math.round(e.getBoundingClientRect().right)} px)`),
    }));
    assert.ok(scrollWidth <= 320, `${path}: scrollWidth ${scrollWidth} at 320 px; wide: ${wide.join(', ')}`);
    await tab.close();
  }
});

keyboard('should stay usable at 200 % zoom and with 200 % text size (WCAG 1.4.4)', async () => {
  const { routes } = await testSite();
  const post = routes.find((r) => /^\/blog\/\d{4}\//.test(r)) ?? '/blog';
  for (const path of ['/', DOC, '/blog', post, '/zoeken?q=api']) {
    // Browser zoom at 200 % on a 1280 × 900 screen: a viewport of 640 × 450 CSS pixels.
    const tab = await open(path, 640);
    await tab.setViewport({ width: 640, height: 450 });
    const zoomed = await tab.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      h1: (() => { const r = document.querySelector('main h1')?.getBoundingClientRect(); return r ? r.width > 0 && r.height > 0 : false; })(),
      menu: (() => { const b = document.querySelector<HTMLElement>('[data-mobile-toggle]'); return b ? getComputedStyle(b).display !== 'none' && b.getBoundingClientRect().width >= 24 : false; })(),
      // The fixed navbar may not cover more than a third of the short viewport.
      navbar: document.querySelector('.navbar')?.getBoundingClientRect().height ?? 0,
    }));
    assert.ok(zoomed.scrollWidth <= 640, `${path} at 200 %: scrollWidth ${zoomed.scrollWidth}`);
    assert.ok(zoomed.h1, `${path} at 200 %: the h1 is shown`);
    assert.ok(zoomed.menu, `${path} at 200 %: the menu button is shown and at least 24 px`);
    assert.ok(zoomed.navbar <= 150, `${path} at 200 %: the navbar takes ${zoomed.navbar} px of 450`);
    await tab.click('[data-mobile-toggle]');
    await tab.waitForFunction(() => document.querySelector('[data-mobile-toggle]')?.getAttribute('aria-expanded') === 'true');
    await tab.keyboard.press('Escape');
    // Text only at 200 % (browser setting "text size"), desktop width: nothing sticks out or overlaps the navbar items.
    await tab.setViewport({ width: 1280, height: 900 });
    const text = await tab.evaluate(() => {
      document.documentElement.style.fontSize = '200%';
      const bar = document.querySelector('.navbar-bar');
      return { scrollWidth: document.documentElement.scrollWidth, barOverflow: bar ? bar.scrollWidth - bar.clientWidth : 0 };
    });
    assert.ok(text.scrollWidth <= 1280, `${path} with 200 % text: scrollWidth ${text.scrollWidth}`);
    assert.ok(text.barOverflow <= 0, `${path} with 200 % text: the navbar overflows by ${text.barOverflow} px`);
    await tab.close();
  }
});

keyboard('should not shift the layout while the page and its script load (CLS), at mobile and desktop width', async () => {
  const { origin, page, routes } = await testSite();
  const post = routes.find((r) => /^\/blog\/\d{4}\//.test(r)) ?? '/blog';
  for (const width of [375, 1280]) {
    for (const path of ['/', DOC, post, '/zoeken?q=api']) {
      const tab = await page();
      await tab.setViewport({ width, height: 800 });
      await tab.evaluateOnNewDocument(`window.__shift = 0; new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value; }).observe({ type: 'layout-shift', buffered: true });`);
      await tab.goto(`${origin}${path}`, { waitUntil: 'load' });
      await tab.waitForFunction(() => performance.getEntriesByName('ontwikkelaarsportaal:shell').length > 0);
      await tab.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const shift = await tab.evaluate(() => (window as unknown as { __shift: number }).__shift);
      // Lighthouse counts 0.1 and more as poor; the site has no reason to shift at all.
      assert.ok(shift < 0.01, `${path} at ${width} px: layout shift ${shift.toFixed(3)}`);
      await tab.close();
    }
  }
});

keyboard('should turn off smooth scrolling and transitions with prefers-reduced-motion: reduce', async () => {
  const tab = await open(DOC);
  const scrollBehavior = () => tab.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior);
  assert.is(await scrollBehavior(), 'smooth', 'without a preference the page scrolls smoothly');
  await tab.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
  assert.is(await scrollBehavior(), 'auto');
  // No transition or animation anywhere (pseudo-elements included) lasts longer than a frame.
  const moving = await tab.evaluate(() => {
    const seconds = (v: string) => Math.max(...v.split(',').map((s) => (s.trim().endsWith('ms') ? parseFloat(s) / 1000 : parseFloat(s))));
    const out: string[] = [];
    for (const el of document.querySelectorAll('*')) {
      for (const pseudo of [null, '::before', '::after']) {
        const s = getComputedStyle(el, pseudo);
        const transition = s.transitionProperty !== 'none' && seconds(s.transitionDuration) > 0.01;
        const animation = s.animationName !== 'none' && seconds(s.animationDuration) > 0.01;
        if (transition || animation) out.push(`${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}${pseudo ?? ''}: ${transition ? `transition ${s.transitionDuration}` : `animation ${s.animationDuration}`}`);
      }
    }
    return out.slice(0, 10);
  });
  assert.equal(moving, []);
  await tab.close();
});

keyboard.run();
