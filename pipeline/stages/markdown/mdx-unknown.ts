/**
 * Unknown components with `mdx.unknownComponents: warn`: each page reports
 * each component once with the lines it is on; over the whole site that
 * becomes one warning per component naming every place, so the build prints
 * the porting list (a component to write per line) instead of one line per use.
 */
import { warning, type Problem } from '../../problem.ts';
import { failed, problemsOf, valueOf, withProblems, type Result } from '../../result.ts';

/** A page's warning for one component; `lines` in the order of the page. */
export const unknownComponentWarning = (file: string, name: string, lines: ReadonlyArray<number>, componentsFolder: string): Problem =>
  warning('mdx-unknown-component', file, { line: lines[0] ?? 1, column: 1 },
    `Het component <${name}> is onbekend en toont alleen zijn inhoud (${places([[file, lines]])}). Importeer een ingebouwd component, of zet het in ${componentsFolder}/ om het echt te tonen.`);

/** `content/a.mdx regel 3, 5; content/b.mdx regel 7`. */
const places = (at: ReadonlyArray<readonly [string, ReadonlyArray<number>]>): string =>
  at.map(([file, lines]) => `${file} regel ${[...new Set(lines)].join(', ')}`).join('; ');

const shape = /^Het component <([^>]+)> is onbekend en toont alleen zijn inhoud \((.*?)\)\. /;

/** The site's problems with the warnings of one component merged into one, at its first place. */
export function mergeUnknownComponents(problems: ReadonlyArray<Problem>): ReadonlyArray<Problem> {
  const byName = new Map<string, { first: Problem; at: Array<[string, number[]]> }>();
  const rest: Problem[] = [];
  for (const problem of problems) {
    const match = problem.code === 'mdx-unknown-component' && problem.severity === 'warning' ? shape.exec(problem.message) : null;
    if (!match) { rest.push(problem); continue; }
    const name = match[1]!;
    const lines = (/ regel ([\d, ]+)$/.exec(match[2]!)?.[1] ?? '').split(', ').map(Number).filter(Boolean);
    const known = byName.get(name);
    if (known) known.at.push([problem.file, lines]);
    else byName.set(name, { first: problem, at: [[problem.file, lines]] });
  }
  if (byName.size === 0) return problems;
  const merged = [...byName.values()].map(({ first, at }) =>
    at.length === 1 ? first : { ...first, message: first.message.replace(/\((.*?)\)\. /, `(${places(at)}). `) });
  return [...rest, ...merged];
}

/** `mergeUnknownComponents` over a stage's result. */
export function oneWarningPerComponent<A>(result: Result<A>): Result<A> {
  const problems = problemsOf(result);
  const merged = mergeUnknownComponents(problems);
  if (merged === problems) return result;
  const value = valueOf(result);
  return value === null ? failed(merged) : withProblems(value, merged);
}
