/**
 * The components MDX content uses (theme/mdx/): tabs that show every panel
 * without JavaScript, the card list of a doc's category in sidebar order with
 * descriptions (the same cards as `::doc-card-list`), a single card, and the
 * stand-in for a component the site has not ported yet.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ComponentType } from 'react';
import { analyse, generate } from '../../pipeline/build.ts';
import { h } from '../../renderer/body/jsx-runtime.ts';
import { writeBody } from '../../renderer/body/write.ts';
import { Tabs } from '../../theme/mdx/Tabs.tsx';
import { TabItem } from '../../theme/mdx/TabItem.tsx';
import { DocCard } from '../../theme/mdx/DocCard.tsx';
import { mdxComponents } from '../../theme/mdx/index.ts';
import { configText, effects, run, tree } from '../helpers.ts';

const tabs = suite('mdx components: Tabs and TabItem');

const html = (element: React.ReactElement) => renderToStaticMarkup(element);

tabs('should show every panel under a heading with its label, the first one marked as shown', () => {
  const out = html(
    <Tabs>
      <TabItem value="npm" label="npm"><p>npm install</p></TabItem>
      <TabItem value="yarn" label="Yarn"><p>yarn add</p></TabItem>
    </Tabs>,
  );
  assert.is(out, '<div class="tabs" data-tabs="">'
    + '<div class="tabs-panel" data-tab-value="npm" data-tab-default=""><h3 class="tabs-panel-heading">npm</h3><p>npm install</p></div>'
    + '<div class="tabs-panel" data-tab-value="yarn"><h3 class="tabs-panel-heading">Yarn</h3><p>yarn add</p></div>'
    + '</div>');
  // Nothing is hidden in the HTML: without JavaScript the reader sees all of it.
  assert.not.match(out, /hidden/);
});

tabs('should take the default from defaultValue, else the item marked default, else the first', () => {
  const shown = (element: React.ReactElement) => /data-tab-value="([^"]+)" data-tab-default=""/.exec(html(element))?.[1];
  const items = (marked: string | null) => ['a', 'b', 'c'].map((v) => <TabItem key={v} value={v} default={v === marked}>{v}</TabItem>);
  assert.is(shown(<Tabs>{items(null)}</Tabs>), 'a');
  assert.is(shown(<Tabs>{items('b')}</Tabs>), 'b');
  assert.is(shown(<Tabs defaultValue="c">{items('b')}</Tabs>), 'c');
  // A defaultValue that names no panel is ignored.
  assert.is(shown(<Tabs defaultValue="x">{items('b')}</Tabs>), 'b');
});

tabs('should label tabs from values, and pass groupId, queryString, className and a tab class to the shell', () => {
  const out = html(
    <Tabs groupId="taal" queryString className="mijn-tabs" lazy values={[{ value: 'js', label: 'JavaScript', attributes: { className: 'rood' } }, { value: 'py', label: 'Python' }]}>
      <TabItem value="js" className="paneel">JS</TabItem>
      <TabItem value="py">PY</TabItem>
    </Tabs>,
  );
  assert.match(out, '<div class="tabs mijn-tabs" data-tabs="" data-group-id="taal" data-query-string="taal">');
  assert.match(out, '<div class="tabs-panel paneel" data-tab-value="js" data-tab-default="" data-tab-class="rood"><h3 class="tabs-panel-heading">JavaScript</h3>JS</div>');
  assert.match(out, '<h3 class="tabs-panel-heading">Python</h3>PY');
  // lazy: every panel is in the HTML all the same.
  assert.match(out, 'PY</div>');
  assert.match(html(<Tabs groupId="taal" queryString="os"><TabItem value="a">A</TabItem></Tabs>), 'data-query-string="os"');
  // Without a groupId, `queryString` (true) has no name.
  assert.not.match(html(<Tabs queryString><TabItem value="a">A</TabItem></Tabs>), 'data-query-string');
});

tabs('should use the label, or the value, as the heading when the other is missing', () => {
  const out = html(<Tabs><TabItem value="een">1</TabItem><TabItem label="Twee">2</TabItem></Tabs>);
  assert.match(out, 'data-tab-value="een" data-tab-default=""><h3 class="tabs-panel-heading">een</h3>');
  assert.match(out, 'data-tab-value="Twee"><h3 class="tabs-panel-heading">Twee</h3>');
});

tabs('should keep whitespace between items out, as the runtime passes it', () => {
  assert.not.match(html(<Tabs>{'\n'}<TabItem value="a">A</TabItem>{'\n'}</Tabs>), '\n');
});

tabs('should take the items out of a paragraph that holds only items, as MDX makes of items on lines of their own', () => {
  const out = html(<Tabs><p><TabItem value="a">A</TabItem>{'\n'}<TabItem value="b">B</TabItem></p></Tabs>);
  assert.is(out, '<div class="tabs" data-tabs="">'
    + '<div class="tabs-panel" data-tab-value="a" data-tab-default=""><h3 class="tabs-panel-heading">a</h3>A</div>'
    + '<div class="tabs-panel" data-tab-value="b"><h3 class="tabs-panel-heading">b</h3>B</div></div>');
  // A paragraph with text of its own stays.
  assert.match(html(<Tabs><p>Kies:</p><TabItem value="a">A</TabItem></Tabs>), '<div class="tabs" data-tabs=""><p>Kies:</p><div class="tabs-panel"');
});

tabs.run();

const cards = suite('mdx components: DocCardList and DocCard');

const files = {
  'kennisbank/apis/index.md': '---\ntitle: API\'s\n---\n\nOver API\'s.\n\n::doc-card-list\n',
  'kennisbank/apis/zeta.md': '---\ntitle: Zeta\nsidebar_position: 1\ndescription: De eerste volgens de zijbalk.\n---\n\nTekst.\n',
  'kennisbank/apis/alfa.md': '---\ntitle: Alfa\nsidebar_position: 3\ndescription: De laatste.\n---\n\nTekst.\n',
  'kennisbank/apis/midden.md': '---\ntitle: Midden\nsidebar_position: 2\n---\n\nZonder beschrijving in de frontmatter.\n',
};

/** The rendered page of `file` in a site of `files` with `extra`. */
function page(extra: Record<string, string>, file: string): string {
  const built = run({ ...files, ...extra }, { render: true });
  const found = built.files.find((f) => f.path === file);
  if (!found) throw new Error(`${file} niet gebouwd: ${built.problems.map((p) => `${p.file}:${p.line} ${p.code} ${p.message}`).join('\n')}`);
  return String(found.data);
}

