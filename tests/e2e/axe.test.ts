/**
 * WCAG 2.2 AA, checked by machine on every route of the production build (issue 13).
 *
 * axe-core is injected into each page itself (see docs/architecture.md, "axe-core zonder
 * @axe-core/puppeteer"). One browser, a few tabs (each in its own window) in parallel: every route
 * plus the 404 page at a desktop and a mobile viewport in one load, with a reflow check at 320 px,
 * and then the interactive states that exist today: expanded sidebar categories, the mobile menu
 * (both panels), the search page with results, without results and with its index unavailable,
 * the search modal with results and without,
 * and the crash panel. A navbar dropdown is checked open once one is configured.
 *
 * On failure the message groups the violations by rule and message, naming page, viewport and
 * element; the full list (one line each) is written to the temporary directory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import axe from 'axe-core';
import type { Page } from 'puppeteer-core';
import { testSite, shellSite, closeBrowser, type TestSite } from './browser.ts';

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const viewports = {
  desktop: { width: 1280, height: 900 },
  mobile: { width: 375, height: 812 },
} as const;
type ViewportName = keyof typeof viewports;
/** WCAG 1.4.10: 320 CSS pixels wide. */
const REFLOW = { width: 320, height: 812 };
/** Tabs in parallel: two per core keeps the cores busy while a tab waits on the server (4 on CI's 2 cores). */
const TABS = Math.min(6, Math.max(2, 2 * os.availableParallelism()));

interface Check {
  /** What the report calls the page: its path, plus the state when one is opened. */
  readonly name: string;
  readonly path: string;
  /** Checked one after the other in the same load; the tab is resized in between. */
  readonly viewports: ReadonlyArray<ViewportName>;
  /** Opens an interactive state after load; runs in Node with the tab. */
  readonly prepare?: (tab: Page) => Promise<void>;
  /** Also check reflow at 320 px (WCAG 1.4.10), which axe cannot: nearly free with the page loaded. */
  readonly reflow?: boolean;
  /** Sets the tab up before the load (a failing request, a broken API); returns its undo. */
  readonly before?: (tab: Page) => Promise<() => Promise<void>>;
}

interface Finding {
  readonly page: string;
  readonly viewport: string;
  readonly rule: string;
  readonly impact: string | null;
  readonly target: string;
  readonly summary: string;
  readonly help: string;
}

/** Runs axe in the page and returns one finding per violating element. */
async function audit(tab: Page, name: string, viewport: ViewportName): Promise<Finding[]> {
  const result = await tab.evaluate(async (values: string[]) => {
    const { violations } = await window.axe.run(document, { runOnly: { type: 'tag', values }, resultTypes: ['violations'] });
    return violations.map((v) => ({
      id: v.id, impact: v.impact ?? null, help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))).join(' | '), summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').trim() })),
    }));
  }, tags);
  return result.flatMap((v) => v.nodes.map((n) => ({
    page: name, viewport, rule: v.id, impact: v.impact, target: n.target, summary: n.summary, help: v.help,
  })));
}

/** The next animation frame, so layout and the client's media-query listeners have caught up. */
const settle = (tab: Page) => tab.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

/**
 * One load per check: the viewports are audited in turn by resizing the tab (a plain resize, no
 * device emulation, so Chromium does not reload). The tab's current width goes first, which saves
 * a resize on every other page.
 */
async function runCheck(tab: Page, origin: string, check: Check): Promise<Finding[]> {
  const width = tab.viewport()?.width;
  const first = check.viewports.find((v) => viewports[v].width === width);
  const order = first ? [first, ...check.viewports.filter((v) => v !== first)] : check.viewports;
  await tab.setViewport(viewports[order[0] ?? 'desktop']);
  const undo = check.before ? await check.before(tab) : null;
  try {
    await tab.goto(`${origin}${check.path}`, { waitUntil: 'load' });
  } finally {
    await undo?.();
  }
  if (check.prepare) await check.prepare(tab);
  // Injected by CDP, so the site's Content-Security-Policy (no inline scripts) does not apply.
  if (!(await tab.evaluate(() => typeof window.axe === 'object'))) await tab.evaluate(axe.source);
  const findings: Finding[] = [];
  for (const [i, viewport] of order.entries()) {
    if (i > 0) { await tab.setViewport(viewports[viewport]); await settle(tab); }
    findings.push(...await audit(tab, check.name, viewport));
  }
  if (check.reflow) {
    await tab.setViewport(REFLOW);
    const wide = await tab.evaluate(() => document.documentElement.scrollWidth);
    if (wide > REFLOW.width) {
      findings.push({ page: check.name, viewport: '320px', rule: 'reflow-320', impact: 'serious', target: 'html', summary: `scrollWidth is ${wide} px at a width of 320 px`, help: 'Content must reflow at 320 px without horizontal scrolling (WCAG 1.4.10)' });
    }
  }
  return findings;
}

