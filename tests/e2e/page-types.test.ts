/**
 * One browser test per page type, each against a real route of the
 * production build of content/.
 * Every test checks the shared shell (status, one h1, lang, data-page, title,
 * description, canonical, skip link, logo, external navbar link) and then the
 * parts and Dutch labels of its own page type.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { testSite, closeBrowser } from './browser.ts';

const types = suite('e2e: page types');

types.after(async () => { await closeBrowser(); });

const SITE_URL = 'https://developer.overheid.nl';
const SITE_SUFFIX = ' | Ontwikkelaarsportaal';
const API_REGISTER = 'https://apis.developer.overheid.nl';
const MONTHS = 'januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december';
const DUTCH_DATE = new RegExp(`\\b\\d{1,2} (${MONTHS}) \\d{4}\\b`);
const READING_TIME = /(\d+ minuten leestijd|Een minuut leestijd)/;
const ARTICLE_COUNT = /^(\d+ artikelen|Eén artikel)$/;
const POST_ROUTE = /^\/blog\/\d{4}\/\d{2}\/\d{2}\/[^/]+$/;
const AUTHOR_ROUTE = /^\/blog\/authors\/[^/]+$/;

interface Visit {
  readonly tab: Page;
  readonly status: number | undefined;
}

async function visit(path: string, options: { javaScript?: boolean } = {}): Promise<Visit> {
  const { origin, page } = await testSite();
  const tab = await page();
  // Every visit fetches the page itself, so the status is the server's (never a 304 from an earlier tab).
  await tab.setCacheEnabled(false);
  if (options.javaScript === false) await tab.setJavaScriptEnabled(false);
  const response = await tab.goto(`${origin}${path}`, { waitUntil: 'load' });
  return { tab, status: response?.status() };
}

/** Open `path`, run `check` and always close the tab. */
async function onPage(path: string, check: (v: Visit) => Promise<void>, options: { javaScript?: boolean } = {}): Promise<void> {
  const v = await visit(path, options);
  try {
    await check(v);
  } finally {
    await v.tab.close();
  }
}

const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** Text of every element matching `selector`, whitespace collapsed. */
const texts = (tab: Page, selector: string): Promise<string[]> =>
  tab.$$eval(selector, (els) => els.map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim()));

/** The href attributes of links in `scope` whose text contains `text`. */
const linksWithText = (tab: Page, text: string, scope = 'body'): Promise<string[]> =>
  tab.$$eval(`${scope} a`, (els, t) => els
    .filter((el) => (el.textContent ?? '').replace(/\s+/g, ' ').includes(t))
    .map((el) => el.getAttribute('href') ?? ''), text);

const h1 = async (tab: Page) => clean(await tab.$eval('h1', (el) => el.textContent));

interface ShellExpectations {
  readonly status?: number;
  /** The value of `data-page`; defaults to the path ("home" on /). Null: checked by the caller. */
  readonly dataPage?: string | null;
  /** The canonical URL's path; defaults to the visited path. Null: only check the origin. */
  readonly canonicalPath?: string | null;
}

