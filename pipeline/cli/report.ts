/**
 * The reporter: prints problems like a compiler, grouped by file, with a
 * summary line. The only place that decides how problems look.
 */
import type { Problem } from '../problem.ts';

const colours = { error: '\u001b[31m', warning: '\u001b[33m', dim: '\u001b[2m', bold: '\u001b[1m', reset: '\u001b[0m' };

export function summary(problems: ReadonlyArray<Problem>): string {
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  return `${errors} ${errors === 1 ? 'error' : 'errors'}, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`;
}

export function formatProblems(problems: ReadonlyArray<Problem>, options: { colour: boolean }): string {
  const c = (name: keyof typeof colours, text: string) => (options.colour ? `${colours[name]}${text}${colours.reset}` : text);
  const lines: string[] = [];
  let file: string | null = null;
  for (const p of problems) {
    if (p.file !== file) {
      if (file !== null) lines.push('');
      lines.push(c('bold', p.file));
      file = p.file;
    }
    lines.push(`  ${p.file}:${p.line}:${p.column} ${c(p.severity, p.severity)} ${p.code} ${p.message} ${c('dim', `(docs/errors.md#${p.code})`)}`);
  }
  if (lines.length) lines.push('');
  lines.push(summary(problems));
  return lines.join('\n');
}

export const formatProblemsJson = (problems: ReadonlyArray<Problem>): string => JSON.stringify({ problems }, null, 2);
