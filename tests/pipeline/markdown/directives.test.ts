import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toHtml } from 'hast-util-to-html';
import type { Root } from 'mdast';
import { directiveElements } from '../../../pipeline/stages/markdown/directives.ts';
import { sourceOf } from '../../../pipeline/stages/markdown/source.ts';
import { walk } from '../../../pipeline/stages/markdown/walk.ts';
import { pageHast } from '../../../pipeline/stages/markdown/to-hast.ts';
import { parseMarkdownBody } from '../../../pipeline/stages/parse.ts';

const directives = suite('markdown: directives');

const run = (md: string, withSource = true) => {
  const tree: Root = parseMarkdownBody(md);
  const job = directiveElements('content/a.md', sourceOf(withSource ? md : undefined));
  const problems = walk(tree, { containerDirective: job.directive, leafDirective: job.directive, textDirective: job.directive });
  return { problems, html: toHtml(pageHast(tree, { highlighter: null })), docCardList: job.docCardList(), tree };
};

directives('should make admonitions asides with the Dutch title, or the title as written', () => {
  assert.is(run(':::warning\nLet op.\n:::\n').html, '<aside class="admonition admonition-warning" data-admonition="warning" data-title="Waarschuwing"><p>Let op.</p></aside>');
  // Markdown in a title: its text is the title, its nodes the first child.
  assert.is(run(':::tip[Handig *vet*]\nJa.\n:::\n').html, '<aside class="admonition admonition-tip" data-admonition="tip" data-title="Handig vet"><p class="admonition-title" data-admonition-title="">Handig <em>vet</em></p><p>Ja.</p></aside>');
  // A title with what only looks like a text directive keeps it as written.
  assert.match(run(':::info[Om 10:30 uur]\nJa.\n:::\n').html, /data-title="Om 10:30 uur"/);
  assert.match(run(':::info[Om 10:30 uur]\nJa.\n:::\n', false).html, /data-title="Om 10:30 uur"/);
});

directives('should make the theme\'s embeds placeholders, and note the card list', () => {
  const cards = run('::doc-card-list\n');
  assert.is(cards.html, '<div class="doc-card-list" data-doc-card-list=""></div>');
  assert.ok(cards.docCardList);
  assert.not.ok(run('::video-youtube{#abc}\n').docCardList);
  assert.is(run('::video-youtube[Uitleg]{#abc}\n').html, '<div class="video-embed" data-video="youtube" data-video-id="abc" data-title="Uitleg"></div>');
  assert.is(run('::video-vimeo{#123}\n').html, '<div class="video-embed" data-video="vimeo" data-video-id="123"></div>');
});

directives('should put back what only looked like a directive, as written', () => {
  assert.is(run('Om 10:30 begint het, zie:hier[0].\n').html, '<p>Om 10:30 begint het, zie:hier[0].</p>');
  assert.is(run('::onbekend[x]{#y}\n').html, '<p>::onbekend[x]{#y}</p>');
  // Without the source, rebuilt from the tree.
  assert.is(run('Om 10:30 begint het.\n', false).html, '<p>Om 10:30 begint het.</p>');
});

directives('should make a container of an unknown type a neutral admonition, with a warning, each node of it once', () => {
  const { html, problems } = run('::::onbekend Titel\n:::tip[Binnen]\nTekst.\n:::\n::::\n');
  assert.equal(problems.map((p) => [p.code, p.line, p.column]), [['unknown-admonition', 1, 1]]);
  assert.is(html, '<aside class="admonition admonition-note" data-admonition="note" data-title="Titel"><aside class="admonition admonition-tip" data-admonition="tip" data-title="Binnen"><p>Tekst.</p></aside></aside>');
});

directives.run();