/** Runs all checks over a few tabs of one browser; a page that cannot be checked is a finding too. */
async function runAll(checks: ReadonlyArray<Check>, site: Promise<TestSite> = testSite()): Promise<Finding[]> {
  const { origin, page } = await site;
  const queue = [...checks];
  const findings: Finding[] = [];
  const opener = await page();
  const browser = opener.browser();
  const worker = async () => {
    // Each tab in its own window: a background tab is hidden, and Chromium then throttles its
    // timers and pauses its animation frames, which makes axe many times slower.
    const tab = await browser.newPage({ type: 'window' });
    // Save-Data: the client then skips prefetching the pages of visible links (spec: no prefetch
    // with data saving on), which changes nothing on screen but adds some 7 requests to each load.
    await tab.evaluateOnNewDocument(`Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true }) });`);
    // axe-core in every new document before the page's own scripts (`runCheck` injects it if missing).
    await tab.evaluateOnNewDocument(axe.source);
    for (let check = queue.shift(); check; check = queue.shift()) {
      try {
        findings.push(...await runCheck(tab, origin, check));
      } catch (error) {
        findings.push({ page: check.name, viewport: check.viewports.join('+'), rule: 'check-failed', impact: null, target: '-', summary: String(error), help: 'The page could not be checked' });
      }
    }
    await tab.close();
  };
  await Promise.all(Array.from({ length: TABS }, worker));
  await opener.close();
  return findings;
}

/**
 * Groups findings by rule and then by axe's message (which carries the colours for contrast), and
 * names page, viewport and element for each; long groups are shortened (the full list is on disk).
 */
function report(findings: ReadonlyArray<Finding>): string {
  const group = <K>(list: ReadonlyArray<Finding>, key: (f: Finding) => K) => {
    const map = new Map<K, Finding[]>();
    for (const f of list) map.set(key(f), [...(map.get(key(f)) ?? []), f]);
    return map;
  };
  const lines: string[] = [];
  for (const [rule, list] of [...group(findings, (f) => f.rule)].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`${rule} (${list[0]?.impact ?? '-'}): ${list[0]?.help} — ${list.length} element(s)`);
    for (const [summary, same] of group(list, (f) => f.summary)) {
      lines.push(`  ${summary.slice(0, 400)}`);
      for (const f of same.slice(0, 8)) lines.push(`    ${f.page} [${f.viewport}]  ${f.target}`);
      if (same.length > 8) lines.push(`    … and ${same.length - 8} more`);
    }
  }
  return lines.join('\n');
}

/** The full list, one line per violating element, for when the grouped message shortens page lists. */
function writeFullReport(findings: ReadonlyArray<Finding>, name: string): string {
  const file = path.join(os.tmpdir(), `ontwikkelaarsportaal-axe-${name}.txt`);
  fs.writeFileSync(file, findings.map((f) => `${f.page}\t${f.viewport}\t${f.rule}\t${f.target}\t${f.summary}`).join('\n') + '\n');
  return file;
}

function assertNone(findings: ReadonlyArray<Finding>, what: string): void {
  if (findings.length === 0) return;
  const file = writeFullReport(findings, what.replace(/\W+/g, '-'));
  const pages = new Set(findings.map((f) => `${f.page} [${f.viewport}]`)).size;
  assert.unreachable(`${findings.length} axe violation(s) on ${pages} page/viewport combination(s) (${what}); full list in ${file}\n${report(findings)}`);
}

const checksFor = (paths: ReadonlyArray<string>, vps: ReadonlyArray<ViewportName>, state = '', prepare?: Check['prepare']): Check[] =>
  paths.map((p) => ({ name: state ? `${p} (${state})` : p, path: p, viewports: vps, ...(prepare ? { prepare } : {}) }));

