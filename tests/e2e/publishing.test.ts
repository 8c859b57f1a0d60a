/**
 * Publishing in a real browser: the analytics bootstrap sends page views for
 * the first load and for client-side navigations (requests intercepted; the
 * counter's and tracker's scripts are replaced by stubs that speak their
 * protocols), and the feeds read as a Dutch page through their XSLT.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { HTTPRequest, Page } from 'puppeteer-core';
import YAML from 'yaml';
import { testSite, closeBrowser } from './browser.ts';
import { configText } from '../helpers.ts';

const publishing = suite('e2e: publishing');
publishing.after(async () => { await closeBrowser(); });

const analytics = (YAML.parse(configText) as { analytics: { counter: { script: string; endpoint: string }; tracker: { url: string; domains: string[] } } }).analytics;

/** GoatCounter's count.js, reduced to its protocol: count on load, `goatcounter.count(vars)` for later views. */
const counterStub = `(function () {
  var endpoint = document.querySelector('script[data-goatcounter]').getAttribute('data-goatcounter');
  function count(v) {
    v = v || {};
    new Image().src = endpoint + '?p=' + encodeURIComponent(v.path || location.pathname + location.search) + '&r=' + encodeURIComponent(v.referrer || document.referrer);
  }
  window.goatcounter = Object.assign(window.goatcounter || {}, { count: count });
  count();
})();`;

/** Matomo's matomo.js, reduced to its protocol: run the queued `_paq` commands, then run pushes at once. */
const trackerStub = `(function () {
  var state = { url: null, site: null, custom: null, referrer: null, commands: [] };
  function run(c) {
    state.commands.push(c);
    if (c[0] === 'setTrackerUrl') state.url = c[1];
    if (c[0] === 'setSiteId') state.site = c[1];
    if (c[0] === 'setCustomUrl') state.custom = c[1];
    if (c[0] === 'setReferrerUrl') state.referrer = c[1];
    if (c[0] === 'trackPageView') new Image().src = state.url + '?idsite=' + state.site + '&url=' + encodeURIComponent(state.custom || location.href) + '&urlref=' + encodeURIComponent(state.referrer || document.referrer);
  }
  (window._paq || []).forEach(run);
  window._paq = { push: function () { for (var i = 0; i < arguments.length; i++) run(arguments[i]); } };
  window.__trackerStub = state;
})();`;

interface Hits { readonly counter: URL[]; readonly tracker: URL[]; readonly arrived: EventTarget }

async function intercept(tab: Page): Promise<Hits> {
  const hits: Hits = { counter: [], tracker: [], arrived: new EventTarget() };
  const counterHit = new URL(analytics.counter.endpoint);
  const trackerHit = new URL('matomo.php', analytics.tracker.url.replace(/\/?$/, '/'));
  await tab.setRequestInterception(true);
  tab.on('request', (request: HTTPRequest) => {
    const url = new URL(request.url());
    const bare = `${url.origin}${url.pathname}`;
    if (bare === analytics.counter.script) return void request.respond({ status: 200, contentType: 'text/javascript', body: counterStub });
    if (bare === new URL('matomo.js', trackerHit).href) return void request.respond({ status: 200, contentType: 'text/javascript', body: trackerStub });
    const hit = bare === counterHit.href ? hits.counter : bare === trackerHit.href ? hits.tracker : null;
    if (hit) {
      hit.push(url);
      hits.arrived.dispatchEvent(new Event('hit'));
      return void request.respond({ status: 204, body: '' });
    }
    if (url.protocol === 'https:') return void request.abort();
    return void request.continue();
  });
  return hits;
}

/** Resolves once `check` holds, looking again at each hit that arrives; fails when none makes it hold within `ms`. */
const until = (hits: Hits, check: () => boolean, what: string | (() => string), ms = 5000) => new Promise<void>((resolve, reject) => {
  if (check()) return resolve();
  const look = () => { if (check()) { stop(); resolve(); } };
  const timer = setTimeout(() => { stop(); reject(new Error(`Niet gezien binnen ${ms} ms: ${typeof what === 'string' ? what : what()}`)); }, ms);
  const stop = () => { clearTimeout(timer); hits.arrived.removeEventListener('hit', look); };
  hits.arrived.addEventListener('hit', look);
});

