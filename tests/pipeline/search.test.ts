import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import MiniSearch from 'minisearch';
import { run } from '../helpers.ts';
import { searchRecords } from '../../pipeline/stages/search-records.ts';
import { buildSearchIndex } from '../../pipeline/stages/search-index.ts';
import { indexOptions, searchOptions } from '../../theme/shared/search-options.ts';

const records = (files: Record<string, string>) => {
  const g = run(files);
  return searchRecords(g.routes, g.contents, 'nl');
};

const search = suite('search');

search('should make DocSearch-style records with the hierarchy of each heading', () => {
  const r = records({ 'kennisbank/apis/x.md': '---\ntitle: Webhooks\ntags: [api]\n---\n\nIntro.\n\n## Bezorging\n\nMet retries.\n\n### Handtekening\n\n- Een HMAC\n' });
  const page = r.filter((x) => x.url_without_anchor === '/kennisbank/apis/x');
  assert.equal(page.map((x) => x.type), ['lvl1', 'content', 'lvl2', 'content', 'lvl3', 'content']);
  const last = page[page.length - 1];
  assert.is(last?.hierarchy.lvl0, 'Kennisbank');
  assert.is(last?.hierarchy.lvl1, 'Webhooks');
  assert.is(last?.hierarchy.lvl2, 'Bezorging');
  assert.is(last?.hierarchy.lvl3, 'Handtekening');
  assert.is(last?.url, '/kennisbank/apis/x#handtekening');
  assert.is(last?.language, 'nl');
  assert.equal(last?.tags, ['api']);
});

search('should make no records for unlisted pages, drafts and the privacy, contact and accessibility pages', () => {
  const r = records({
    'kennisbank/verborgen.md': '---\ntitle: Verborgen\nunlisted: true\n---\n\nGeheim.\n',
    'kennisbank/concept.md': '---\ntitle: Concept\ndraft: true\n---\n\nNog niet.\n',
    'pages/privacy.md': '---\ntitle: Privacy\n---\n\nGegevens.\n',
    'pages/contact.md': '---\ntitle: Contact\n---\n\nMail.\n',
    'pages/toegankelijkheid.md': '---\ntitle: Toegankelijkheid\n---\n\nWCAG.\n',
  });
  const urls = new Set(r.map((x) => x.url_without_anchor));
  for (const u of ['/kennisbank/verborgen', '/kennisbank/concept', '/privacy', '/contact', '/toegankelijkheid']) assert.not.ok(urls.has(u), u);
});

search('should put every heading and paragraph in exactly one record', () => {
  const word = fc.stringMatching(/^[a-z]{3,10}$/);
  fc.assert(fc.property(fc.array(fc.oneof(fc.record({ h: fc.integer({ min: 2, max: 4 }), text: word }), fc.record({ p: word })), { minLength: 1, maxLength: 20 }), (blocks) => {
    const md = blocks.map((b) => ('h' in b ? `${'#'.repeat(b.h)} ${b.text}` : b.p)).join('\n\n');
    const r = records({ 'kennisbank/p.md': `---\ntitle: Pagina\n---\n\n${md}\n` }).filter((x) => x.url_without_anchor === '/kennisbank/p');
    const paragraphs = blocks.filter((b) => 'p' in b).map((b) => ('p' in b ? b.p : ''));
    assert.equal(r.filter((x) => x.type === 'content').map((x) => x.content), paragraphs);
    assert.is(r.filter((x) => x.type !== 'content' && x.type !== 'lvl1').length, blocks.length - paragraphs.length);
  }), { numRuns: 100 });
});

search('should rank the page whose title is the query first, one hit per page', () => {
  const files = {
    'kennisbank/a.md': '---\ntitle: Problem Details\n---\n\nFoutmeldingen in een vaste vorm.\n',
    'kennisbank/b.md': '---\ntitle: Foutafhandeling\n---\n\nGebruik Problem Details voor fouten. Problem Details is een standaard.\n\n## Meer over problem details\n\nJa.\n',
  };
  const index = MiniSearch.loadJSON(buildSearchIndex(records(files), indexOptions), indexOptions);
  const hits = index.search('problem details', searchOptions) as unknown as Array<{ u: string }>;
  assert.is(hits[0]?.u, '/kennisbank/a');
  const categorieen = MiniSearch.loadJSON(buildSearchIndex(records({ 'kennisbank/c.md': '---\ntitle: Categorieën\n---\n\nTekst.\n' }), indexOptions), indexOptions);
  assert.ok((categorieen.search('categorieen', searchOptions) as unknown[]).length > 0);
});

search.run();
