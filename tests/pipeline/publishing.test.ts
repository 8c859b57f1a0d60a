/**
 * Publishing (issue 14): feeds, sitemap, robots.txt, OpenSearch, manifest,
 * head metadata (canonical, social card, JSON-LD), analytics and the privacy
 * statement. Feeds are parsed back with fast-xml-parser; the sitemap is
 * checked against the pages' own robots meta, an oracle independent of the
 * stage that writes it.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import YAML from 'yaml';
import { analyse, generate, type Generated } from '../../pipeline/build.ts';
import { readSources } from '../../pipeline/io/read.ts';
import { createHighlighter } from '../../pipeline/io/highlight/shiki.ts';
import type { Mode, Route } from '../../pipeline/types.ts';
import { outputFile } from '../../pipeline/stages/routes.ts';
import { configText, effects, post, root, tree } from '../helpers.ts';

type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['node'];

const origin = 'https://developer.overheid.nl';
const repeated = new Set(['rss.channel.item', 'rss.channel.item.category', 'rss.channel.item.dc:creator', 'feed.link', 'feed.entry', 'feed.entry.link', 'feed.entry.author', 'feed.entry.category', 'urlset.url', 'OpenSearchDescription.Url']);
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', processEntities: true, isArray: (_name, jpath) => repeated.has(String(jpath)) });


function build(files: Record<string, string>, options: { mode?: Mode; config?: string } = {}): Generated {
  return generate(analyse(tree(files, options.config ?? configText), options.mode ?? 'production'), effects, { render: true });
}

const text = (g: Generated, file: string): string => {
  const found = g.files.find((f) => f.path === file);
  if (!found) throw new Error(`${file} is niet gebouwd`);
  return typeof found.data === 'string' ? found.data : new TextDecoder().decode(found.data);
};

/** The site.yml text without one top-level section. */
const withoutSection = (config: string, key: string): string => {
  const lines = config.split('\n');
  const out: string[] = [];
  let skipping = false;
  for (const line of lines) {
    if (line.startsWith(`${key}:`)) { skipping = true; continue; }
    if (skipping && (line.startsWith(' ') || line.trim() === '' || line.startsWith('#'))) continue;
    skipping = false;
    out.push(line);
  }
  return out.join('\n');
};

// ---------------------------------------------------------------------------
// HTML helpers (parse5)

function elements(node: Node, tag: string, out: Element[] = []): Element[] {
  if ('tagName' in node && node.tagName === tag) out.push(node);
  const children = 'childNodes' in node ? node.childNodes : [];
  for (const child of children) elements(child as Node, tag, out);
  if ('content' in node && node.content) elements(node.content as unknown as Node, tag, out);
  return out;
}
const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;
const textOf = (el: Element) => el.childNodes.map((c) => ('value' in c ? c.value : '')).join('');

interface Head {
  readonly canonicals: string[];
  readonly robots: string | null;
  readonly jsonLd: Array<Record<string, unknown>>;
  readonly scripts: Element[];
  readonly links: Element[];
  readonly meta: (key: string) => string | undefined;
}

function head(html: string): Head {
  // Only the head matters here, and parsing 400 whole pages is slow.
  const end = html.indexOf('</head>');
  const doc = parse(end >= 0 ? `${html.slice(0, end)}</head><body></body></html>` : html) as unknown as Node;
  const links = elements(doc, 'link');
  const metas = elements(doc, 'meta');
  const scripts = elements(doc, 'script');
  return {
    canonicals: links.filter((l) => attr(l, 'rel') === 'canonical').map((l) => attr(l, 'href') ?? ''),
    robots: metas.find((m) => attr(m, 'name') === 'robots')?.attrs.find((a) => a.name === 'content')?.value ?? null,
    jsonLd: scripts.filter((s) => attr(s, 'type') === 'application/ld+json').map((s) => JSON.parse(textOf(s)) as Record<string, unknown>),
    scripts,
    links,
    meta: (key) => {
      const m = metas.find((x) => attr(x, 'name') === key || attr(x, 'property') === key);
      return m ? attr(m, 'content') : undefined;
    },
  };
}

const html = (g: Generated, route: Route) => text(g, outputFile(route.path));

