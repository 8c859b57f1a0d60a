import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import { visit } from 'unist-util-visit';
import { parseMarkdownBody } from '../../../pipeline/stages/parse/markdown-body.ts';
import { legacyAdmonitionTitles } from '../../../pipeline/stages/parse/legacy-admonition-titles.ts';

const body = suite('parse: markdown body');

body('should parse the real content to the same trees as plain remark-gfm (positions aside)', () => {
  const reference = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);
  const withoutPositions = (tree: unknown) => JSON.stringify(tree, (k, v: unknown) => (k === 'position' ? undefined : v));
  const files = (readdirSync('content', { recursive: true }) as string[]).filter((f) => /\.mdx?$/.test(f));
  assert.ok(files.length > 100);
  let links = 0;
  for (const file of files) {
    const body = readFileSync(`content/${file}`, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
    const tree = parseMarkdownBody(body);
    assert.is(withoutPositions(tree), withoutPositions(reference.runSync(reference.parse(legacyAdmonitionTitles(body).text))), file);
    visit(tree, 'link', (node) => { if (node.url.startsWith('mailto:')) links++; });
  }
  assert.ok(links > 0, 'the content has e-mail links');
});


body('should parse with GitHub tables, task lists, footnotes and directives, at positions in the text', () => {
  const md = '| a |\n|---|\n| b |\n\n- [x] klaar\n\nZie[^1].\n\n[^1]: Noot.\n\n::doc-card-list\n';
  const tree = parseMarkdownBody(md);
  assert.equal(tree.children.map((n) => n.type), ['table', 'list', 'paragraph', 'footnoteDefinition', 'leafDirective']);
  const directive = tree.children[4];
  assert.is(md.slice(directive?.position?.start.offset, directive?.position?.end.offset), '::doc-card-list');
  assert.is(directive?.position?.start.line, 11);
});

body('should give a new tree each call, the same for the same text', () => {
  const md = ':::tip Titel\nTekst met info@example.nl.\n:::\n';
  const first = parseMarkdownBody(md);
  const second = parseMarkdownBody(md);
  assert.ok(first !== second);
  assert.equal(first, second);
});

body.run();
