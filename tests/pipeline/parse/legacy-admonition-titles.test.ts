import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Root } from 'mdast';
import { admonitionTypes, legacyAdmonitionTitles, restorePositions } from '../../../pipeline/stages/parse/legacy-admonition-titles.ts';
import { parseMarkdownBody } from '../../../pipeline/stages/parse/markdown-body.ts';

const titles = suite('parse: legacy admonition titles');

titles('should write `:::tip Titel` in the label form and map each column back', () => {
  const { text, lines } = legacyAdmonitionTitles('Intro.\n\n:::tip  Eigen titel \nTekst.\n:::\n');
  assert.is(text, 'Intro.\n\n:::tip[Eigen titel]\nTekst.\n:::\n');
  assert.equal([...lines.keys()], [3]);
  const map = lines.get(3);
  assert.is(map?.originalLength, ':::tip  Eigen titel '.length);
  // `:::tip` stays, `[` takes the first blank, the title keeps its columns after both blanks, `]` is where the title ends.
  assert.equal(map?.columns, [0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
});

titles('should escape brackets only in a title where they are unbalanced', () => {
  assert.is(legacyAdmonitionTitles(':::note Zie [de regels](./r.md)\n:::\n').text, ':::note[Zie [de regels](./r.md)]\n:::\n');
  const { text, lines } = legacyAdmonitionTitles(':::note Haakje ] los\n:::\n');
  assert.is(text, ':::note[Haakje \\] los]\n:::\n');
  // The backslash and the bracket both point at the bracket as written.
  assert.is(lines.get(1)?.columns[15], 15);
  assert.is(lines.get(1)?.columns[16], 15);
});

titles('should keep block quote prefixes, longer fences and Windows line ends', () => {
  assert.is(legacyAdmonitionTitles('> ::::warning Let op\r\n> ::::\r\n').text, '> ::::warning[Let op]\r\n> ::::\r\n');
});

titles('should leave the label form, attributes, a name alone and plain text as they are', () => {
  for (const md of [':::tip[Titel]\n:::\n', ':::tip{.x}\n:::\n', ':::tip\n:::\n', '::: tip Titel\n', ':::1x Titel\n', 'Geen admonitie.\n']) {
    const { text, lines } = legacyAdmonitionTitles(md);
    assert.is(text, md);
    assert.is(lines.size, 0);
  }
});

titles('should know the admonition types the markdown stage gives a title', () => {
  assert.equal([...admonitionTypes].sort(), ['caution', 'danger', 'important', 'info', 'note', 'secondary', 'success', 'tip', 'warning']);
});

titles('should leave `:::tip Titel` alone in fenced code', () => {
  const md = '```text\n:::tip Titel\n```\n';
  const tree = parseMarkdownBody(md);
  assert.is(tree.children[0]?.type, 'code');
  assert.is((tree.children[0] as { value: string }).value, ':::tip Titel');
  assert.equal(legacyAdmonitionTitles(md).lines.size, 0);
});

titles('should read a name that is no admonition type the same way, for the markdown stage to warn about', () => {
  // Otherwise its lines would be a paragraph with `:::` on the page.
  const tree = parseMarkdownBody(':::Oproep Doe **mee**\nTekst.\n:::\n');
  assert.is(tree.children.length, 1);
  const container = tree.children[0] as { type: string; name: string; position: { start: { line: number; column: number } } };
  assert.is(container.type, 'containerDirective');
  assert.is(container.name, 'Oproep');
  assert.equal([container.position.start.line, container.position.start.column], [1, 1]);
  assert.is(legacyAdmonitionTitles(':::warn-ing_2 Let op\n:::\n').text, ':::warn-ing_2[Let op]\n:::\n');
});


titles('restorePositions should move points on rewritten lines and recount every offset', () => {
  const original = 'a\n:::tip  T\nb';
  const point = (line: number, column: number, offset: number) => ({ line, column, offset });
  const tree: Root = {
    type: 'root',
    position: { start: point(1, 1, 0), end: point(3, 2, 12) },
    children: [{ type: 'paragraph', position: { start: point(2, 8, 9), end: point(2, 9, 10) }, children: [] }],
  };
  restorePositions(tree, original, legacyAdmonitionTitles(original).lines);
  // `T` stands at column 9 as written (column 8 in `:::tip[T]`); the end after `]` stays at the end of the line.
  assert.equal(tree.children[0]?.position, { start: point(2, 9, 10), end: point(2, 10, 11) });
  assert.equal(tree.position, { start: point(1, 1, 0), end: point(3, 2, 13) });
});

titles('should parse the title of `:::tip Titel` as the label, at its place as written', () => {
  const md = 'Intro.\n\n:::tip Eigen titel\nTekst.\n:::\n';
  const tree = parseMarkdownBody(md);
  const tip = tree.children[1] as unknown as { name: string; children: Array<{ data?: { directiveLabel?: boolean }; children: Array<{ value: string; position?: { start: { offset?: number }; end: { offset?: number } } }> }> };
  assert.is(tip.name, 'tip');
  assert.ok(tip.children[0]?.data?.directiveLabel);
  const text = tip.children[0]?.children[0];
  assert.is(text?.value, 'Eigen titel');
  assert.is(md.slice(text?.position?.start.offset, text?.position?.end.offset), 'Eigen titel');
});

titles.run();
