import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { formatProblems, summary } from '../../pipeline/cli/report.ts';
import { error, warning } from '../../pipeline/problem.ts';

const report = suite('report');

report('should print problems grouped by file, compiler style, with a summary', () => {
  const text = formatProblems([
    error('unknown-tag', 'content/a.md', { line: 3, column: 5 }, 'Onbekende tag.'),
    warning('broken-anchor', 'content/a.md', { line: 9, column: 1 }, 'Anker mist.'),
    error('missing-truncate', 'content/b.md', { line: 1, column: 1 }, 'Geen afkapregel.'),
  ], { colour: false });
  assert.is(text, [
    'content/a.md',
    '  content/a.md:3:5 error unknown-tag Onbekende tag. (docs/errors.md#unknown-tag)',
    '  content/a.md:9:1 warning broken-anchor Anker mist. (docs/errors.md#broken-anchor)',
    '',
    'content/b.md',
    '  content/b.md:1:1 error missing-truncate Geen afkapregel. (docs/errors.md#missing-truncate)',
    '',
    '2 errors, 1 warning',
  ].join('\n'));
  assert.is(summary([]), '0 errors, 0 warnings');
});

report.run();
