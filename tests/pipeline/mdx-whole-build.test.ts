/**
 * Generated MDX documents through the whole build: check, render, search
 * records and index, and the blog feeds, every consumer of a body tree. Docs
 * and blog posts hold JSX flow and text elements (built-in, the site's own,
 * unknown, intrinsic), expressions, ESM, components inside lists, tables,
 * admonitions and tabs, and the posts a truncation marker. Whatever the
 * content, the build gives pages and problems, never an exception; and a
 * page that could not be rendered is a problem the build made of one.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { createElement } from 'react';
import { analyse, generate, markdownStage, searchIndexSections, type Effects, type Generated } from '../../pipeline/build.ts';
import { configText, tree } from '../helpers.ts';
import { themeCode } from '../../theme/theme-code.ts';

const test = suite('MDX through the whole build');

/** The site's own component, as the io edge would give it (made safe there). */
const Kaart = ({ titel, children }: { titel?: unknown; children?: unknown }) =>
  createElement('section', { className: 'kaart' }, createElement('h3', null, String(titel ?? 'Kaart')), children as never);

const effects: Effects = {
  highlighter: null,
  diagrams: new Map(),
  theme: { css: '/assets/styles.css', js: null, files: new Map() },
  themeFiles: [], themeCode,
  siteComponents: { Site$Kaart: Kaart },
};

const word = fc.constantFrom('api', 'tekst', 'Kaart', 'overheid', '<', '&', '"', "'", '>', '{', 'é', '**vet**', '`code`');
const words = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
/** Text that cannot open JSX or an expression by itself: its braces and angle brackets escaped as MDX wants. */
const text = words.map((t) => t.replace(/[{}<>]/g, (c) => `\\${c}`));

const attribute = fc.constantFrom('', ' titel="Een kaart"', ' titel={"vast"}', ' titel={`sjabloon`}', ' aantal={3}', ' items={[{ label: "a" }]}', ' titel={1 + 1}', ' {...rest}', ' open');

const textElement = fc.tuple(fc.constantFrom('Kaart', 'Onbekend', 'span', 'kbd', 'abbr', 'Details'), attribute, text)
  .map(([name, attr, t]) => `<${name}${attr}>${t}</${name}>`);
const expression = fc.constantFrom('{1}', '{"tekst"}', '{-2}', '{[1, 2]}', '{a + b}', '{/* een opmerking */}', '{`sjabloon`}', '{props.x}');
const inline = fc.oneof(text, textElement, expression, fc.constantFrom('[een link](/kennisbank/)', '[anker](#kop)', '![plaatje](/img/niets.png)'));
const paragraph = fc.array(inline, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(' '));

/** A block, nested up to `depth` deep: components, lists, tables, admonitions and tabs holding one another. */
const block = (depth: number): fc.Arbitrary<string> => {
  const leaf = fc.oneof(
    paragraph,
    fc.tuple(fc.integer({ min: 2, max: 4 }), text, fc.constantFrom('', ' {#eigen-id}', ' <kbd>x</kbd>')).map(([level, t, extra]) => `${'#'.repeat(level)} ${t}${extra}`),
    fc.constantFrom('```ts title="a.ts"\nconst a = 1 < 2;\n```', '```mermaid\nflowchart LR\n  A --> B\n```', '<DocCardList />', '<Onbekend />', '<Kaart titel="los" />', '<br />', '---'),
    fc.constantFrom("import Kaart from '@site/src/components/Kaart';", "import { x } from './x';", 'export const meta = { a: 1 };', "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';"),
    fc.tuple(paragraph, paragraph).map(([a, b]) => `| kop | ${a} |\n| --- | --- |\n| ${b} | <Kaart /> |`),
  );
  if (depth === 0) return leaf;
  const inner = fc.array(block(depth - 1), { minLength: 1, maxLength: 3 }).map((blocks) => blocks.join('\n\n'));
  const indented = (s: string, by: string) => s.split('\n').map((line) => (line ? by + line : line)).join('\n');
  return fc.oneof(
    { weight: 3, arbitrary: leaf },
    fc.tuple(fc.constantFrom('Kaart', 'Details', 'Onbekend', 'div', 'Admonition'), attribute, inner).map(([name, attr, body]) => `<${name}${attr}${name === 'Admonition' ? ' type="tip"' : ''}>\n\n${body}\n\n</${name}>`),
    fc.tuple(inner, inner).map(([a, b]) => `<Tabs>\n  <TabItem value="a" label="A">\n\n${a}\n\n  </TabItem>\n  <TabItem value="b" label="B" default>\n\n${b}\n\n  </TabItem>\n</Tabs>`),
    fc.tuple(fc.constantFrom('note', 'tip', 'warning', 'danger', 'info'), fc.constantFrom('', ' Eigen titel', '[Titel met **vet**]'), inner).map(([type, title, body]) => `:::${type}${title}\n\n${body}\n\n:::`),
    fc.tuple(fc.constantFrom('- ', '1. '), fc.array(inner, { minLength: 1, maxLength: 3 })).map(([marker, items]) =>
      items.map((item) => marker + indented(item, ' '.repeat(marker.length)).slice(marker.length)).join('\n')),
  );
};