const NOT_FOUND = '/deze/pagina/bestaat/niet';

/** This run's figures; when all three checks pass they go into the accessibility statement. */
const measured: { pages?: number; states?: number; dark?: number } = {};

const statement = path.join(import.meta.dirname, '../../content/pages/toegankelijkheid.md');
const begin = '<!-- BEGIN meetresultaat: geschreven door tests/e2e/axe.test.ts, niet met de hand wijzigen -->';
const end = '<!-- END meetresultaat -->';

/** The paragraph of /toegankelijkheid with the measured result (issue 13), in plain Dutch. */
const resultParagraph = (figures: { pages: number; states: number; dark: number }): string => [
  `Bij de laatste volledige testrun controleerde axe-core ${axe.version} alle ${figures.pages} pagina's van deze site,`,
  `met ${axe.getRules(tags).length} regels voor WCAG 2.0, 2.1 en 2.2 op niveau A en AA. Elke pagina is getest op een breedte`,
  `van 1280 en van 375 pixels. Op 320 pixels hebben we gecontroleerd dat je niet opzij hoeft te scrollen. Daarnaast testten`,
  `we ${figures.states} situaties waarin een menu, het zoekvenster of een foutmelding openstaat, en ${figures.dark} pagina's in`,
  `donkere modus. **Resultaat: axe-core vond geen fouten.**`,
].join('\n');

