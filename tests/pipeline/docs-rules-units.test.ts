import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { numberPrefix, withoutNumberPrefixes } from '../../pipeline/stages/shared/number-prefix.ts';
import { fileTitle, titled } from '../../pipeline/stages/validate/title-from-heading.ts';
import { contentTitle, wrappedTitleHeading } from '../../pipeline/stages/shared/content-title.ts';
import { parseData, parseMarkdownBody } from '../../pipeline/stages/parse.ts';
import { sidebarsSpec } from '../../pipeline/stages/validate/sidebars-file.ts';
import { fileSidebars } from '../../pipeline/stages/resolve/sidebars-file.ts';
import { decode } from '../../pipeline/stages/validate.ts';
import { ok, problemsOf, valueOf } from '../../pipeline/result.ts';

const units = suite('docs rules: units');

units('should split number prefixes as Docusaurus does, leaving dates and versions alone', () => {
  assert.equal(numberPrefix('01-intro'), { name: 'intro', prefix: 1 });
  assert.equal(numberPrefix('2-stap'), { name: 'stap', prefix: 2 });
  assert.equal(numberPrefix('10_x'), { name: 'x', prefix: 10 });
  assert.equal(numberPrefix('3. y'), { name: 'y', prefix: 3 });
  assert.equal(numberPrefix('003 - kop'), { name: 'kop', prefix: 3 });
  assert.equal(numberPrefix('2024-05-02-release'), { name: '2024-05-02-release', prefix: null });
  assert.equal(numberPrefix('05.02'), { name: '05.02', prefix: null });
  assert.equal(numberPrefix('1.2-notes'), { name: '1.2-notes', prefix: null });
  assert.equal(numberPrefix('8_0'), { name: '8_0', prefix: null });
  assert.equal(numberPrefix('intro'), { name: 'intro', prefix: null });
  assert.equal(numberPrefix('404'), { name: '404', prefix: null });
  assert.equal(numberPrefix('01-'), { name: '01-', prefix: null });
  assert.is(withoutNumberPrefixes('01-basis/2-stap/03-klaar'), 'basis/stap/klaar');
});

units('should take the content title only from a # heading that opens the body', () => {
  assert.is(contentTitle(parseMarkdownBody('# Aan de `slag` {#eigen}\n\nTekst.\n')), 'Aan de slag');
  assert.is(contentTitle(parseMarkdownBody('Titel\n=====\n\nTekst.\n')), 'Titel');
  assert.is(contentTitle(parseMarkdownBody('Tekst eerst.\n\n# Later\n')), null);
  assert.is(contentTitle(parseMarkdownBody('## Tweede niveau\n')), null);
});

units('should take a page\'s title from its first heading also inside a wrapping HTML or JSX element, as Docusaurus\' MDX loader finds it', () => {
  const wrapped = (markdown: string, format?: 'md' | 'mdx') => contentTitle(parseMarkdownBody(markdown, format), wrappedTitleHeading);
  assert.is(wrapped('<div className="markdown">\n\n# Contact\n\nMail ons.\n\n</div>\n', 'mdx'), 'Contact');
  assert.is(wrapped('<div class="markdown">\n\n# Contact\n\nMail ons.\n\n</div>\n', 'md'), 'Contact');
  assert.is(wrapped('<section>\n<div>\n\n# Diep {#diep}\n\n</div>\n</section>\n', 'mdx'), 'Diep');
  assert.is(wrapped('# Gewoon\n\nTekst.\n'), 'Gewoon');
  // The first heading decides, and a thematic break before it ends the search.
  assert.is(wrapped('<div>\n\n## Tweede niveau\n\n# Later\n\n</div>\n', 'mdx'), null);
  assert.is(wrapped('Tekst.\n\n---\n\n# Na de lijn\n'), null);
  // The rule for docs and posts is unchanged: the heading must open the body.
  assert.is(contentTitle(parseMarkdownBody('<div className="markdown">\n\n# Contact\n\n</div>\n', 'mdx')), null);
});