/** The page shell every page type shares. */
async function checkShell({ tab, status }: Visit, path: string, expect: ShellExpectations = {}): Promise<void> {
  const isHome = path === '/';
  assert.is(status, expect.status ?? 200, `HTTP status of ${path}`);
  assert.is(await tab.$$eval('h1', (els) => els.length), 1, `exactly one h1 on ${path}`);
  assert.is(await tab.$eval('html', (el) => el.getAttribute('lang')), 'nl', `lang on ${path}`);
  if (expect.dataPage !== null) {
    assert.is(await tab.$eval('html', (el) => el.getAttribute('data-page')), expect.dataPage ?? (isHome ? 'home' : path), `data-page on ${path}`);
  }

  const title = await tab.title();
  if (!isHome) {
    assert.ok(title.endsWith(SITE_SUFFIX), `title of ${path} ends with "${SITE_SUFFIX}": ${title}`);
    assert.ok(title.length > SITE_SUFFIX.length, `title of ${path} has a page part: ${title}`);
  } else {
    assert.ok(title.startsWith('Ontwikkelaarsportaal'), `home title: ${title}`);
  }

  const descriptions = await tab.$$eval('meta[name="description"]', (els) => els.map((el) => el.getAttribute('content') ?? ''));
  assert.is(descriptions.length, 1, `one meta description on ${path}`);
  assert.ok(clean(descriptions[0]).length > 0, `meta description on ${path} is not empty`);

  const canonicals = await tab.$$eval('link[rel="canonical"]', (els) => els.map((el) => el.getAttribute('href') ?? ''));
  assert.is(canonicals.length, 1, `one canonical link on ${path}`);
  const canonical = canonicals[0] ?? '';
  assert.ok(canonical.startsWith(SITE_URL), `canonical of ${path} starts with ${SITE_URL}: ${canonical}`);
  const canonicalPath = expect.canonicalPath === undefined ? path : expect.canonicalPath;
  if (canonicalPath !== null) assert.is(canonical, `${SITE_URL}${canonicalPath}`, `canonical of ${path}`);

  // The skip link is the first thing Tab reaches, and it points at the main landmark.
  await tab.keyboard.press('Tab');
  const focused = await tab.evaluate(() => {
    const el = document.activeElement;
    return { tag: el?.tagName ?? '', text: (el?.textContent ?? '').trim(), href: el?.getAttribute('href') ?? '' };
  });
  assert.equal(focused.tag, 'A', `Tab focuses a link first on ${path}`);
  assert.is(focused.text, 'Ga naar hoofdinhoud', `first focusable element on ${path}`);
  assert.ok(focused.href.startsWith('#'), `skip link is an in-page link on ${path}`);
  const target = focused.href.slice(1);
  assert.ok(await tab.$eval('main', (el, id) => el.id === id, target), `skip link target #${target} is the main element on ${path}`);

  // Logo: a link to / everywhere except the home page.
  const logo = await tab.$eval('header img', (img) => {
    const link = img.closest('a');
    return { linked: link !== null, href: link?.getAttribute('href') ?? null };
  });
  if (isHome) assert.not.ok(logo.linked, 'the logo is not a link on the home page');
  else assert.equal(logo, { linked: true, href: '/' }, `the logo links to / on ${path}`);

  // The navbar's external link to the API register opens in a new tab and says so.
  await checkExternalLink(tab, `header a[href="${API_REGISTER}"]`, path);
}

async function checkExternalLink(tab: Page, selector: string, path: string): Promise<void> {
  const link = await tab.$eval(selector, (el) => {
    const hidden = [...el.querySelectorAll('*')].find((c) => (c.textContent ?? '').includes('(opent in een nieuw tabblad)'));
    const rect = hidden?.getBoundingClientRect();
    const style = hidden ? getComputedStyle(hidden) : null;
    return {
      target: el.getAttribute('target'),
      rel: (el.getAttribute('rel') ?? '').split(/\s+/),
      hiddenText: hidden ? (hidden.textContent ?? '').trim() : null,
      visuallyHidden: rect && style ? rect.width <= 1 && rect.height <= 1 && style.display !== 'none' && style.visibility !== 'hidden' : false,
    };
  });
  assert.is(link.target, '_blank', `${selector} on ${path} opens in a new tab`);
  assert.ok(link.rel.includes('noopener'), `${selector} on ${path} has rel noopener`);
  assert.ok(link.rel.includes('noreferrer'), `${selector} on ${path} has rel noreferrer`);
  assert.is(link.hiddenText, '(opent in een nieuw tabblad)', `${selector} on ${path} announces the new tab`);
  assert.ok(link.visuallyHidden, `the new-tab text of ${selector} on ${path} is visually hidden, not display:none`);
}

/** Post summaries on a blog list page: title link, Dutch date, reading time, "Lees meer". */
async function postSummaries(tab: Page) {
  return tab.$$eval('main article', (articles) => articles.map((a) => {
    const title = a.querySelector('h2 a');
    const readMore = [...a.querySelectorAll('a')].find((l) => (l.textContent ?? '').trim() === 'Lees meer');
    return {
      href: title?.getAttribute('href') ?? '',
      time: (a.querySelector('time')?.textContent ?? '').trim(),
      text: (a.textContent ?? '').replace(/\s+/g, ' '),
      readMore: readMore?.getAttribute('href') ?? null,
      tagLinks: [...a.querySelectorAll('a[href*="/tags/"]')].map((l) => l.getAttribute('href') ?? ''),
      authorLinks: [...a.querySelectorAll('a[href^="/blog/authors/"]')].map((l) => l.getAttribute('href') ?? ''),
    };
  }));
}

function checkSummaries(summaries: Awaited<ReturnType<typeof postSummaries>>, path: string): void {
  for (const s of summaries) {
    assert.match(s.href, POST_ROUTE, `post link on ${path}`);
    assert.match(s.time, DUTCH_DATE, `Dutch long date for ${s.href} on ${path}`);
    assert.match(s.text, READING_TIME, `reading time for ${s.href} on ${path}`);
    assert.is(s.readMore, s.href, `"Lees meer" for ${s.href} on ${path}`);
  }
}

