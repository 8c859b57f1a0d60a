import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { toHtml } from 'hast-util-to-html';
import { admonitionTitles, renderMarkdown, type MarkdownContext } from '../../pipeline/stages/markdown.ts';
import { unsafeHtml } from '../../pipeline/safety/html.ts';
import { parseMarkdownBody } from '../../pipeline/stages/parse.ts';
import { admonitionTypes } from '../../pipeline/stages/parse/legacy-admonition-titles.ts';
import { codes, configText, post, run } from '../helpers.ts';
import { codeBlocks } from '../../pipeline/stages/highlight/requests.ts';
import { visit } from 'unist-util-visit';
import { readdirSync, readFileSync } from 'node:fs';

const ctx: MarkdownContext = {
  permalinks: new Map([['kennisbank/apis/index.md', '/kennisbank/apis/'], ['kennisbank/apis/problem-details.md', '/kennisbank/apis/problem-details']]),
  drafts: new Set(['kennisbank/apis/concept.md']),
  assets: new Map(),
  highlighter: null,
  diagrams: new Map(),
};

const render = (md: string, path = 'kennisbank/apis/index.md', permalink = '/kennisbank/apis/') =>
  renderMarkdown({ tree: parseMarkdownBody(md), path, display: `content/${path}`, permalink, tocMin: 2, tocMax: 3 }, ctx);

const markdown = suite('markdown');

markdown('should give headings GitHub-style ids, honour {#custom} and fill the TOC with levels 2-3', () => {
  const { content } = render('## Aan de slag\n\n### Stap één {#stap-1}\n\n#### Diep\n\n## Aan de slag\n');
  assert.equal(content.toc.map((t) => t.id), ['aan-de-slag', 'stap-1', 'aan-de-slag-1']);
  assert.equal(content.anchors, ['aan-de-slag', 'stap-1', 'diep', 'aan-de-slag-1']);
  assert.is(content.toc[1]?.text, 'Stap één');
  assert.match(toHtml(content.body), /<h3 id="stap-1">Stap één<\/h3>/);
});

markdown('should resolve relative .md links to routes and report missing files at the link', () => {
  const { content, problems } = render('Zie [details](./problem-details.md#velden) en [weg](./bestaat-niet.md).\n');
  assert.match(toHtml(content.body), /href="\/kennisbank\/apis\/problem-details#velden"/);
  assert.is(problems.length, 1);
  assert.is(problems[0]?.code, 'broken-markdown-link');
  assert.is(problems[0]?.line, 1);
  assert.is(problems[0]?.column, 47);
});

markdown('should refuse links and images outside the content root', () => {
  const { problems } = render('[x](../../../etc/passwd.md) ![y](../../../../geheim.png)\n');
  assert.equal(problems.map((p) => p.code), ['link-outside-content', 'link-outside-content']);
});

markdown('should report a link to a draft', () => {
  assert.is(render('[c](./concept.md)\n').problems[0]?.code, 'link-to-draft');
});

markdown('should turn admonitions into labelled asides with Dutch default titles', () => {
  const { content } = render(':::warning\nLet op.\n:::\n\n:::tip[Handig]\nJa.\n:::\n');
  const html = toHtml(content.body);
  assert.match(html, /<aside class="admonition admonition-warning" data-admonition="warning" data-title="Waarschuwing">/);
  assert.match(html, /data-title="Handig"/);
});

markdown('should put back text that only looks like a directive', () => {
  assert.match(toHtml(render('Om 10:30 begint het, zie:hier.\n').content.body), /zie:hier/);
});

markdown('should refuse unsafe raw HTML and allow details', () => {
  assert.is(render('<script>alert(1)</script>\n').problems[0]?.code, 'unsafe-html');
  assert.is(render('<img src="x" onerror="alert(1)">\n').problems[0]?.code, 'unsafe-html');
  assert.is(render('<a href="javascript:alert(1)">x</a>\n').problems[0]?.code, 'unsafe-html');
  const ok = render('<details>\n<summary>Meer</summary>\n\nTekst.\n\n</details>\n');
  assert.is(ok.problems.length, 0);
  assert.match(toHtml(ok.content.body), /<details>/);
  assert.equal(unsafeHtml('<kbd>Ctrl</kbd>'), []);
});

markdown('should split the excerpt at the truncation marker', () => {
  const { content } = render('Intro.\n\n<!-- truncate -->\n\nRest.\n');
  assert.is(toHtml(content.excerpt ?? { type: 'root', children: [] }), '<p>Intro.</p>');
  assert.not.match(toHtml(content.body), /truncate/);
});