units('should fall back to the file name without number prefix or date, with a warning', () => {
  assert.is(fileTitle('docs/2-stap/01-intro.md', false), 'intro');
  assert.is(fileTitle('blog/2024-01-02-hallo.md', true), 'hallo');
  assert.is(fileTitle('blog/2026/01/16-post.md', true), 'post');
  assert.is(fileTitle('blog/2024-01-02-map/index.md', true), 'map');
  const t = titled({}, parseMarkdownBody('Tekst.\n'), 'intro', 'content/x.md', false);
  assert.is(t.data.title, 'intro');
  assert.equal(t.problems.map((p) => [p.code, p.severity]), [['title-from-file-name', 'warning']]);
  const post = titled({ title: 'Eigen' }, parseMarkdownBody('# Kop\n\nTekst.\n'), 'x', 'content/x.md', true);
  assert.is(post.data.title, 'Eigen');
  assert.is(post.tree.children.length, 1);
});

const sidebarsYaml = `zijbalk:
  - intro
  - type: category
    label: Gids
    collapsible: false
    link: { type: generated-index, title: Alle gidsen }
    items:
      - type: doc
        id: gids/eerste
        label: Eerst
        className: rood
        customProps: { nieuw: true }
      - type: ref
        id: gids/tweede
  - type: link
    label: Overheid
    href: https://www.overheid.nl
  - type: html
    value: '<strong>Let op</strong>'
    defaultStyle: true
  - Meer:
      - gids/tweede
  - type: doc
    id: bestaat-niet
tweede:
  - type: html
    value: '<script>alert(1)</script>'
  - type: kaart
`;

units('should read a sidebars file item by item, each mistake at its line', () => {
  const parsed = valueOf(parseData({ path: 'sidebars.yml', display: 'sidebars.yml', text: sidebarsYaml }));
  assert.ok(parsed && parsed.kind === 'data');
  const spec = sidebarsSpec(parsed, decode);
  const problems = problemsOf(spec).map((p) => [p.code, p.line]);
  assert.equal(problems, [['unsafe-config-html', 27], ['config-sidebar', 28]]);
  const value = valueOf(spec);
  assert.ok(value);
  assert.equal(value.sidebars.map((s) => s.id), ['zijbalk', 'tweede']);
  assert.equal(value.sidebars[0]?.items.map((i) => i.type), ['doc', 'category', 'link', 'html', 'category', 'doc']);

  const doc = (id: string) => ({ id, permalink: `/docs/${id}`, sidebarLabel: id.toUpperCase(), description: null });
  const made = fileSidebars(value, {
    id: 'default', base: '/docs', docs: [doc('intro'), doc('gids/eerste'), { ...doc('gids/tweede'), className: 'blauw' }],
    autogenerated: () => ok([]),
  });
  assert.equal(problemsOf(made).map((p) => [p.code, p.line, p.file]), [['config-doc-id', 24, 'sidebars.yml']]);
  const sidebars = valueOf(made);
  assert.ok(sidebars);
  const [first] = sidebars.sidebars;
  assert.equal(first?.items.map((i) => [i.type, i.label, i.href]), [
    ['link', 'INTRO', '/docs/intro'],
    ['category', 'Gids', '/docs/category/gids'],
    ['link', 'Overheid', 'https://www.overheid.nl'],
    ['html', '', null],
    ['category', 'Meer', null],
  ]);
  const gids = first?.items[1];
  assert.ok(gids?.type === 'category');
  assert.is(gids.collapsed, false);
  assert.is(gids.collapsible, false);
  assert.equal(gids.generatedIndex, { title: 'Alle gidsen', description: null, keywords: [], image: null });
  assert.equal(gids.items[0], { type: 'link', label: 'Eerst', href: '/docs/gids/eerste', docId: 'gids/eerste', className: 'rood', customProps: { nieuw: true } });
  // A ref links to the doc without making this sidebar the doc's own.
  assert.equal(gids.items[1], { type: 'link', label: 'GIDS/TWEEDE', href: '/docs/gids/tweede', docId: null, className: 'blauw' });
  assert.equal([...sidebars.owners], [['intro', 'zijbalk'], ['gids/eerste', 'zijbalk'], ['gids/tweede', 'zijbalk']]);
});

units.run();
