import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Code } from 'mdast';
import { codeLanguage, languagesUsed } from '../../../pipeline/stages/markdown/code.ts';
import { walk } from '../../../pipeline/stages/markdown/walk.ts';
import { parseMarkdownBody } from '../../../pipeline/stages/parse.ts';
import type { Highlighter } from '../../../pipeline/stages/highlight/requests.ts';

const code = suite('markdown: code languages');

const highlighter = { getLoadedLanguages: () => ['typescript', 'ts'], codeToHast: () => { throw new Error('not here'); } } as unknown as Highlighter;
const md = '```ts\nx\n```\n\n```Onbekend\ny\n```\n\n```text\nz\n```\n\n```\nw\n```\n';

code('should show a language the highlighter does not know as plain text, with a warning at the fence', () => {
  const tree = parseMarkdownBody(md);
  const problems = walk(tree, { code: codeLanguage('content/a.md', highlighter) });
  assert.equal(problems.map((p) => [p.code, p.line]), [['unknown-language', 5]]);
  assert.equal(tree.children.map((n) => (n as Code).lang), ['ts', 'text', 'text', null]);
});

code('should leave every language as written without a highlighter', () => {
  const tree = parseMarkdownBody(md);
  assert.equal(walk(tree, { code: codeLanguage('content/a.md', null) }), []);
  assert.is((tree.children[1] as Code).lang, 'Onbekend');
});

code('should list the languages fenced code uses, lower case and sorted, without mermaid', () => {
  assert.equal(languagesUsed([parseMarkdownBody(md), parseMarkdownBody('```mermaid\nA\n```\n\n```YAML\na: 1\n```\n')]), ['onbekend', 'text', 'ts', 'yaml']);
});

code.run();