/** The built-ins and the site's component imported (or not: unknown components are problems, or warnings whose children stay). */
const imports = fc.constantFrom('', "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\nimport Admonition from '@theme/Admonition';\nimport Details from '@theme/Details';\nimport DocCardList from '@theme/DocCardList';\nimport Kaart from '@site/src/components/Kaart';\n\n");
const document = fc.tuple(imports, fc.array(block(2), { minLength: 1, maxLength: 5 })).map(([head, blocks]) => head + blocks.join('\n\n'));
const strict = configText;
const lenient = configText.replace(/^markdown:$/m, 'mdx:\n  unknownComponents: warn\nmarkdown:');
const truncate = fc.constantFrom('{/* truncate */}', '<!-- truncate -->');

/** A site of one doc and two posts, each an MDX document of its own. */
const site = fc.record({ doc: document, intro: document, rest: document, marker: truncate, other: document })
  .map(({ doc, intro, rest, marker, other }): Record<string, string> => ({
    'kennisbank/mdx.mdx': `---\ntitle: MDX\n---\n\n${doc}\n`,
    'blog/2024-01-10-mdx.mdx': `---\ntitle: Een bericht\nauthors: [ada]\ntags: [api]\n---\n\n${intro}\n\n${marker}\n\n${rest}\n`,
    'blog/2024-01-11-tweede.mdx': `---\ntitle: Tweede\nauthors: [ada]\ndescription: Over MDX.\n---\n\n${other}\n\n${marker}\n\nMeer.\n`,
  }));

const output = (g: Generated, path: string): string => {
  const file = g.files.find((f) => f.path === path);
  assert.ok(file, `${path} is gebouwd`);
  return typeof file!.data === 'string' ? file!.data : new TextDecoder().decode(file!.data);
};

test('every generated MDX site is checked, rendered, indexed and fed without an exception', () => {
  fc.assert(
    fc.property(site, fc.boolean(), (files, warnOnly) => {
      const analysis = analyse(tree(files, warnOnly ? lenient : strict), 'production');
      const checked = generate(analysis, effects, { render: false });
      const built = generate(analysis, effects, { render: true });
      assert.equal(checked.problems.filter((p) => p.code === 'content-unprocessable'), [], 'check');
      assert.equal(built.problems.filter((p) => p.code === 'content-unprocessable'), [], 'build');
      // The feeds list the posts that are published.
      const rss = output(built, 'blog/rss.xml');
      const posts = built.routes.filter((r) => r.type === 'blog-post').length;
      assert.is(rss.split('<item>').length - 1, posts, 'one feed item per post');
      assert.not.match(output(built, 'blog/feed.json'), /href=\\"\/(?!\/)/, 'feed links are absolute');
      assert.ok(built.files.some((f) => f.path === 'search-index.json'), 'search index');
    }),
    { numRuns: 25 },
  );
});

test('a post with components gives a feed item with the components rendered as on the page, in plain HTML', () => {
  const files = {
    'blog/2024-02-01-componenten.mdx': `---\ntitle: Componenten\nauthors: [ada]\n---\n\nimport Kaart from '@site/src/components/Kaart';\nimport Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\nIntro met <Kaart titel="in tekst" />.\n\n{/* truncate */}\n\n<Kaart titel="Blok">\n\nLees [de kennisbank](/kennisbank/).\n\n</Kaart>\n\n<Tabs>\n  <TabItem value="a" label="A">\n\nTab met [anker](#kop).\n\n  </TabItem>\n</Tabs>\n\n:::tip Let op\n\n<Onbekend>kind</Onbekend>\n\n:::\n\n## Kop\n\nEinde.\n`,
  };
  const g = generate(analyse(tree(files, lenient), 'production'), effects, { render: true });
  const feed = JSON.parse(output(g, 'blog/feed.json')) as { items: Array<{ content_html: string }> };
  const html = feed.items[0]!.content_html;
  assert.match(html, '<section class="kaart"><h3>Blok</h3>', 'the site component as on the page');
  assert.match(html, '<a href="https://developer.overheid.nl/kennisbank">de kennisbank</a>', 'content inside a component: absolute links');
  assert.match(html, 'href="https://developer.overheid.nl/blog/2024/02/01/componenten#kop"', 'an anchor inside tabs points into the post');
  assert.match(html, '<blockquote><p><strong>Let op</strong></p>', 'an admonition is a quote');
  assert.match(html, 'kind', 'an unknown component keeps its children');
  assert.not.match(html, /class="(?!kaart|language-|tabs)/, 'the body\'s own elements carry no theme classes');
});

test('text inside a component is searchable, as it is readable on the page', () => {
  const files = {
    'kennisbank/tabs.mdx': `---\ntitle: Tabs\n---\n\nimport Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n<Tabs>\n  <TabItem value="a" label="A">\n\n## In een tab\n\nZoekbare zin in een tab.\n\n  </TabItem>\n</Tabs>\n`,
  };
  const analysis = analyse(tree(files, lenient), 'production');
  const sections = searchIndexSections(analysis, markdownStage(analysis, effects));
  const page = sections.filter((s) => s.u.startsWith('/kennisbank/tabs#'));
  assert.ok(page.some((s) => s.content === 'Zoekbare zin in een tab.' && s.title === 'In een tab' && s.b.includes('Tabs')), JSON.stringify(page));
});

test.run();