markdown('should give every generated heading a unique id and a TOC in heading order', () => {
  // Small pools of texts and custom ids, so that duplicates (and slugs equal to custom ids) are common.
  const heading = fc.record({
    depth: fc.integer({ min: 2, max: 6 }),
    text: fc.oneof(fc.constantFrom('Aan de slag', 'Versies', 'x', 'X', 'x-1', '?!', 'API\'s & JSON', 'Stap één'), fc.stringMatching(/^[A-Za-zé0-9?!][A-Za-zé0-9 ?!_-]{0,20}$/)),
    custom: fc.option(fc.constantFrom('x', 'x-1', 'versies', 'Eigen_Id', 'kop'), { nil: null }),
  });
  const levels = fc.tuple(fc.integer({ min: 2, max: 6 }), fc.integer({ min: 2, max: 6 })).map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const);
  fc.assert(fc.property(fc.array(heading, { minLength: 1, maxLength: 25 }), levels, (headings, [tocMin, tocMax]) => {
    const md = headings.map((h) => `${'#'.repeat(h.depth)} ${h.text}${h.custom ? ` {#${h.custom}}` : ''}`).join('\n\n');
    const { content } = renderMarkdown({ tree: parseMarkdownBody(md), path: 'kennisbank/apis/index.md', display: 'content/kennisbank/apis/index.md', permalink: '/kennisbank/apis/', tocMin, tocMax }, ctx);
    assert.is(content.anchors.length, headings.length);
    assert.is(new Set(content.anchors).size, content.anchors.length, `duplicate ids: ${content.anchors.join(' ')}`);
    assert.ok(content.anchors.every((id) => id.length > 0 && !/\s/.test(id)), 'every id is non-empty, without spaces');
    // A custom id is honoured as written the first time it is used.
    const firstUse = new Set<string>();
    headings.forEach((h, i) => {
      if (h.custom && !firstUse.has(h.custom) && !content.anchors.slice(0, i).includes(h.custom)) assert.is(content.anchors[i], h.custom);
      if (h.custom) firstUse.add(h.custom);
    });
    // The TOC is exactly the headings within the levels, in order, with their ids.
    const expected = headings.map((h, i) => ({ depth: h.depth, id: content.anchors[i] })).filter((h) => h.depth >= tocMin && h.depth <= tocMax);
    assert.equal(content.toc.map((t) => ({ depth: t.depth, id: t.id })), expected);
    // And the ids are the ones on the rendered headings.
    const html = toHtml(content.body);
    assert.equal([...html.matchAll(/<h[2-6] id="([^"]*)"/g)].map((m) => m[1]), content.anchors.map((id) => toHtml({ type: 'text', value: id })));
  }), { numRuns: 300 });
});

markdown('should link bare e-mail addresses and web addresses, as GitHub does', () => {
  const html = (md: string) => toHtml(render(md).content.body);
  assert.match(html('Mail naar info@rijksoverheid.nl of bel.\n'), /<a href="mailto:info@rijksoverheid.nl">info@rijksoverheid.nl<\/a>/);
  assert.match(html('Zie **jan.de_vries@example.nl** en _noor@example.nl_.\n'), /<strong><a href="mailto:jan.de_vries@example.nl">jan.de_vries@example.nl<\/a><\/strong> en <em><a href="mailto:noor@example.nl">/);
  // A web address is still read as one link while parsing: `*` in its path is no emphasis.
  assert.match(html('Kijk op https://example.nl/a*b*c of www.logius.nl.\n'), /<a href="https:\/\/example.nl\/a\*b\*c">https:\/\/example.nl\/a\*b\*c<\/a> of <a href="http:\/\/www.logius.nl">www.logius.nl<\/a>\./);
  // Not in code, and not inside a link that is already there.
  assert.match(html('`info@example.nl` en [schrijf ons](mailto:info@example.nl)\n'), /<code>info@example.nl<\/code> en <a href="mailto:info@example.nl">schrijf ons<\/a>/);
});

markdown('should read the older admonition title form `:::tip Titel` and keep positions in the original text', () => {
  const md = ':::tip  Zie [de regels](./regels.md) hier\nTekst met [een link](./weg.md).\n:::\n\n:::note Haakje ] los\nTekst.\n:::\n';
  const { content, problems } = render(md);
  const html = toHtml(content.body);
  // The title is Markdown, as in the label form (its link a link); an unbalanced bracket stays a character.
  assert.match(html, /<aside class="admonition admonition-tip" data-admonition="tip" data-title="Zie de regels hier"><p class="admonition-title" data-admonition-title="">Zie <a href="\.\/regels\.md">de regels<\/a> hier<\/p>/);
  assert.match(html, /<aside class="admonition admonition-note" data-admonition="note" data-title="Haakje \] los"><p>/);
  // Positions on the rewritten line and after it are those of the file as written.
  assert.equal(problems.map((p) => [p.code, p.line, p.column]), [['broken-markdown-link', 1, 13], ['broken-markdown-link', 2, 11]]);
  const tree = parseMarkdownBody(md);
  const tip = tree.children[0] as { children: Array<{ position?: unknown; children: Array<{ position?: unknown }> }>; position?: unknown };
  assert.equal(tip.children[0]?.children[0]?.position, { start: { line: 1, column: 9, offset: 8 }, end: { line: 1, column: 13, offset: 12 } });
  assert.equal(tip.position, { start: { line: 1, column: 1, offset: 0 }, end: { line: 3, column: 4, offset: md.indexOf('\n:::\n') + 4 } });
  const note = tree.children[1] as { children: Array<{ children: Array<{ position?: unknown }> }> };
  assert.equal(note.children[0]?.children[0]?.position, { start: { line: 5, column: 9, offset: md.indexOf('Haakje') }, end: { line: 5, column: 21, offset: md.indexOf('Haakje') + 12 } });
});

markdown('should map positions of any `:::type Titel` back to the title as written', () => {
  const word = fc.stringMatching(/^[A-Za-z0-9éë,.:'-]{1,8}$/);
  fc.assert(fc.property(
    fc.constantFrom(...admonitionTypes), fc.array(word, { minLength: 1, maxLength: 5 }), fc.stringMatching(/^[ \t]{1,3}$/), fc.stringMatching(/^[ \t]{0,2}$/),
    fc.stringMatching(/^(Intro\.\n\n)?(> )?$/), fc.integer({ min: 3, max: 5 }),
    (type, words, gap, trailing, before, colons) => {
      const title = words.join(' ');
      const quote = before.endsWith('> ') ? '> ' : '';
      const fence = ':'.repeat(colons);
      const md = `${before}${fence}${type}${gap}${title}${trailing}\n${quote}Tekst.\n${quote}${fence}\n`;
      const tree = parseMarkdownBody(md);
      let found = false;
      visit(tree, 'containerDirective', (node) => {
        found = true;
        assert.is(node.name, type);
        type Positioned = { type: string; value?: string; data?: { directiveLabel?: boolean }; position?: { start: { line: number; column: number; offset?: number }; end: { offset?: number } } };
        const label = node.children[0] as Positioned & { children: Positioned[] };
        assert.ok(label.data?.directiveLabel, `a label in ${JSON.stringify(md)}`);
        // The label spans the title as written (from the space after the type to the end of the line) …
        assert.is(md.slice(label.position?.start.offset, label.position?.end.offset), `${gap}${title}${trailing}`);
        // … and each piece of it points at its own text, by offset and by line and column.
        const lines = md.split('\n');
        for (const part of label.children.filter((c) => c.type === 'text')) {
          assert.is(md.slice(part.position?.start.offset, part.position?.end.offset), part.value);
          assert.ok(lines[(part.position?.start.line ?? 1) - 1]?.slice((part.position?.start.column ?? 1) - 1).startsWith(part.value ?? ''));
        }
        const body = node.children[1]?.position;
        assert.is(md.slice(body?.start.offset, body?.end.offset), 'Tekst.');
        assert.is(md.slice(node.position?.end.offset! - colons, node.position?.end.offset), fence);
      });
      assert.ok(found, `no admonition in ${JSON.stringify(md)}`);
      const body = renderMarkdown({ tree, path: 'kennisbank/a.md', display: 'content/kennisbank/a.md', permalink: '/kennisbank/a', tocMin: 2, tocMax: 3, source: md }, ctx).content.body;
      const titles: unknown[] = [];
      visit(body, 'element', (el) => { if (el.tagName === 'aside') titles.push(el.properties.dataTitle); });
      assert.equal(titles, [title]);
    },
  ), { numRuns: 300 });
});

markdown('should know the same admonition types in parse and markdown', () => {
  assert.equal([...admonitionTypes].sort(), Object.keys(admonitionTitles).sort());
});

markdown('should place the cards of the folder where a doc writes ::doc-card-list, and nowhere else', () => {
  const g = run({
    'kennisbank/apis/index.md': '---\ntitle: APIs\n---\n\nIntro.\n\n::doc-card-list\n\nSlot.\n',
    'kennisbank/apis/a.md': '---\ntitle: Artikel A\ndescription: Over A.\n---\n\nTekst.\n',
    'kennisbank/apis/b.md': '---\ntitle: Artikel B\n---\n\nZie ook:\n\n::doc-card-list\n',
    'kennisbank/data/index.md': '---\ntitle: Data\n---\n\nGeen lijst hier.\n',
    'kennisbank/data/c.md': '---\ntitle: Artikel C\n---\n\nTekst.\n',
  }, { render: true });
  assert.equal(codes(g), []);
  const page = (p: string) => String(g.files.find((f) => f.path === p)?.data ?? '');
  const cardLinks = (html: string) => [...html.matchAll(/<h2 class="card-title"><a href="([^"]+)"/g)].map((m) => m[1]);
  // A category index: its pages, in the text where the directive stands, and not again below it.
  const index = page('kennisbank/apis/index.html');
  assert.match(index, /<p>Intro\.<\/p>\n<div class="doc-card-list"><ul class="cards">.*<\/ul><\/div>\n<p>Slot\.<\/p><\/div><footer/s);
  assert.equal(cardLinks(index), ['/kennisbank/apis/a', '/kennisbank/apis/b']);
  // Another page: the other pages of its folder.
  assert.equal(cardLinks(page('kennisbank/apis/b/index.html')), ['/kennisbank/apis/a']);
  // Without the directive a category index keeps its cards below the text.
  assert.match(page('kennisbank/data/index.html'), /<div class="markdown"><p>Geen lijst hier\.<\/p><\/div><ul class="cards">/);
});

markdown('should count reading time from the text a reader reads, with wordsPerMinute from dist-config', () => {
  const wordsPerMinute = Number(/wordsPerMinute:\s*(\d+)/.exec(configText)?.[1]);
  assert.ok(wordsPerMinute > 0);
  // Headings, list items and code count; words of neighbouring blocks never run together.
  const body = (n: number) => `Inleiding.\n\n<!-- truncate -->\n\n## Kop\n\n- punt\n\n\`\`\`text\ncode\n\`\`\`\n\n${'woord '.repeat(n - 4)}\n`;
  const minutes = (n: number) => {
    const g = run({ 'blog/2024-05-02-lezen.md': post('title: Lezen\nauthors: [ada]\ntags: [api]', body(n)) }, { render: true });
    assert.is(g.contents.get('/blog/2024/05/02/lezen')?.words, n);
    return /(\d+) minuten leestijd|Een minuut leestijd/.exec(String(g.files.find((f) => f.path === 'blog/2024/05/02/lezen/index.html')?.data))?.[0];
  };
  assert.is(minutes(wordsPerMinute), 'Een minuut leestijd');
  assert.is(minutes(2 * wordsPerMinute + 1), '3 minuten leestijd');
});

markdown('codeBlocks finds every fenced block that unist-util-visit finds, in the same order, in the content and in random Markdown', () => {
  const byVisit = (tree: ReturnType<typeof parseMarkdownBody>) => {
    const found: unknown[] = [];
    visit(tree, 'code', (node) => { found.push(node); });
    return found;
  };
  const files = (readdirSync('content', { recursive: true }) as string[]).filter((f) => /\.mdx?$/.test(f));
  assert.ok(files.length > 100);
  for (const file of files) {
    const tree = parseMarkdownBody(readFileSync(`content/${file}`, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, ''));
    assert.equal(codeBlocks(tree), byVisit(tree), file);
  }
  // Fences in every place Markdown allows one: lists, quotes, directives, footnotes, nested; and
  // things that only look like one (in a paragraph, a table, an inline code span).
  const piece = fc.constantFrom('```js\nx\n```', '~~~mermaid\nA-->B\n~~~', '    ingesprongen code', '`inline`', '- ', '  - ', '1. ', '> ', '> > ', ':::tip\n', ':::\n', '::::details[Meer]\n', '::::\n', '[^1]: ', '| a | b |\n|---|---|\n| ```x``` | y |', 'tekst ', '**vet** ', '[link](/a) ', '\n', '\n\n', '   ');
  fc.assert(fc.property(fc.array(piece, { maxLength: 30 }).map((p) => p.join('')), (md) => {
    const tree = parseMarkdownBody(md);
    assert.equal(codeBlocks(tree), byVisit(tree));
  }), { numRuns: 2000 });
});

markdown.run();