const cardList = (html: string) => /<div class="doc-card-list">[\s\S]*?<\/ul><\/div>/.exec(html)?.[0];

cards('should list the category\'s docs in sidebar order, with their descriptions, where the author put it', () => {
  const html = page({ 'kennisbank/apis/index.md': '', 'kennisbank/apis/index.mdx': '---\ntitle: API\'s\n---\n\nimport DocCardList from \'@theme/DocCardList\';\n\nVoor de kaarten.\n\n<DocCardList />\n\nNa de kaarten.\n' }, 'kennisbank/apis/index.html');
  const list = cardList(html);
  assert.ok(list, 'the cards are drawn');
  const titles = [...list!.matchAll(/<h2 class="card-title"><a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
  assert.equal(titles, [['/kennisbank/apis/zeta', 'Zeta'], ['/kennisbank/apis/midden', 'Midden'], ['/kennisbank/apis/alfa', 'Alfa']]);
  assert.match(list!, 'Zeta</a></h2><p class="card-description">De eerste volgens de zijbalk.</p>');
  assert.match(list!, 'Alfa</a></h2><p class="card-description">De laatste.</p>');
  // In place: between the paragraphs, and only there (not again below the text).
  assert.match(html, /<p>Voor de kaarten.<\/p>\s*<div class="doc-card-list">[\s\S]*?<\/div>\s*<p>Na de kaarten.<\/p>/);
  assert.is(html.split('class="card-title"').length - 1, 3);
});

cards('should give the same cards as ::doc-card-list', () => {
  const directive = cardList(page({}, 'kennisbank/apis/index.html'));
  const component = cardList(page({ 'kennisbank/apis/index.md': '', 'kennisbank/apis/index.mdx': '---\ntitle: API\'s\n---\n\nimport DocCardList from \'@theme/DocCardList\';\n\nOver API\'s.\n\n<DocCardList />\n' }, 'kennisbank/apis/index.html'));
  assert.ok(directive);
  assert.is(component, directive);
});

cards('should draw nothing on a page without cards', () => {
  const DocCardList = mdxComponents({})['DocCardList'] as ComponentType<any>;
  assert.is(html(<DocCardList />), '');
});

cards('should take a static items list as given, in its order', () => {
  const DocCardList = mdxComponents({ docCards: () => '<ul>niet deze</ul>' })['DocCardList'] as ComponentType<any>;
  const items = [{ type: 'link', href: '/b', label: 'B', description: 'Twee' }, { type: 'link', href: '/a', label: 'A' }];
  assert.is(html(<DocCardList items={items} />), '<div class="doc-card-list">'
    + '<ul class="cards doc-card"><li class="card"><h2 class="card-title"><a href="/b">B</a></h2><p class="card-description">Twee</p></li></ul>'
    + '<ul class="cards doc-card"><li class="card"><h2 class="card-title"><a href="/a">A</a></h2></li></ul></div>');
});

cards('should draw one card from its item, and no link to a script address', () => {
  assert.is(html(<DocCard item={{ type: 'link', href: '/docs/intro', label: 'Intro', description: 'Begin hier.' }} />),
    '<ul class="cards doc-card"><li class="card"><h2 class="card-title"><a href="/docs/intro">Intro</a></h2><p class="card-description">Begin hier.</p></li></ul>');
  for (const href of ['javascript:alert(1)', ' JaVa\tScRiPt:alert(1)', 'data:text/html,x', 'vbscript:x']) {
    assert.not.match(html(<DocCard item={{ href, label: 'X' }} />), 'href', href);
  }
  assert.is(html(<DocCard />), '');
});

cards.run();

const unknown = suite('mdx components: unknown components');

unknown('should render the children in a div named for the component, a span in text', () => {
  const components = mdxComponents({});
  assert.ok(Object.hasOwn(components, 'Unknown$Kaart'));
  assert.ok('Unknown$Kaart' in components);
  const Kaart = components['Unknown$Kaart']!;
  assert.is(components['Unknown$Kaart'], Kaart, 'the same component each time');
  assert.is(writeBody(h(Kaart, { node: { type: 'mdxJsxFlowElement' } }, h('p', null, 'Tekst'))), '<div data-component="Kaart"><p>Tekst</p></div>');
  assert.is(writeBody(h(Kaart, { node: { type: 'mdxJsxTextElement' } }, 'woord')), '<span data-component="Kaart">woord</span>');
  // Names that are neither built in, the site's, nor unknown are not there.
  assert.not.ok(Object.hasOwn(components, 'Kaart'));
  assert.is(components['Kaart'], undefined);
});

unknown('should render an unknown component of an MDX page with its content', () => {
  const config = configText.replace(/^mdx:[\s\S]*?(?=^\S)/m, '') + '\nmdx:\n  unknownComponents: warn\n';
  const built = generate(analyse(tree({ 'kennisbank/x.mdx': '---\ntitle: X\n---\n\nimport Kader from \'@site/src/components/Kader\';\n\n<Kader kleur="rood">\n\nIn het **kader**.\n\n</Kader>\n\nEen <Kader>woord</Kader> in tekst.\n' }, config), 'production'),
    effects, { render: true });
  const html = String(built.files.find((f) => f.path === 'kennisbank/x.html' || f.path === 'kennisbank/x/index.html')?.data ?? built.problems.map((p) => p.message).join('\n'));
  assert.match(html, '<div data-component="Kader"><p>In het <strong>kader</strong>.</p></div>');
  assert.match(html, '<p>Een <span data-component="Kader">woord</span> in tekst.</p>');
});

unknown.run();