/** Rewrites the block between the markers when the figures changed; the build then publishes them. */
function writeStatement(figures: { pages: number; states: number; dark: number }): void {
  const text = fs.readFileSync(statement, 'utf8');
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${statement} mist het blok ${begin} … ${end}`);
  const updated = `${text.slice(0, from + begin.length)}\n${resultParagraph(figures)}\n${text.slice(to)}`;
  if (updated !== text) fs.writeFileSync(statement, updated);
}

const a11y = suite('e2e: axe-core, WCAG 2.2 AA');
a11y.after(async () => {
  await closeBrowser();
  const { pages, states, dark } = measured;
  if (pages !== undefined && states !== undefined && dark !== undefined) writeStatement({ pages, states, dark });
});

a11y('should find no WCAG 2.2 AA violation on any route, at desktop and mobile width, and reflow at 320 px', async () => {
  const { routes } = await testSite();
  const paths = [...routes, NOT_FOUND];
  assert.ok(routes.length > 300, `expected the whole site, got ${routes.length} routes`);
  const started = performance.now();
  const findings = await runAll(checksFor(paths, ['desktop', 'mobile']).map((c) => ({ ...c, reflow: true })));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`axe: ${paths.length} pages × 2 viewports (and reflow at 320 px) in ${seconds} s, ${findings.length} violation(s)`);
  assertNone(findings, 'every route');
  measured.pages = paths.length;
});

/** Clicks every collapsed sidebar category, so the nested lists are checked while open. */
const expandSidebar = async (tab: Page) => {
  const opened = await tab.evaluate(() => {
    let n = 0;
    // Outer categories first: a caret inside a closed list becomes visible once its parent opens.
    for (let caret = document.querySelector<HTMLElement>('[data-menu-toggle][aria-expanded="false"]'); caret && n < 500; caret = document.querySelector('[data-menu-toggle][aria-expanded="false"]')) {
      caret.click();
      if (caret.getAttribute('aria-expanded') !== 'true') throw new Error(`clicking ${caret.getAttribute('aria-label')} does not expand it`);
      n++;
    }
    return n;
  });
  assert.ok(opened > 0, `${tab.url()}: no collapsed sidebar category to expand`);
};

/** Opens the mobile menu; on a docs page it shows the secondary panel (the docs sidebar) first. */
const openMobileMenu = async (tab: Page) => {
  await tab.waitForSelector('[data-mobile-toggle]', { visible: true });
  await tab.click('[data-mobile-toggle]');
  await tab.waitForFunction(() => document.querySelector('[data-mobile-toggle]')?.getAttribute('aria-expanded') === 'true');
};

/** The mobile menu's primary panel (the navbar items), reached by "back to main menu" on docs pages. */
const openMobileMainPanel = async (tab: Page) => {
  await openMobileMenu(tab);
  await tab.click('.mobile-back');
  await tab.waitForSelector('.mobile-primary', { visible: true });
};

const openDropdown = async (tab: Page) => {
  await tab.click('[data-dropdown] button');
  await tab.waitForSelector('[data-dropdown] .dropdown-menu', { visible: true });
};

const searchResults = async (tab: Page) => {
  await tab.waitForSelector('.search-status', { timeout: 10_000 });
  await tab.waitForFunction(() => (document.querySelector('.search-status')?.textContent ?? '') !== '');
};

/** The search index cannot be fetched: the page says so in its status line. */
const searchIndexFails = async (tab: Page) => {
  const abort = (req: import('puppeteer-core').HTTPRequest) => (req.url().includes('search-index') ? req.abort('internetdisconnected') : req.continue());
  await tab.setRequestInterception(true);
  tab.on('request', abort);
  return async () => {
    await searchResults(tab);
    tab.off('request', abort);
    await tab.setRequestInterception(false);
  };
};

/** An island that throws shows the crash panel: make `matchMedia`, which the shell uses, throw. */
const islandCrashes = async (tab: Page) => {
  // A string: tsx would wrap a function's inner functions in a `__name` helper the page lacks.
  const { identifier } = await tab.evaluateOnNewDocument(`Object.defineProperty(window, 'matchMedia', { configurable: true, value() { throw new Error('axe test: matchMedia is broken on purpose'); } });`);
  return () => tab.removeScriptToEvaluateOnNewDocument(identifier);
};
const crashPanel = async (tab: Page) => { await tab.waitForSelector('.crash-panel', { visible: true, timeout: 5000 }); };

/** The search modal (Ctrl+K), searched for `query` until its status line speaks. */
const searchModal = (query: string) => async (tab: Page) => {
  await tab.keyboard.down('Control');
  await tab.keyboard.press('k');
  await tab.keyboard.up('Control');
  await tab.waitForSelector('.search-modal', { visible: true, timeout: 10_000 });
  await tab.keyboard.type(query);
  await tab.waitForFunction(() => (document.querySelector('.search-modal [role="status"]')?.textContent ?? '') !== '', { timeout: 10_000 });
};

/** One page per docs sidebar that has a collapsed category, found from the served HTML. */
async function pagePerSidebar(origin: string, routes: ReadonlyArray<string>): Promise<string[]> {
  const bySidebar = new Map<string, string>();
  for (const route of routes.filter((r) => /^\/(kennisbank|communities)\//.test(r) && !r.includes('/tags'))) {
    const nav = /data-docs-sidebar[^>]*>([\s\S]*?)<\/nav>/.exec(await (await fetch(`${origin}${route}`)).text())?.[1];
    // A sidebar is known by its links; the first page of each with a closed category is taken.
    const key = nav && /aria-expanded="false"/.test(nav) ? [...nav.matchAll(/href="([^"]+)"/g)].map((m) => m[1]).join(' ') : undefined;
    if (key && !bySidebar.has(key)) bySidebar.set(key, route);
  }
  return [...bySidebar.values()];
}

a11y('should find no violation with the interactive states open', async () => {
  const { origin, routes } = await testSite();
  const sidebarPages = await pagePerSidebar(origin, routes);
  assert.ok(sidebarPages.length >= 5, `expected a page for each docs sidebar with collapsed categories, got ${sidebarPages.join(', ')}`);
  const post = routes.find((r) => /^\/blog\/\d{4}\//.test(r)) ?? '/blog';
  const docsPages = ['/kennisbank', '/kennisbank/apis/problem-details', sidebarPages.find((p) => p.startsWith('/communities/')) ?? '/communities/'];
  const home = await (await fetch(`${origin}/`)).text();
  const checks = [
    ...checksFor(sidebarPages, ['desktop'], 'sidebar expanded', expandSidebar),
    ...checksFor(['/', ...docsPages, '/blog', post, '/zoeken', NOT_FOUND], ['mobile'], 'mobile menu open', openMobileMenu),
    ...checksFor(docsPages, ['mobile'], 'mobile menu, main panel', openMobileMainPanel),
    // The navbar has no dropdown today; when one is configured, it is checked open.
    ...(home.includes('data-dropdown') ? checksFor(['/'], ['desktop'], 'dropdown open', openDropdown) : []),
    ...checksFor(['/zoeken?q=api'], ['desktop', 'mobile'], 'search results', searchResults),
    ...checksFor(['/zoeken?q=xyzzyqwertyuiop'], ['desktop'], 'no search results', searchResults),
    ...checksFor(['/kennisbank/apis/problem-details'], ['desktop', 'mobile'], 'search modal with results', searchModal('api')),
    ...checksFor(['/blog'], ['desktop'], 'search modal without results', searchModal('xyzzyqwertyuiop')),
    { ...checksFor(['/zoeken?q=api'], ['desktop'], 'search index unavailable')[0]!, before: searchIndexFails },
    { ...checksFor(['/kennisbank/apis/problem-details'], ['desktop', 'mobile'], 'crash panel', crashPanel)[0]!, before: islandCrashes },
  ];
  const started = performance.now();
  const findings = await runAll(checks);
  console.log(`axe: ${checks.length} pages with an interactive state open in ${((performance.now() - started) / 1000).toFixed(1)} s, ${findings.length} violation(s)`);
  assertNone(findings, 'interactive states');
  measured.states = checks.length;
});


declare global {
  interface Window { axe: typeof axe }
}

/** Dark mode, for the day the colour switch is enabled (issue 13): the same checks with `data-theme="dark"`. */
const darkMode = async (tab: Page) => {
  await tab.evaluate(() => { document.documentElement.dataset.theme = 'dark'; });
  await settle(tab);
};

a11y('should find no violation in dark mode on every page type', async () => {
  const { routes } = await testSite();
  const post = routes.find((r) => /^\/blog\/\d{4}\//.test(r)) ?? '/blog';
  const pages = ['/', '/kennisbank', '/kennisbank/apis/', '/kennisbank/apis/problem-details', '/kennisbank/tags', '/kennisbank/tags/api', '/communities/',
    '/blog', '/blog/page/2', post, '/blog/tags', '/blog/tags/api', '/blog/archive', '/blog/authors', '/zoeken?q=api', '/contact', '/toegankelijkheid', NOT_FOUND]
    .filter((p) => p === NOT_FOUND || routes.includes(p.split('?')[0] ?? p));
  assert.ok(pages.length >= 15, `page types found: ${pages.join(', ')}`);
  const checks = [
    ...checksFor(pages, ['desktop', 'mobile'], 'dark mode', darkMode),
    ...checksFor(['/kennisbank/apis/problem-details'], ['mobile'], 'dark mode, mobile menu open', async (tab) => { await darkMode(tab); await openMobileMenu(tab); }),
  ];
  const findings = await runAll(checks);
  assertNone(findings, 'dark mode');
  measured.dark = pages.length;
});

/**
 * What our configuration does not have but the theme supports: the fixture site
 * (tests/fixtures/interactive-site) has a closeable announcement bar, a desktop
 * dropdown, a locale dropdown, docs version items and a footer row with a logo.
 */
a11y('should find no violation with the announcement bar shown and each navbar dropdown open', async () => {
  const { routes } = await shellSite();
  const openEach = (dark: boolean) => async (tab: Page) => {
    if (dark) await darkMode(tab);
    await tab.waitForSelector('.announcement-bar', { visible: true });
    const dropdowns = await tab.$$('[data-dropdown] > button, [data-dropdown] button[aria-expanded]');
    assert.ok(dropdowns.length >= 2, `${dropdowns.length} dropdowns`);
    // The last one stays open for the audit; each was opened once on the way.
    for (const button of dropdowns) {
      await button.click();
      await tab.waitForFunction((b) => b.getAttribute('aria-expanded') === 'true', {}, button);
    }
  };
  const checks = [
    ...checksFor(routes.slice(0, 6), ['desktop'], 'announcement bar and dropdowns', openEach(false)),
    ...checksFor(routes.slice(0, 3), ['desktop'], 'announcement bar and dropdowns, dark mode', openEach(true)),
    ...checksFor(routes.slice(0, 6), ['mobile'], 'announcement bar, mobile menu open', openMobileMenu),
  ];
  assertNone(await runAll(checks, shellSite()), 'fixture site');
});

a11y.run();
