/**
 * The navbar's search item, both ways the configuration allows: with a
 * search page, a search link to it; without one, a button that opens the search modal. Both carry
 * what the lazily loaded modal needs (theme/shell/search-modal-data.ts). The browser side is in
 * tests/e2e/search-modal.test.ts.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { analyse, generate, type Generated } from '../../pipeline/build.ts';
import { searchSuggestions } from '../../theme/shell/search-modal-data.ts';
import { configText, effects, tree } from '../helpers.ts';


const doc = (title: string, tags: string[], extra = '') => `---\ntitle: ${title}\ntags: [${tags.join(', ')}]\n${extra}---\n\nTekst over ${title}.\n`;
const files = {
  'tags.yml': ['api', 'security', 'data', 'rust'].map((t) => `${t}:\n  label: ${t.toUpperCase()}\n  description: Over ${t}.\n`).join(''),
  'kennisbank/a.md': doc('A', ['api', 'security']),
  'kennisbank/b.md': doc('B', ['api', 'data']),
  'kennisbank/c.md': doc('C', ['api', 'security']),
  // Unlisted and draft articles do not count.
  'kennisbank/d.md': doc('D', ['rust'], 'unlisted: true\n'),
  'kennisbank/e.md': doc('E', ['rust'], 'draft: true\n'),
};

const build = (config = configText): Generated => generate(analyse(tree(files, config), 'production'), effects, { render: true });

const html = (g: Generated, file: string): string => {
  const found = g.files.find((f) => f.path === file);
  if (!found) throw new Error(`${file} is niet gebouwd`);
  return typeof found.data === 'string' ? found.data : new TextDecoder().decode(found.data);
};

/** The attributes of the first element matching the class name, as a map (React's entities undone). */
function attributesOf(page: string, tag: string, className: string): Map<string, string> | null {
  const element = new RegExp(`<${tag}\\b[^>]*class="${className}"[^>]*>`).exec(page)?.[0];
  if (!element) return null;
  const unescape = (v: string) => v.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return new Map([...element.matchAll(/\s([\w-]+)(?:="([^"]*)")?/g)].map((m) => [m[1]!, unescape(m[2] ?? '')] as const));
}

const navbar = suite('navbar search item and the search modal data');

navbar('should suggest the labels of the most used tags of listed, published knowledge-base articles', () => {
  const { site, problems } = analyse(tree(files), 'production');
  assert.equal(problems.filter((p) => p.severity === 'error'), []);
  if (!site) return assert.unreachable('no site');
  assert.equal(searchSuggestions(site, 5), ['API', 'SECURITY', 'DATA']);
  assert.equal(searchSuggestions(site, 1), ['API']);
});

navbar('should render a search link to the search page when one is configured, carrying the modal data', () => {
  const g = build();
  const page = html(g, 'kennisbank/a/index.html');
  const link = attributesOf(page, 'a', 'navbar-search-link');
  assert.ok(link, 'a search link');
  assert.is(link.get('href'), '/zoeken');
  assert.is(link.get('aria-label'), 'Zoek op deze pagina');
  assert.is(link.get('aria-keyshortcuts'), 'Control+K Meta+K /');
  assert.ok(link.has('data-search-modal'));
  assert.is(link.get('data-search-page'), '/zoeken');
  const search = JSON.parse(link.get('data-search-config') ?? '');
  assert.is(search.backend, 'embedded');
  assert.match(search.index, /^\/search-index\.json$/);
  assert.equal(search.externalHosts, ['apis.developer.overheid.nl', 'oss.developer.overheid.nl']);
  assert.is(link.get('data-idea-url'), 'https://github.com/developer-overheid-nl/developer.overheid.nl/issues/new/choose');
  assert.equal(JSON.parse(link.get('data-suggestions') ?? ''), ['API', 'SECURITY', 'DATA']);
  assert.not.ok(attributesOf(page, 'button', 'navbar-search-button'), 'no modal button');
});

navbar('should render a button that opens the modal when no search page is configured', () => {
  const config = configText.replace(/^ {2}page: \/zoeken\n/m, '');
  assert.is.not(config, configText, 'the test removes search.page from the configuration');
  const g = build(config);
  const page = html(g, 'kennisbank/a/index.html');
  const button = attributesOf(page, 'button', 'navbar-search-button');
  assert.ok(button, 'a search button');
  assert.is(button.get('type'), 'button');
  assert.is(button.get('aria-label'), 'Zoek op deze pagina');
  assert.is(button.get('aria-haspopup'), 'dialog');
  assert.ok(button.has('data-search-modal'));
  assert.is(button.get('data-search-page'), '', 'no search page: the modal shows no "Laat alle … resultaten zien" link');
  assert.match(JSON.parse(button.get('data-search-config') ?? '').index, /^\/search-index\.json$/);
  assert.not.ok(attributesOf(page, 'a', 'navbar-search-link'), 'no search link');
});

navbar.run();