publishing('should send a page view to the counter and the tracker on load and for a client-side navigation', async () => {
  const { origin, page } = await testSite();
  const tab = await page();
  const hits = await intercept(tab);
  await tab.goto(`${origin}/kennisbank/apis/`, { waitUntil: 'load' });
  await until(hits, () => hits.counter.some((u) => u.searchParams.get('p') === '/kennisbank/apis/'), 'counter: first view');
  await until(hits, () => hits.tracker.some((u) => u.searchParams.get('url') === `${origin}/kennisbank/apis/`), 'tracker: first view');

  // Cross-domain linking over the portal and its API subdomain.
  const commands = await tab.evaluate(() => (window as unknown as { __trackerStub: { commands: unknown[][] } }).__trackerStub.commands);
  assert.equal(commands.find((c) => c[0] === 'setDomains')?.[1], analytics.tracker.domains);
  assert.ok(commands.some((c) => c[0] === 'enableCrossDomainLinking'));

  // A client-side navigation, as the client router announces it.
  await tab.evaluate(() => {
    history.pushState({}, '', '/blog');
    document.title = 'Blog | Ontwikkelaarsportaal';
    document.dispatchEvent(new CustomEvent('ontwikkelaarsportaal:navigated', { detail: { url: location.href } }));
  });
  await until(hits, () => hits.counter.some((u) => u.searchParams.get('p') === '/blog'), 'counter: navigation');
  await until(hits, () => hits.tracker.some((u) => u.searchParams.get('url') === `${origin}/blog` && u.searchParams.get('urlref') === `${origin}/kennisbank/apis/`), () => `tracker: navigation with referrer (${hits.tracker.join(' ')})`);

  // The same address again, or only a new fragment, is not a new page view.
  const before = { counter: hits.counter.length, tracker: hits.tracker.length };
  const counted = await tab.evaluate(() => {
    document.dispatchEvent(new CustomEvent('ontwikkelaarsportaal:navigated'));
    history.pushState({}, '', '/blog#boven');
    return (window as unknown as { ontwikkelaarsportaal: { pageView: (d?: unknown) => boolean } }).ontwikkelaarsportaal.pageView();
  });
  assert.is(counted, false);
  assert.equal({ counter: hits.counter.length, tracker: hits.tracker.length }, before);
  // A next page view: its hits come after any the fragment would have sent, so then each list holds exactly one more.
  await tab.evaluate(() => {
    history.pushState({}, '', '/contact');
    document.dispatchEvent(new CustomEvent('ontwikkelaarsportaal:navigated', { detail: { url: location.href } }));
  });
  await until(hits, () => hits.counter.some((u) => u.searchParams.get('p') === '/contact'), 'counter: the next view');
  await until(hits, () => hits.tracker.some((u) => u.searchParams.get('url') === `${origin}/contact`), 'tracker: the next view');
  assert.equal(hits.counter.map((u) => u.searchParams.get('p')), ['/kennisbank/apis/', '/blog', '/contact'], 'no view for the same address or a fragment');
  assert.equal(hits.tracker.map((u) => new URL(u.searchParams.get('url') ?? '').pathname), ['/kennisbank/apis/', '/blog', '/contact']);
  await tab.close();
});

publishing('should show the RSS and Atom feeds as a Dutch page through the XSLT stylesheet', async () => {
  const { origin, page } = await testSite();
  const tab = await page();
  for (const feed of ['rss.xml', 'atom.xml']) {
    const response = await tab.goto(`${origin}/blog/${feed}`, { waitUntil: 'load' });
    assert.match(response?.headers()['content-type'] ?? '', /xml/);
    const view = await tab.evaluate(() => ({
      h1: document.querySelector('h1')?.textContent ?? '',
      note: document.querySelector('.banner')?.textContent ?? '',
      articles: document.querySelectorAll('article.post-summary').length,
      firstDate: document.querySelector('.post-date-line')?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
      stylesheet: [...document.querySelectorAll('link[rel="stylesheet"]')].length,
    }));
    assert.match(view.h1, 'Ontwikkelaarsportaal – blog', feed);
    assert.match(view.note, 'webfeed', feed);
    assert.ok(view.articles >= 40, `${feed}: ${view.articles} berichten`);
    assert.match(view.firstDate, /^\d{1,2} (januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december) \d{4}/, view.firstDate);
    assert.is(view.stylesheet, 1);
  }
  await tab.close();
});

publishing.run();
