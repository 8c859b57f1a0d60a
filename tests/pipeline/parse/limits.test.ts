import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { fileTooLarge, limits, markdownDelimiters, tooComplex, unsafePageName } from '../../../pipeline/stages/parse/limits.ts';

const limit = suite('parse: limits');

const file = (path: string, text = '') => ({ path, display: `content/${path}`, text });

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

limit('tooComplex should refuse nesting on one line beyond the limit, at its line, naming the limit', () => {
  const page = file('kennisbank/x.md');
  const intro = 'Intro.\n\n';
  for (const [text, depth] of [[`${'- '.repeat(10_000)}x`, 10_000], [`${'- '.repeat(33)}x`, 33], [`${'- '.repeat(500)}x`, 500], [`${'> '.repeat(40)}x`, 40], [`${'1. - > '.repeat(11)}x`, 33]] as const) {
    const problem = tooComplex(`${intro}${text}\n`, page);
    assert.equal([problem?.code, problem?.file, problem?.line, problem?.column], ['markup-too-complex', 'content/kennisbank/x.md', 3, 1], text.slice(0, 20));
    assert.match(problem?.message ?? '', `${depth} niveaus diep`);
    assert.match(problem?.message ?? '', `het maximum is ${limits.nesting}`);
  }
  assert.is(tooComplex(`${intro}${'- '.repeat(limits.nesting)}x\n`, page), null);
});

limit('tooComplex should refuse directives and raw HTML nested beyond the limit', () => {
  const page = file('kennisbank/x.md');
  const directives = Array.from({ length: limits.nesting + 1 }, (_, i) => `${':'.repeat(3 + limits.nesting - i)}note`).join('\n');
  assert.equal([tooComplex(`${directives}\nx\n`, page)?.line], [limits.nesting + 1]);
  assert.equal([tooComplex(`Tekst.\n\n${'<div>'.repeat(limits.nesting + 1)}x\n`, page)?.line], [3]);
  assert.equal([tooComplex(`${'<div>\n\n'.repeat(limits.nesting + 1)}x\n`, page)?.line], [2 * limits.nesting + 1]);
  assert.is(tooComplex(`${'<div>'.repeat(limits.nesting)}x${'</div>'.repeat(limits.nesting)}\n`.repeat(3), page), null);
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