// ---------------------------------------------------------------------------
// A small site with every case: published, draft and unlisted posts, docs and pages.

const body = (extra = '') => `Inleiding met een [link naar de kennisbank](/kennisbank/a) en [een anker](#verder).\n\n<!-- truncate -->\n\n## Verder\n\nRest van het bericht.${extra}\n`;
const files: Record<string, string> = {
  'blog/authors.yml': 'ada:\n  name: Ada Jansen\n  title: Ontwikkelaar\nbob:\n  name: Bob de Vries\n',
  'blog/2024-01-10-eerste.md': post('title: Eerste bericht\nauthors: [ada]\ntags: [api]\ndescription: Over het eerste.', body()),
  'blog/2024-03-05-tweede.md': post('title: Tweede & laatste <ronde>\nauthors: [ada, bob]\ntags: [api, security]', body('\n\n```ts title="voorbeeld.ts"\nconst a = 1;\n```')),
  'blog/2024-02-01-derde.md': post('title: Derde bericht\nauthors: [bob]', body()),
  'blog/2024-04-01-concept.md': post('title: Concept\nauthors: [ada]\ndraft: true', body()),
  'blog/2024-05-01-verborgen.md': post('title: Verborgen\nauthors: [ada]\nunlisted: true', body()),
  'kennisbank/a.md': `---\ntitle: Artikel A\ntags: [api]\n---\n\n${'Een hele lange eerste alinea over API-ontwerp bij de overheid. '.repeat(8)}\n\n## Tweede kop\n\nMeer.\n`,
  'kennisbank/b.md': '---\ntitle: Verborgen artikel\nunlisted: true\n---\n\nNiet in lijsten.\n',
  'kennisbank/c.md': '---\ntitle: Concept artikel\ndraft: true\n---\n\nNog niet af.\n',
  'pages/index.md': '---\ntitle: Ontwikkelaarsportaal\ndescription: De start.\n---\n\nWelkom.\n',
  'pages/over.md': '---\ntitle: Over ons\n---\n\nWie we zijn.\n',
  'pages/geheim.md': '---\ntitle: Geheim\nunlisted: true\n---\n\nAlleen met een directe link.\n',
};

const published = ['/blog/2024/03/05/tweede', '/blog/2024/02/01/derde', '/blog/2024/01/10/eerste'].map((p) => `${origin}${p}`);

let cached: Generated | null = null;
const site = () => (cached ??= build(files));

// ---------------------------------------------------------------------------

const feeds = suite('publishing: feeds');

