import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { fileTooLarge, limits, markdownDelimiters, markdownNesting, tooComplex, unsafePageName } from '../../../pipeline/stages/parse/limits.ts';

const limit = suite('parse: limits');

const file = (path: string, text = '') => ({ path, display: `content/${path}`, text });

limit('markdownNesting should count lists, block quotes and open directives, with the deepest line', () => {
  assert.equal(markdownNesting('Tekst.\n'), { depth: 0, line: 1 });
  assert.equal(markdownNesting('- a\n  - b\n    - c\n- d\n'), { depth: 3, line: 3 });
  assert.equal(markdownNesting('> > citaat\n> > - punt\n'), { depth: 3, line: 2 });
  assert.equal(markdownNesting(':::note\n:::tip\n- a\n:::\n:::\n'), { depth: 3, line: 3 });
  // Text at the left margin ends the open lists.
  assert.equal(markdownNesting('- a\n  - b\nTekst\n- c\n'), { depth: 2, line: 2 });
  // Tabs count to the next multiple of four.
  assert.equal(markdownNesting('- a\n\t- b\n').depth, 2);
});

limit('markdownNesting should skip fenced code', () => {
  assert.equal(markdownNesting('```\n- a\n  - b\n    - c\n```\n- d\n'), { depth: 1, line: 6 });
});

limit('markdownDelimiters should count per block between blank lines, skipping fenced code', () => {
  assert.equal(markdownDelimiters('Tekst.\n'), { count: 0, line: 1 });
  assert.equal(markdownDelimiters('*a* _b_\n\n**c** `d`\n[e]\n'), { count: 8, line: 3 });
  assert.equal(markdownDelimiters('*\n```\n****\n```\n*\n'), { count: 1, line: 1 });
});

limit('tooComplex should name the deepest line, or the block, beyond the limits', () => {
  const page = file('kennisbank/x.md');
  assert.is(tooComplex('- a\n', page), null);
  const deep = Array.from({ length: limits.nesting + 1 }, (_, i) => `${'  '.repeat(i)}- x`).join('\n');
  const nested = tooComplex(`Intro.\n\n${deep}\n`, page);
  assert.equal([nested?.code, nested?.file, nested?.line, nested?.column], ['markup-too-complex', 'content/kennisbank/x.md', limits.nesting + 3, 1]);
  assert.match(nested?.message ?? '', new RegExp(`${limits.nesting + 1} niveaus diep`));
  const starred = tooComplex(`Intro.\n\n${'*'.repeat(limits.delimiters + 1)}\n`, page);
  assert.equal([starred?.code, starred?.line], ['markup-too-complex', 3]);
  assert.match(starred?.message ?? '', new RegExp(`${limits.delimiters + 1} opmaaktekens`));
  assert.is(tooComplex('*'.repeat(limits.delimiters), page), null);
});

limit('fileTooLarge should refuse a file over the limit in characters', () => {
  assert.is(fileTooLarge(file('a.md', 'x'.repeat(limits.fileChars))), null);
  const problem = fileTooLarge(file('a.md', 'x'.repeat(limits.fileChars + 1)));
  assert.equal([problem?.code, problem?.file, problem?.line], ['file-too-large', 'content/a.md', 1]);
});

limit('unsafePageName should refuse characters that change or break a URL', () => {
  assert.is(unsafePageName(file('kennisbank/api-regels/index.md')), null);
  for (const ch of ['?', '#', '%', '\\', '\u0001', '\u007f']) {
    const problem = unsafePageName(file(`kennisbank/a${ch}b.md`));
    assert.is(problem?.code, 'unsafe-file-name', JSON.stringify(ch));
    assert.ok(problem?.message.includes(JSON.stringify(ch)));
  }
});

limit.run();