// ---------------------------------------------------------------------------
// Docs

types('docs item: sidebar, breadcrumbs, TOC, paginator, tags and edit links (/kennisbank/apis/problem-details)', async () => {
  const path = '/kennisbank/apis/problem-details';
  await onPage(path, async (v) => {
    const { tab } = v;
    await checkShell(v, path);
    assert.is(await h1(tab), "Problem Details voor HTTP API's");

    // Sidebar navigation with the current page marked.
    const current = await tab.$$eval('aside nav a[aria-current="page"]', (els) => els.map((el) => el.getAttribute('href')));
    assert.equal(current, [path], 'one sidebar link marked aria-current="page"');
    assert.ok((await tab.$$('aside nav a')).length > 5, 'the sidebar lists the area');

    // Breadcrumbs, starting at the home page.
    const crumbs = await texts(tab, 'nav[aria-label="Broodkruimels"] li');
    assert.ok(crumbs.length >= 2, `breadcrumbs: ${crumbs.join(' > ')}`);
    assert.is(crumbs[0], 'Homepagina');
    assert.is(await tab.$eval('nav[aria-label="Broodkruimels"] li a', (el) => el.getAttribute('href')), '/');
    assert.is(crumbs.at(-1), 'Problem Details', 'the last crumb is the page (sidebar label)');
    assert.is(await tab.$eval('nav[aria-label="Broodkruimels"] li:last-child [aria-current="page"]', (el) => el.tagName), 'SPAN');

    // Table of contents "Op deze pagina" whose links all resolve to headings on the page.
    const toc = await tab.evaluate(() => {
      const title = [...document.querySelectorAll('body *')].find((el) => el.children.length === 0 && (el.textContent ?? '').trim() === 'Op deze pagina');
      const nav = title?.closest('nav');
      const hrefs = nav ? [...nav.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '') : [];
      return { found: Boolean(title), inNav: Boolean(nav), hrefs, missing: hrefs.filter((h) => !document.getElementById(decodeURIComponent(h.slice(1)))) };
    });
    assert.ok(toc.found, 'TOC title "Op deze pagina"');
    assert.ok(toc.inNav, 'the TOC is a nav');
    assert.ok(toc.hrefs.length >= 2, `TOC links: ${toc.hrefs.join(', ')}`);
    assert.ok(toc.hrefs.every((h) => h.startsWith('#')), 'TOC links are anchors');
    assert.equal(toc.missing, [], 'every TOC anchor exists on the page');

    // Previous/next paginator.
    // (No named helper functions inside evaluate: tsx would wrap them in a __name call the page lacks.)
    const paginator = await tab.evaluate(() => {
      const links = [...document.querySelectorAll('main nav a')];
      const [previous, next] = ['Vorige', 'Volgende'].map((label) => links.find((a) => [...a.querySelectorAll('*')].some((c) => (c.textContent ?? '').trim() === label)));
      return { previous: previous?.getAttribute('href') ?? null, next: next?.getAttribute('href') ?? null };
    });
    assert.ok(paginator.previous?.startsWith('/kennisbank/'), `"Vorige" link: ${paginator.previous}`);
    assert.ok(paginator.next?.startsWith('/kennisbank/'), `"Volgende" link: ${paginator.next}`);
    assert.is.not(paginator.previous, path);
    assert.is.not(paginator.next, path);

    // Tags row.
    const tagsRow = await tab.evaluate(() => {
      const label = [...document.querySelectorAll('main *')].find((el) => el.children.length === 0 && (el.textContent ?? '').trim() === 'Tags:');
      const row = label?.parentElement;
      return { found: Boolean(label), links: row ? [...row.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '') : [] };
    });
    assert.ok(tagsRow.found, 'tags row label "Tags:"');
    assert.ok(tagsRow.links.includes('/kennisbank/tags/api'), `tag links: ${tagsRow.links.join(', ')}`);
    assert.ok(tagsRow.links.every((h) => h.startsWith('/kennisbank/tags/')), 'tag links point at kennisbank tag pages');

    // Edit and idea links, both external.
    const edit = await linksWithText(tab, 'Iets aan dit artikel verbeteren?', 'main');
    assert.is(edit.length, 1, 'edit link "Iets aan dit artikel verbeteren?"');
    assert.match(edit[0] ?? '', /^https:\/\//);
    assert.match(edit[0] ?? '', /problem-details\.md$/, 'the edit link points at the source file');
    const ideas = await linksWithText(tab, 'Heb je nog andere ideeën of suggesties?', 'main');
    assert.is(ideas.length, 1, 'link "Heb je nog andere ideeën of suggesties?"');
    await checkExternalLink(tab, `main a[href="${edit[0]}"]`, path);
  });
});

/** "Eén artikel" → 1, "12 artikelen" → 12, anything else → NaN. */
const articleCount = (text: string): number => (text === 'Eén artikel' ? 1 : ARTICLE_COUNT.test(text) ? Number.parseInt(text, 10) : Number.NaN);

/** Cards on a docs page: a list item headed by a link, with its "N artikelen" line if it has one. */
const docCards = (tab: Page) => tab.$$eval('main li', (lis) => lis
  .filter((li) => li.querySelector(':scope > h2 a, :scope > h3 a'))
  .map((li) => ({
    href: li.querySelector('h2 a, h3 a')?.getAttribute('href') ?? '',
    count: [...li.querySelectorAll('p')].map((p) => (p.textContent ?? '').trim()).find((t) => /^(\d+ artikelen|Eén artikel)$/.test(t)) ?? null,
  })));

const AREAS = ['apis', 'data', 'front-end', 'infra', 'open-source', 'security', 'programmeertalen', 'leidraad'];

types('docs root: area cards with article counts (/kennisbank), category index with child cards (/kennisbank/apis/)', async () => {
  // A category index page shows its children as cards; sub-categories carry their own count.
  const category = '/kennisbank/apis/';
  let apisArticles = 0;
  await onPage(category, async (v) => {
    const { tab } = v;
    await checkShell(v, category);
    const cards = await docCards(tab);
    assert.ok(cards.length >= 4, `child cards on ${category}: ${cards.map((c) => c.href).join(', ')}`);
    assert.ok(cards.every((c) => c.href.startsWith(category) && c.href !== category), 'child cards link below the category');
    assert.ok(cards.some((c) => c.href === '/kennisbank/apis/problem-details' && c.count === null), 'problem-details is a child card (without a count)');
    const designRules = cards.find((c) => c.href === '/kennisbank/apis/api-design-rules/');
    assert.ok(designRules?.count, 'the api-design-rules category card shows its article count');
    assert.ok(articleCount(designRules.count) >= 10, `api-design-rules count: ${designRules.count}`);
    // Every card is an article, and a category card adds the articles below it.
    apisArticles = cards.reduce((n, c) => n + 1 + (c.count === null ? 0 : articleCount(c.count)), 0);
  });

  const path = '/kennisbank';
  await onPage(path, async (v) => {
    const { tab } = v;
    await checkShell(v, path);
    assert.is(await h1(tab), 'Kennisbank');
    assert.ok(await tab.$('aside nav a[href="/kennisbank"]'), 'the sidebar links back to the knowledge base home');
    assert.ok(await tab.$('nav[aria-label="Broodkruimels"]'), 'breadcrumbs');
    const cards = await docCards(tab);
    for (const area of AREAS) {
      const card = cards.find((c) => c.href === `/kennisbank/${area}/`);
      assert.ok(card, `area card for ${area}`);
      assert.ok(card.count, `article count on the ${area} card`);
      assert.ok(articleCount(card.count) > 0, `the ${area} area has articles: "${card.count}"`);
    }
    const apis = cards.find((c) => c.href === category);
    assert.is(apis?.count, `${apisArticles} artikelen`, `the apis card counts the ${apisArticles} articles below ${category}`);
  });
});

types('docs version root: the communities home (/communities/)', async () => {
  const path = '/communities/';
  await onPage(path, async (v) => {
    const { tab } = v;
    await checkShell(v, path);
    assert.ok((await h1(tab)).length > 0);
    const sidebarLinks = await tab.$$eval('aside nav a', (els) => els.map((el) => el.getAttribute('href') ?? ''));
    assert.ok(sidebarLinks.includes('/communities/'), 'the communities sidebar links back to the communities home');
    for (const community of ['common-ground', 'digilab', 'nl-design-system']) {
      assert.ok(sidebarLinks.some((h) => h.startsWith(`/communities/${community}`)), `sidebar link to ${community}`);
    }
    assert.not.ok(sidebarLinks.some((h) => h.startsWith('/kennisbank/')), 'communities have their own sidebar');
    assert.equal(await tab.$$eval('aside nav a[aria-current="page"]', (els) => els.map((el) => el.getAttribute('href'))), [path]);
    const crumbs = await texts(tab, 'nav[aria-label="Broodkruimels"] li');
    assert.is(crumbs[0], 'Homepagina', 'breadcrumbs are enabled in the communities area');
  });
});

types('docs tag list: every kennisbank tag (/kennisbank/tags)', async () => {
  const path = '/kennisbank/tags';
  const { routes } = await testSite();
  const tagRoutes = routes.filter((r) => /^\/kennisbank\/tags\/[^/]+$/.test(r));
  await onPage(path, async (v) => {
    const { tab } = v;
    await checkShell(v, path);
    assert.is(await h1(tab), 'Tags');
    const links = await tab.$$eval('main a[href^="/kennisbank/tags/"]', (els) => els.map((el) => el.getAttribute('href') ?? ''));
    assert.equal([...new Set(links)].sort(), [...tagRoutes].sort(), 'one link per kennisbank tag page');
    assert.ok(tagRoutes.length >= 70, `about 85 kennisbank tags, got ${tagRoutes.length}`);
    for (const tag of ['api', 'ux', 'wcag', 'yaml']) assert.ok(links.includes(`/kennisbank/tags/${tag}`), `tag ${tag}`);
  });
});

types('docs tag document list: articles tagged "API" (/kennisbank/tags/api)', async () => {
  const path = '/kennisbank/tags/api';
  await onPage(path, async (v) => {
    const { tab } = v;
    await checkShell(v, path);
    const heading = await h1(tab);
    const m = /^(\d+) artikelen getagd met "API"$/.exec(heading);
    assert.ok(m, `h1: ${heading}`);
    const docs = await tab.$$eval('main h2 a', (els) => els.map((el) => el.getAttribute('href') ?? ''));
    assert.is(docs.length, Number(m[1]), 'the count in the h1 matches the listed articles');
    assert.ok(docs.includes('/kennisbank/apis/problem-details'), 'problem-details is tagged api');
    assert.ok(docs.every((h) => /^\/kennisbank(\/|$)/.test(h)), `only kennisbank articles: ${docs.join(', ')}`);
    assert.equal(await linksWithText(tab, 'Laat alle tags zien', 'main'), ['/kennisbank/tags']);
    assert.ok((await tab.title()).startsWith(heading), 'the title repeats the h1');
  });
});

// ---------------------------------------------------------------------------
// Blog

types('blog list: 10 posts on /blog and 1 on /blog/page/5, with dates, reading time and paginator', async () => {
  await onPage('/blog', async (v) => {
    const { tab } = v;
    await checkShell(v, '/blog');
    assert.is(await h1(tab), 'Blog');
    const summaries = await postSummaries(tab);
    assert.is(summaries.length, 10, 'ten posts on the first page');
    checkSummaries(summaries, '/blog');
    assert.equal(await linksWithText(tab, 'Oudere items', 'main'), ['/blog/page/2']);
    assert.equal(await linksWithText(tab, 'Nieuwere items', 'main'), [], 'no newer items on the first page');
  });
  await onPage('/blog/page/5', async (v) => {
    const { tab } = v;
    await checkShell(v, '/blog/page/5');
    assert.match(await h1(tab), /^Blog/);
    const summaries = await postSummaries(tab);
    assert.is(summaries.length, 1, 'one post on the last page');
    checkSummaries(summaries, '/blog/page/5');
    assert.equal(await linksWithText(tab, 'Nieuwere items', 'main'), ['/blog/page/4']);
    assert.equal(await linksWithText(tab, 'Oudere items', 'main'), [], 'no older items on the last page');
  });
});

types('blog post: authors, date, reading time and the newer/older paginator', async () => {
  const { routes } = await testSite();
  const posts = routes.filter((r) => POST_ROUTE.test(r));
  assert.ok(posts.length >= 40, `about 45 posts, got ${posts.length}`);
  const path = posts[Math.floor(posts.length / 2)] ?? '';
  await onPage(path, async (v) => {
    const { tab } = v;
    await checkShell(v, path);
    const authors = await tab.$$eval('main a[href^="/blog/authors/"]', (els) => els.map((el) => el.getAttribute('href') ?? ''));
    assert.ok(authors.length >= 1, `author links on ${path}`);
    assert.ok(authors.every((a) => AUTHOR_ROUTE.test(a) && routes.includes(a)), `author links are author pages: ${authors.join(', ')}`);
    const time = await tab.$eval('main time', (el) => ({ text: (el.textContent ?? '').trim(), datetime: el.getAttribute('datetime') ?? '' }));
    assert.match(time.text, DUTCH_DATE, `Dutch long date: ${time.text}`);
    const [y, mo, d] = path.split('/').slice(2, 5);
    assert.ok(time.datetime.startsWith(`${y}-${mo}-${d}`), `datetime ${time.datetime} matches the path ${path}`);
    assert.match(clean(await tab.$eval('main', (el) => el.textContent)), READING_TIME);

    const nav = await tab.evaluate(() => {
      const links = [...document.querySelectorAll('main nav a')];
      const [newer, older] = ['Nieuwer bericht', 'Ouder bericht'].map((label) => links.find((a) => (a.textContent ?? '').includes(label))?.getAttribute('href') ?? null);
      return { newer: newer ?? null, older: older ?? null };
    });
    assert.ok(nav.newer && POST_ROUTE.test(nav.newer), `"Nieuwer bericht" link: ${nav.newer}`);
    assert.ok(nav.older && POST_ROUTE.test(nav.older), `"Ouder bericht" link: ${nav.older}`);
    const dateOf = (p: string) => p.split('/').slice(2, 5).join('-');
    assert.ok(dateOf(nav.newer) >= dateOf(path), `newer post ${nav.newer} is not older than ${path}`);
    assert.ok(dateOf(nav.older) <= dateOf(path), `older post ${nav.older} is not newer than ${path}`);
  });
});

types('blog archive: "Archief" grouped by year (/blog/archive)', async () => {
  const path = '/blog/archive';
  const { routes } = await testSite();
  await onPage(path, async (v) => {
    const { tab } = v;
    await checkShell(v, path);
    assert.is(await h1(tab), 'Archief');
    // The year headings of the list; the blog sidebar beside it has headings of its own.
    const years = await texts(tab, 'main .blog-page h2');
    assert.ok(years.length >= 3, `year headings: ${years.join(', ')}`);
    assert.ok(years.every((y) => /^\d{4}$/.test(y)), `every h2 is a year: ${years.join(', ')}`);
    for (const y of ['2023', '2024', '2025']) assert.ok(years.includes(y), `year ${y}`);
    assert.equal(years, [...years].sort().reverse(), 'newest year first');
    const grouped = await tab.$$eval('main .blog-page h2', (hs) => hs.map((h) => {
      const section = h.closest('section') ?? h.parentElement;
      return { year: (h.textContent ?? '').trim(), posts: [...(section?.querySelectorAll('a') ?? [])].map((a) => a.getAttribute('href') ?? '') };
    }));
    let total = 0;
    for (const { year, posts } of grouped) {
      assert.ok(posts.length > 0, `posts under ${year}`);
      assert.ok(posts.every((p) => p.startsWith(`/blog/${year}/`) && routes.includes(p)), `posts under ${year} are from ${year}`);
      total += posts.length;
    }
    assert.is(total, 41, 'every listed post (4 full pages of 10 plus 1)');
  });
});

types('blog tags list: every blog tag (/blog/tags)', async () => {
  const path = '/blog/tags';
  const { routes } = await testSite();
  const tagRoutes = routes.filter((r) => /^\/blog\/tags\/[^/]+$/.test(r));
  await onPage(path, async (v) => {
    const { tab } = v;
    await checkShell(v, path);
    assert.is(await h1(tab), 'Tags');
    const links = await tab.$$eval('main a[href^="/blog/tags/"]', (els) => els.map((el) => el.getAttribute('href') ?? ''));
    assert.equal([...new Set(links)].sort(), [...tagRoutes].sort(), 'one link per blog tag page');
    assert.ok(tagRoutes.length >= 60, `about 70 blog tags, got ${tagRoutes.length}`);
    assert.ok(links.includes('/blog/tags/api'));
  });
});

types('blog tag posts: posts tagged "API" over two pages (/blog/tags/api, /blog/tags/api/page/2)', async () => {
  const { routes } = await testSite();
  let total = 0;
  await onPage('/blog/tags/api', async (v) => {
    const { tab } = v;
    await checkShell(v, '/blog/tags/api');
    const heading = await h1(tab);
    const m = /^(\d+) berichten getagd met "API"$/.exec(heading);
    assert.ok(m, `h1: ${heading}`);
    total = Number(m[1]);
    assert.ok(total > 10, 'more than one page of api posts');
    const summaries = await postSummaries(tab);
    assert.is(summaries.length, 10);
    checkSummaries(summaries, '/blog/tags/api');
    assert.ok(summaries.every((s) => s.tagLinks.includes('/blog/tags/api')), 'every listed post carries the api tag');
    assert.equal(await linksWithText(tab, 'Laat alle tags zien', 'main'), ['/blog/tags']);
    assert.equal(await linksWithText(tab, 'Oudere items', 'main'), ['/blog/tags/api/page/2']);
  });
  await onPage('/blog/tags/api/page/2', async (v) => {
    const { tab } = v;
    await checkShell(v, '/blog/tags/api/page/2');
    const heading = await h1(tab);
    assert.match(heading, new RegExp(`^${total} berichten getagd met "API"`), `h1: ${heading}`);
    const summaries = await postSummaries(tab);
    const expected = routes.includes('/blog/tags/api/page/3') ? 10 : total - 10;
    assert.is(summaries.length, expected, 'the rest of the api posts');
    checkSummaries(summaries, '/blog/tags/api/page/2');
    assert.ok(summaries.every((s) => s.tagLinks.includes('/blog/tags/api')));
    assert.equal(await linksWithText(tab, 'Laat alle tags zien', 'main'), ['/blog/tags']);
    assert.equal(await linksWithText(tab, 'Nieuwere items', 'main'), ['/blog/tags/api']);
  });
});

types('blog authors list: "Auteurs" with 17 authors (/blog/authors)', async () => {
  const path = '/blog/authors';
  const { routes } = await testSite();
  const authorRoutes = routes.filter((r) => AUTHOR_ROUTE.test(r));
  await onPage(path, async (v) => {
    const { tab } = v;
    await checkShell(v, path);
    assert.is(await h1(tab), 'Auteurs');
    const authors = await tab.$$eval('main h2 a[href^="/blog/authors/"]', (els) => els.map((el) => el.getAttribute('href') ?? ''));
    assert.is(authors.length, 17, 'seventeen authors');
    assert.equal([...authors].sort(), [...authorRoutes].sort(), 'each author links to their page');
    const counts = (await texts(tab, 'main p')).filter((t) => /bericht/.test(t));
    assert.ok(counts.length >= 17 && counts.every((t) => /^(\d+ berichten|Eén bericht)$/.test(t)), `post counts: ${counts.join(', ')}`);
  });
});

types('blog author posts: one author\'s posts', async () => {
  const { routes } = await testSite();
  const path = routes.find((r) => AUTHOR_ROUTE.test(r)) ?? '';
  assert.ok(path, 'an author route');
  await onPage(path, async (v) => {
    const { tab } = v;
    await checkShell(v, path);
    const name = await h1(tab);
    assert.ok(name.length > 0, 'the author name is the h1');
    assert.ok((await texts(tab, 'main h2')).includes(`Berichten van ${name}`), `h2 "Berichten van ${name}"`);
    const summaries = await postSummaries(tab);
    assert.ok(summaries.length >= 1, 'at least one post');
    checkSummaries(summaries, path);
    assert.ok(summaries.every((s) => s.authorLinks.includes(path)), 'every listed post is by this author');
  });
});

// ---------------------------------------------------------------------------
// Search, content pages, home and not-found

types('search page: title, GET form to /zoeken with q, noindex (/zoeken)', async () => {
  const path = '/zoeken';
  await onPage(path, async (v) => {
    const { tab } = v;
    await checkShell(v, path);
    assert.is(await h1(tab), 'Zoek in de Kennisbank, API- en OSS-register');
    assert.is(await tab.title(), `Zoek in de Kennisbank, API- en OSS-register${SITE_SUFFIX}`);
    const form = await tab.$eval('main form', (f) => ({
      action: f.getAttribute('action'), method: (f.getAttribute('method') ?? 'get').toLowerCase(),
      q: f.querySelectorAll('input[name="q"]').length,
      labelled: [...f.querySelectorAll('input[name="q"]')].every((i) => Boolean((i as HTMLInputElement).labels?.length)),
    }));
    assert.equal(form, { action: '/zoeken', method: 'get', q: 1, labelled: true });
    assert.equal(await tab.$$eval('meta[name="robots"]', (els) => els.map((el) => el.getAttribute('content'))), ['noindex, follow']);
  });
});

types('generic content pages: /contact and /contributing/', async () => {
  for (const path of ['/contact', '/contributing/']) {
    await onPage(path, async (v) => {
      const { tab } = v;
      await checkShell(v, path);
      assert.ok((await h1(tab)).length > 0);
      assert.ok(clean(await tab.$eval('main', (el) => el.textContent)).length > 200, `content on ${path}`);
      assert.is(await tab.$('aside nav'), null, `no docs sidebar on ${path}`);
      assert.is(await tab.$('meta[name="robots"]'), null, `${path} is indexable`);
    });
  }
  // External links in the content open in a new tab too.
  await onPage('/contributing/', async ({ tab }) => {
    const selector = 'main a[href="https://github.com/developer-overheid-nl"]';
    assert.ok(await tab.$(selector), 'a content link to the GitHub organisation');
    await checkExternalLink(tab, selector, '/contributing/');
  });
});

types('home page: data-page "home" and a logo that is not a link (/)', async () => {
  await onPage('/', async (v) => {
    await checkShell(v, '/');
    assert.ok(await v.tab.$('main form[action="/zoeken"] input[name="q"]'), 'search form on the home page');
    const cards = await docCards(v.tab);
    for (const area of AREAS) {
      const card = cards.find((c) => c.href === `/kennisbank/${area}/`);
      assert.ok(card?.count, `home card for ${area} with an article count`);
      assert.ok(articleCount(card.count) > 0, `the ${area} card on the home page counts its articles: "${card.count}"`);
    }
  });
});

types('not-found: /404.html renders the not-found page', async () => {
  await onPage('/404.html', async (v) => {
    const { tab } = v;
    // /404.html is normalised to /404, which serves the not-found page file.
    await checkShell(v, '/404.html', { status: 200, canonicalPath: null });
    assert.is(await h1(tab), 'Pagina niet gevonden');
    assert.match(clean(await tab.$eval('main', (el) => el.textContent)), /We kunnen niet vinden waar je naar op zoek bent\./);
  });
});

types('not-found: an unknown path answers 404 with the not-found page', async () => {
  const path = '/kennisbank/bestaat-niet';
  await onPage(path, async (v) => {
    const { tab } = v;
    await checkShell(v, path, { status: 404, canonicalPath: null, dataPage: null });
    assert.is(new URL(tab.url()).pathname, path, 'no redirect away from the unknown path');
    assert.is(await h1(tab), 'Pagina niet gevonden');
    assert.is(await tab.title(), `Pagina niet gevonden${SITE_SUFFIX}`);
    const text = clean(await tab.$eval('main', (el) => el.textContent));
    assert.match(text, /We kunnen niet vinden waar je naar op zoek bent\./);
    assert.match(text, /Neem contact op met de eigenaar van de website/);
    // The current page is marked by its path text, here the path that was asked for.
    assert.is(await tab.$eval('html', (el) => el.getAttribute('data-page')), path, 'data-page on an unknown path');
  });
});

// ---------------------------------------------------------------------------
// Without JavaScript

types('without JavaScript a docs page still shows its content, sidebar and TOC', async () => {
  const path = '/kennisbank/apis/problem-details';
  await onPage(path, async ({ tab, status }) => {
    assert.is(status, 200);
    // The client bundle marks <html> with class "js" when it runs; it must not have run.
    assert.not.ok(await tab.$eval('html', (el) => el.classList.contains('js')), 'JavaScript is really off');
    const seen = await tab.evaluate(() => {
      const main = document.querySelector('main');
      const toc = [...document.querySelectorAll('nav')].find((n) => (n.textContent ?? '').includes('Op deze pagina'));
      const visible = [
        ...(main ? main.querySelectorAll('p') : []),
        ...document.querySelectorAll('aside nav, aside nav a'),
        ...(toc ? toc.querySelectorAll('a') : []),
      ].filter((el) => {
        const r = el.getBoundingClientRect();
        const s = getComputedStyle(el);
        return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
      });
      return {
        h1: (document.querySelector('h1')?.textContent ?? '').trim(),
        paragraphs: visible.filter((el) => el.tagName === 'P').length,
        sidebar: visible.some((el) => el.tagName === 'NAV'),
        sidebarLinks: visible.filter((el) => el.tagName === 'A' && el.closest('aside')).length,
        current: visible.some((el) => el.getAttribute('aria-current') === 'page' && el.closest('aside')),
        toc: visible.filter((el) => el.tagName === 'A' && toc?.contains(el)).length,
      };
    });
    assert.is(seen.h1, "Problem Details voor HTTP API's");
    assert.ok(seen.paragraphs >= 3, `visible paragraphs: ${seen.paragraphs}`);
    assert.ok(seen.sidebar, 'the sidebar is visible');
    assert.ok(seen.sidebarLinks >= 5, `visible sidebar links: ${seen.sidebarLinks}`);
    assert.ok(seen.current, 'the current page is visible in the sidebar');
    assert.ok(seen.toc >= 2, `visible TOC links: ${seen.toc}`);
  }, { javaScript: false });
});

types.run();