feeds('should list exactly the published, listed posts in RSS 2.0, newest first, with dates, authors and tags', () => {
  const g = site();
  assert.equal(g.problems.filter((p) => p.severity === 'error'), []);
  const rssText = text(g, 'blog/rss.xml');
  assert.is(XMLValidator.validate(rssText), true);
  assert.match(rssText, '<?xml-stylesheet href="/blog/feed.xsl" type="text/xsl"?>');
  const rss = xml.parse(rssText).rss;
  assert.is(rss['@version'], '2.0');
  const items = rss.channel.item as Array<Record<string, unknown>>;
  assert.equal(items.map((i) => i.link), published);
  assert.equal(items.map((i) => new Date(String(i.pubDate)).toISOString().slice(0, 10)), ['2024-03-05', '2024-02-01', '2024-01-10']);
  assert.is(new Date(String(rss.channel.lastBuildDate)).toISOString().slice(0, 10), '2024-03-05', 'updated is the newest post, not the clock');
  const second = items[0] as Record<string, unknown>;
  assert.is(second.title, 'Tweede & laatste <ronde>');
  assert.equal(second['dc:creator'], ['Ada Jansen', 'Bob de Vries']);
  assert.equal((second.category as Array<Record<string, unknown>>).map((c) => c['#text']), ['API', 'Security']);
  const html = String(second['content:encoded']);
  assert.match(html, `href="${origin}/kennisbank/a"`, 'links are absolute');
  assert.match(html, `href="${origin}/blog/2024/03/05/tweede#verder"`, 'anchors point into the post');
  assert.match(html, '<pre><code class="language-ts">const a = 1;</code></pre>');
  assert.not.match(html, 'truncate');
  assert.not.match(html, /class="(?!language-)/, 'no theme classes');
  assert.is((items[2] as Record<string, unknown>).description, 'Over het eerste.');
});

feeds('should turn highlighted code into plain code with its language and title', async () => {
  const highlighter = await createHighlighter(['ts']);
  const g = generate(analyse(tree(files), 'production'), { ...effects, highlighter }, { render: true });
  const items = xml.parse(text(g, 'blog/rss.xml')).rss.channel.item as Array<Record<string, unknown>>;
  const html = String(items[0]?.['content:encoded']);
  assert.match(html, '<p><code>voorbeeld.ts</code></p><pre><code class="language-ts">const a = 1;</code></pre>');
  assert.not.match(html, 'style=', 'no highlighter colours');
  // The page itself keeps its highlighting.
  assert.match(text(g, 'blog/2024/03/05/tweede/index.html'), 'style="');
});

feeds('should write the same posts as Atom 1.0 with every author and a self link', () => {
  const atomText = text(site(), 'blog/atom.xml');
  assert.is(XMLValidator.validate(atomText), true);
  assert.match(atomText, '<?xml-stylesheet href="/blog/feed.xsl" type="text/xsl"?>');
  const feed = xml.parse(atomText).feed;
  assert.is(feed['@xmlns'], 'http://www.w3.org/2005/Atom');
  assert.is(feed.updated, '2024-03-05T00:00:00.000Z');
  assert.ok((feed.link as Array<Record<string, string>>).some((l) => l['@rel'] === 'self' && l['@href'] === `${origin}/blog/atom.xml`));
  const entries = feed.entry as Array<Record<string, unknown>>;
  assert.equal(entries.map((e) => (e.link as Array<Record<string, string>>)[0]?.['@href']), published);
  assert.equal(entries.map((e) => e.published), ['2024-03-05T00:00:00.000Z', '2024-02-01T00:00:00.000Z', '2024-01-10T00:00:00.000Z']);
  assert.equal((entries[0]?.author as Array<Record<string, string>>).map((a) => a.name), ['Ada Jansen', 'Bob de Vries']);
  // type="html": the title is escaped HTML, so `<ronde>` stays text in a reader.
  assert.equal(entries[0]?.title, { '#text': 'Tweede &amp; laatste &lt;ronde&gt;', '@type': 'html' });
  assert.equal((entries[0]?.category as Array<Record<string, string>>).map((c) => c['@term']), ['api', 'security']);
});

feeds('should write JSON Feed 1.1 with authors, tags and dates', () => {
  const feed = JSON.parse(text(site(), 'blog/feed.json')) as { version: string; feed_url: string; language: string; items: Array<Record<string, unknown>> };
  assert.is(feed.version, 'https://jsonfeed.org/version/1.1');
  assert.is(feed.feed_url, `${origin}/blog/feed.json`);
  assert.is(feed.language, 'nl');
  assert.equal(feed.items.map((i) => i.url), published);
  assert.equal(feed.items.map((i) => i.date_published), ['2024-03-05T00:00:00.000Z', '2024-02-01T00:00:00.000Z', '2024-01-10T00:00:00.000Z']);
  assert.equal((feed.items[0]?.authors as Array<Record<string, string>>).map((a) => a.name), ['Ada Jansen', 'Bob de Vries']);
  assert.equal(feed.items[0]?.tags, ['API', 'Security']);
  assert.match(String(feed.items[0]?.content_html), `${origin}/kennisbank/a`);
});

feeds('should be deterministic and independent of the build mode clock', () => {
  const again = build(files);
  for (const f of ['blog/rss.xml', 'blog/atom.xml', 'blog/feed.json', 'blog/feed.xsl', 'sitemap.xml']) assert.is(text(again, f), text(site(), f), f);
});

feeds('should keep drafts out of the feeds even in a development build', () => {
  const dev = build(files, { mode: 'development' });
  const items = xml.parse(text(dev, 'blog/rss.xml')).rss.channel.item as Array<Record<string, unknown>>;
  assert.equal(items.map((i) => i.link), published);
});

feeds('should give a valid, Dutch XSLT stylesheet that renders both RSS and Atom', () => {
  const xsl = text(site(), 'blog/feed.xsl');
  assert.is(XMLValidator.validate(xsl), true);
  assert.match(xsl, 'xsl:stylesheet version="1.0"');
  assert.match(xsl, 'Dit is een <strong>webfeed</strong>');
  assert.match(xsl, 'match="item | atom:entry"');
  assert.match(xsl, 'href="/assets/styles.css"', 'uses the site stylesheet, no inline styles');
  assert.not.match(xsl, /<style|<script|style="/);
});

feeds('should fill every placeholder of the theme template with the site, its feed paths and the shell words', () => {
  const xsl = text(site(), 'blog/feed.xsl');
  assert.not.match(xsl, /\{\{/, 'no placeholder left');
  assert.match(xsl, '<!-- Makes /blog/rss.xml and /blog/atom.xml readable in a browser.');
  assert.match(xsl, '<html lang="nl">');
  assert.match(xsl, '<a href="/blog/rss.xml">RSS</a>, <a href="/blog/atom.xml">Atom</a> en <a href="/blog/feed.json">JSON Feed</a>');
  assert.match(xsl, '>Ga naar hoofdinhoud</a>');
});

feeds('should leave out the browser view, and the feeds\' link to it, without a template', () => {
  const g = generate(analyse(tree(files, configText), 'production'), { ...effects, feedStylesheet: undefined }, { render: true });
  assert.ok(!g.files.some((f) => f.path === 'blog/feed.xsl'));
  assert.not.match(text(g, 'blog/rss.xml'), 'xml-stylesheet');
  assert.not.match(text(g, 'blog/atom.xml'), 'xml-stylesheet');
});

feeds('should write an empty but valid feed for a site without posts', () => {
  const g = build({});
  const rss = xml.parse(text(g, 'blog/rss.xml')).rss;
  assert.is(rss.channel.item, undefined);
  assert.is(XMLValidator.validate(text(g, 'blog/atom.xml')), true);
});

feeds.run();

// ---------------------------------------------------------------------------

const sitemap = suite('publishing: sitemap, robots, OpenSearch, manifest');

sitemap('should list exactly the pages that allow indexing: no drafts, unlisted pages, 404 or search', () => {
  const g = site();
  const sitemapText = text(g, 'sitemap.xml');
  assert.is(XMLValidator.validate(sitemapText), true);
  const locs = (xml.parse(sitemapText).urlset.url as Array<{ loc: string }>).map((u) => u.loc);
  const indexable = g.routes.filter((r) => !(head(html(g, r)).robots ?? '').includes('noindex')).map((r) => `${origin}${r.path}`);
  assert.equal([...locs].sort(), [...indexable].sort());
  assert.is(new Set(locs).size, locs.length, 'no duplicates');
  for (const gone of ['/blog/2024/04/01/concept', '/blog/2024/05/01/verborgen', '/kennisbank/b', '/kennisbank/c', '/geheim', '/404.html', '/zoeken']) {
    assert.not.ok(locs.includes(`${origin}${gone}`), gone);
  }
  for (const present of ['/', '/over', '/kennisbank', '/kennisbank/a', '/blog', '/blog/2024/03/05/tweede', '/blog/tags/api', '/blog/authors/ada']) {
    assert.ok(locs.includes(`${origin}${present}`), present);
  }
  assert.match(sitemapText, `<loc>${origin}/blog/2024/03/05/tweede</loc>\n    <lastmod>2024-03-05</lastmod>`);
});

sitemap('should point robots.txt at the sitemap, and keep a development build out of the index', () => {
  assert.match(text(site(), 'robots.txt'), `Sitemap: ${origin}/sitemap.xml`);
  assert.match(text(site(), 'robots.txt'), /User-agent: \*\nAllow: \//);
  assert.match(text(build(files, { mode: 'development' }), 'robots.txt'), /Disallow: \//);
});

sitemap('should describe /zoeken?q= as an OpenSearch engine', () => {
  const osText = text(site(), 'opensearch.xml');
  assert.is(XMLValidator.validate(osText), true);
  const os = xml.parse(osText).OpenSearchDescription;
  assert.ok(String(os.ShortName).length <= 16, 'ShortName has at most 16 characters');
  const urls = os.Url as Array<Record<string, string>>;
  assert.ok(urls.some((u) => u['@type'] === 'text/html' && u['@template'] === `${origin}/zoeken?q={searchTerms}`));
});

sitemap('should give a web app manifest with name, colours and icons', () => {
  const m = JSON.parse(text(site(), 'manifest.webmanifest')) as { name: string; short_name: string; lang: string; start_url: string; icons: Array<{ sizes: string; purpose?: string }> };
  assert.is(m.name, 'Ontwikkelaarsportaal');
  assert.is(m.lang, 'nl');
  assert.is(m.start_url, '/');
  assert.equal(m.icons.map((i) => i.sizes), ['any', '192x192', '512x512', '512x512']);
  assert.ok(m.icons.some((i) => i.purpose === 'maskable'));
});

sitemap('should have every icon and social card the head and manifest name, at their sizes', () => {
  const png = (name: string) => {
    const bytes = fs.readFileSync(path.join(root, 'theme/static', name));
    assert.equal([...bytes.subarray(1, 4)], [0x50, 0x4e, 0x47], `${name} is a PNG`);
    return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
  };
  for (const area of ['kennisbank', 'communities', 'blog', 'default']) assert.equal(png(`social-${area}.png`), [1200, 630], area);
  assert.equal(png('favicon-96x96.png'), [96, 96]);
  assert.equal(png('apple-touch-icon.png'), [180, 180]);
  assert.equal(png('icon-192.png'), [192, 192]);
  assert.equal(png('icon-512.png'), [512, 512]);
  assert.equal(png('icon-maskable-512.png'), [512, 512]);
  const ico = fs.readFileSync(path.join(root, 'theme/static/favicon.ico'));
  assert.equal([ico.readUInt16LE(0), ico.readUInt16LE(2)], [0, 1], 'ICO header');
  assert.equal([...Array(ico.readUInt16LE(4)).keys()].map((i) => ico[6 + 16 * i]), [16, 32, 48]);
});

sitemap.run();

// ---------------------------------------------------------------------------

const metadata = suite('publishing: head metadata');

metadata('should give every page type exactly one canonical link on the production host', () => {
  const g = site();
  const types = new Set<string>();
  for (const route of g.routes) {
    const h = head(html(g, route));
    assert.equal(h.canonicals, [`${origin}${route.path}`], route.path);
    types.add(route.type);
  }
  // Every page type the route table knows is in this small site.
  assert.equal([...types].sort(), ['blog-archive', 'blog-author-posts', 'blog-authors', 'blog-list', 'blog-post', 'blog-tag-posts', 'blog-tags', 'content-page', 'docs-item', 'docs-root', 'docs-tag-docs', 'docs-tag-list', 'docs-version-root', 'not-found', 'search']);
});

metadata('should give docs a BreadcrumbList and posts a BlogPosting, and other pages no JSON-LD', () => {
  const g = site();
  for (const route of g.routes) {
    const { jsonLd } = head(html(g, route));
    const types = jsonLd.map((d) => d['@type']);
    if (route.type === 'docs-item' || route.type === 'docs-root' || route.type === 'docs-version-root') assert.equal(types, ['BreadcrumbList'], route.path);
    else if (route.type === 'blog-post') assert.equal(types, ['BlogPosting'], route.path);
    else assert.equal(types, [], route.path);
    for (const d of jsonLd) assert.is(d['@context'], 'https://schema.org');
  }
  const doc = g.routes.find((r) => r.path === '/kennisbank/a');
  const crumbs = head(html(g, doc as Route)).jsonLd[0]?.itemListElement as Array<{ position: number; name: string; item: string }>;
  assert.equal(crumbs.map((c) => c.position), [1, 2, 3]);
  assert.equal(crumbs.map((c) => c.item), [`${origin}/`, `${origin}/kennisbank`, `${origin}/kennisbank/a`]);
  const postRoute = g.routes.find((r) => r.path === '/blog/2024/03/05/tweede');
  const posting = head(html(g, postRoute as Route)).jsonLd[0] as Record<string, unknown>;
  assert.is(posting.headline, 'Tweede & laatste <ronde>');
  assert.is(posting.datePublished, '2024-03-05');
  assert.equal((posting.author as Array<{ name: string }>).map((a) => a.name), ['Ada Jansen', 'Bob de Vries']);
  assert.is(posting.url, `${origin}/blog/2024/03/05/tweede`);
  // `<` in a title cannot close the data block.
  assert.match(html(g, postRoute as Route), 'Tweede & laatste \\u003cronde>');
});

metadata('should have no inline script: only external files and JSON-LD data blocks', () => {
  const g = site();
  for (const route of g.routes) {
    for (const s of head(html(g, route)).scripts) {
      const ok = attr(s, 'src') !== undefined ? textOf(s).trim() === '' : attr(s, 'type') === 'application/ld+json';
      assert.ok(ok, `${route.path}: inline script`);
    }
  }
});

metadata('should link feeds, search, manifest and icons in every head, and a social card per area', () => {
  const g = site();
  const cards: Record<string, string> = {};
  for (const route of g.routes) {
    const h = head(html(g, route));
    const rel = (r: string, type?: string) => h.links.filter((l) => attr(l, 'rel') === r && (!type || attr(l, 'type') === type)).map((l) => attr(l, 'href'));
    assert.equal(rel('alternate', 'application/rss+xml'), ['/blog/rss.xml'], route.path);
    assert.equal(rel('alternate', 'application/atom+xml'), ['/blog/atom.xml'], route.path);
    assert.equal(rel('alternate', 'application/feed+json'), ['/blog/feed.json'], route.path);
    assert.equal(rel('search', 'application/opensearchdescription+xml'), ['/opensearch.xml'], route.path);
    assert.equal(rel('manifest'), ['/manifest.webmanifest'], route.path);
    assert.equal(rel('icon').length, 3, route.path);
    assert.equal(rel('apple-touch-icon').length, 1, route.path);
    const image = h.meta('og:image') ?? '';
    assert.ok(image.startsWith(`${origin}/`), `${route.path}: absolute og:image`);
    assert.is(h.meta('twitter:image'), image);
    assert.is(h.meta('twitter:card'), 'summary_large_image');
    assert.is(h.meta('og:image:width'), '1200');
    cards[route.plugin] = image;
  }
  assert.equal(cards, {
    kennisbank: `${origin}/social-kennisbank.png`, communities: `${origin}/social-communities.png`,
    blog: `${origin}/social-blog.png`, pages: `${origin}/social-default.png`,
  });
});

metadata('should fall back to the first paragraph for the description, cut at a word', () => {
  const g = site();
  const description = head(html(g, g.routes.find((r) => r.path === '/kennisbank/a') as Route)).meta('description') ?? '';
  assert.ok(description.startsWith('Een hele lange eerste alinea over API-ontwerp'), description);
  assert.ok(description.length <= 200, String(description.length));
  assert.ok(description.endsWith('…'));
  assert.is(head(html(g, g.routes.find((r) => r.path === '/blog/2024/01/10/eerste') as Route)).meta('description'), 'Over het eerste.');
});

metadata('should show the edit and idea links from the configuration on docs and the blog idea link on posts', () => {
  const g = site();
  const config = YAML.parse(configText) as { editUrl: string; ideaUrl: string; blogIdeaUrl: string };
  const page = html(g, g.routes.find((r) => r.path === '/kennisbank/a') as Route);
  assert.match(page, `href="${config.editUrl}content/kennisbank/a.md"`);
  assert.match(page, 'Iets aan dit artikel verbeteren?');
  assert.match(page, `href="${config.ideaUrl}"`);
  assert.match(page, 'Heb je nog andere ideeën of suggesties?');
  const postPage = html(g, g.routes.find((r) => r.path === '/blog/2024/01/10/eerste') as Route);
  assert.match(postPage, `href="${config.blogIdeaUrl}"`);
  assert.match(postPage, 'Heb jij ook een idee voor een blog?');
  // The edit URL points into this repository: content/ is where the sources live.
  assert.ok(fs.existsSync(path.join(root, 'content/kennisbank')));
});

metadata.run();

// ---------------------------------------------------------------------------

const analytics = suite('publishing: analytics');

const analyticsTags = (g: Generated) => g.routes.map((r) => head(html(g, r)).scripts.filter((s) => attr(s, 'data-analytics') !== undefined));

analytics('should load the analytics bootstrap once per page in production, async, with both services', () => {
  for (const tags of analyticsTags(site())) {
    assert.is(tags.length, 1);
    const tag = tags[0] as Element;
    assert.ok(attr(tag, 'async') !== undefined, 'async');
    assert.is(attr(tag, 'src'), '/analytics.js');
    assert.is(attr(tag, 'data-tracker-domains'), 'developer.overheid.nl,apis.developer.overheid.nl');
    assert.ok(attr(tag, 'data-counter-endpoint')?.startsWith('https://'));
  }
});

analytics('should leave analytics out of a development build', () => {
  for (const tags of analyticsTags(build(files, { mode: 'development' }))) assert.is(tags.length, 0);
});

analytics('should leave analytics out when the configuration does, and load only what is configured', () => {
  for (const tags of analyticsTags(build(files, { config: withoutSection(configText, 'analytics') }))) assert.is(tags.length, 0);
  const counterOnly = configText.replace(/\n {2}tracker:\n(?: {4}.*\n| {6}.*\n)+/, '\n');
  assert.not.match(counterOnly, 'tracker:');
  const g = build(files, { config: counterOnly });
  assert.equal(g.problems.filter((p) => p.severity === 'error'), []);
  for (const tags of analyticsTags(g)) {
    assert.is(tags.length, 1);
    assert.is(attr(tags[0] as Element, 'data-tracker-url'), undefined);
    assert.ok(attr(tags[0] as Element, 'data-counter-script'));
  }
});

analytics('should reject an analytics address without https and a tracker that does not know the site domain', () => {
  const http = build({}, { config: configText.replace('url: https://statistiek.', 'url: http://statistiek.') });
  const bad = http.problems.find((p) => p.code === 'config-invalid');
  assert.ok(bad, 'http address rejected');
  assert.match(bad?.message ?? '', 'analytics.tracker.url');
  assert.match(bad?.message ?? '', 'https-adres');
  const foreign = build({}, { config: configText.replace('      - developer.overheid.nl\n', '') });
  const problem = foreign.problems.find((p) => p.code === 'config-invalid');
  assert.match(problem?.message ?? '', 'analytics.tracker.domains');
  assert.ok((problem?.line ?? 0) > 1, 'points at the line in site.yml');
});

analytics('should name in the privacy statement exactly the services that are configured', () => {
  const config = YAML.parse(configText) as { analytics?: { counter?: { name: string; script: string; endpoint: string }; tracker?: { name: string; url: string; domains: string[]; cookieMinutes?: number } } };
  const privacy = fs.readFileSync(path.join(root, 'content/pages/privacy.md'), 'utf8');
  const { counter, tracker } = config.analytics ?? {};
  const known = ['GoatCounter', 'Matomo', 'Piwik', 'Plausible', 'Google Analytics', 'Siteimprove', 'Simple Analytics', 'Fathom', 'Umami'];
  const configured = [counter?.name, tracker?.name].filter((n): n is string => Boolean(n));
  assert.equal(known.filter((name) => privacy.includes(name)).sort(), [...configured].sort(), 'services named');
  if (counter) for (const url of [counter.script, counter.endpoint]) assert.match(privacy, new URL(url).host);
  if (tracker) {
    assert.match(privacy, new URL(tracker.url).host);
    for (const domain of tracker.domains) assert.match(privacy, domain);
    if (tracker.cookieMinutes) assert.match(privacy, `${tracker.cookieMinutes} minuten zonder activiteit`);
    assert.match(privacy, 'pk_vid');
  }
  // The bootstrap sets what the statement promises.
  const bootstrap = fs.readFileSync(path.join(root, 'theme/static/analytics.js'), 'utf8');
  for (const call of ['setDomains', 'enableCrossDomainLinking', 'setVisitorCookieTimeout', 'setSessionCookieTimeout', 'setReferralCookieTimeout']) assert.match(bootstrap, `'${call}'`);
});

analytics.run();

// ---------------------------------------------------------------------------
// The real content: the same rules hold for the whole site.

const real = suite('publishing: the real content');
let realBuild: Generated | null = null;
real.before(async () => {
  const sources = await readSources(path.join(root, 'content'), path.join(root, 'dist-config/site.yml'));
  realBuild = generate(analyse(sources, 'production'), effects, { render: true });
});

real('should feed every published, listed post and map every indexable page', () => {
  const g = realBuild as Generated;
  const posts = g.routes.filter((r): r is Route & { type: 'blog-post' } => r.type === 'blog-post' && !r.post.unlisted && !r.post.draft);
  const items = xml.parse(text(g, 'blog/rss.xml')).rss.channel.item as Array<{ link: string; pubDate: string }>;
  assert.ok(items.length >= 40, `${items.length} posts`);
  assert.equal(items.map((i) => i.link).sort(), posts.map((r) => `${origin}${r.path}`).sort());
  const dates = items.map((i) => new Date(i.pubDate).getTime());
  assert.equal(dates, [...dates].sort((a, b) => b - a), 'newest first');
  assert.is((JSON.parse(text(g, 'blog/feed.json')) as { items: unknown[] }).items.length, items.length);
  assert.is((xml.parse(text(g, 'blog/atom.xml')).feed.entry as unknown[]).length, items.length);
  const locs = (xml.parse(text(g, 'sitemap.xml')).urlset.url as Array<{ loc: string }>).map((u) => u.loc).sort();
  const indexable = g.routes.filter((r) => !(head(html(g, r)).robots ?? '').includes('noindex')).map((r) => `${origin}${r.path}`).sort();
  assert.equal(locs, indexable);
});

real('should give every page one canonical link and valid JSON-LD where it belongs', () => {
  const g = realBuild as Generated;
  let breadcrumbs = 0;
  let postings = 0;
  for (const route of g.routes) {
    const h = head(html(g, route));
    assert.is(h.canonicals.length, 1, route.path);
    for (const d of h.jsonLd) {
      if (d['@type'] === 'BreadcrumbList') breadcrumbs++;
      if (d['@type'] === 'BlogPosting') postings++;
    }
  }
  assert.is(breadcrumbs, g.routes.filter((r) => 'doc' in r).length);
  assert.is(postings, g.routes.filter((r) => r.type === 'blog-post').length);
});

real('should link every external destination the portal names from the navbar or footer, opening in a new tab', () => {
  const g = realBuild as Generated;
  const home = html(g, g.routes.find((r) => r.path === '/') as Route);
  const chrome = home.slice(home.indexOf('<header'), home.indexOf('<main')) + home.slice(home.indexOf('<footer'));
  const destinations: Record<string, RegExp> = {
    'API-register': /href="https:\/\/apis\.developer\.overheid\.nl\/?"/,
    'API toevoegen': /href="https:\/\/apis\.developer\.overheid\.nl\/apis\/toevoegen"/,
    'API-statistieken': /href="https:\/\/apis\.developer\.overheid\.nl\/api-statistieken"/,
    'open source catalogue': /href="https:\/\/oss\.developer\.overheid\.nl\/?"/,
    'open data portal': /href="https:\/\/data\.overheid\.nl\/?"/,
    'geodata portal': /href="https:\/\/www\.pdok\.nl\/?"/,
    'source-code organisation': /href="https:\/\/github\.com\/developer-overheid-nl\/?"/,
    chat: /href="https:\/\/codefornl\.slack\.com\/[^"]+"/,
    social: /href="https:\/\/social\.overheid\.nl\/@developer"/,
    'professional network': /href="https:\/\/nl\.linkedin\.com\/company\/[^"]+"/,
    'web archive': /href="https:\/\/minbzk\.sitearchief\.nl\/[^"]+"/,
  };
  for (const [name, href] of Object.entries(destinations)) assert.match(chrome, href, name);
  // Every link to another host is marked as one (rel and the hidden Dutch label).
  for (const a of chrome.match(/<a [^>]*href="https:[^"]*"[^>]*>/g) ?? []) {
    assert.match(a, /rel="noopener noreferrer"/, a);
  }
});

real.run();
