/**
 * The one result shape of every stage: a value together with the problems
 * found while making it, as fp-ts `These<Problems, A>`.
 *
 *   Right(a)        a value, no problems
 *   Both(ps, a)     a value and the problems found on the way (warnings, or
 *                   errors the stage could step over)
 *   Left(ps)        no value: the stage could not go on (no content folder)
 *
 * Composed with `chain` and `traverse`, problems accumulate by concatenation
 * (the semigroup of arrays) in the order the stages found them, so a stage
 * reads as plain data flow and never pushes into a shared array.
 */
import * as TH from 'fp-ts/These';
import * as RA from 'fp-ts/ReadonlyArray';
import { sequenceS } from 'fp-ts/Apply';
import type { Problem } from './problem.ts';

export type Problems = ReadonlyArray<Problem>;
export type Result<A> = TH.These<Problems, A>;

const problemsSemigroup = RA.getSemigroup<Problem>();
const Monad = TH.getMonad(problemsSemigroup);
const Applicative = TH.getApplicative(problemsSemigroup);

/** A value without problems. */
export const ok = <A>(value: A): Result<A> => TH.right(value);

/** A value with the problems found while making it (none: `ok`). */
export const withProblems = <A>(value: A, problems: Problems): Result<A> =>
  problems.length === 0 ? TH.right(value) : TH.both(problems, value);

/** No value: the problems that stopped the stage. */
export const failed = (problems: Problems): Result<never> => TH.left(problems);

/** Problems only, as a result of nothing: for checks whose whole output is what they find. */
export const found = (problems: Problems): Result<void> => withProblems(undefined, problems);

/** The next stage on the value; its problems follow the ones found so far. */
export const chain = <A, B>(f: (a: A) => Result<B>) => (result: Result<A>): Result<B> => Monad.chain(result, f);

/** A plain function on the value; the problems stay as they are. */
export const map: <A, B>(f: (a: A) => B) => (result: Result<A>) => Result<B> = TH.map;

/** `f` on every item, their problems concatenated in item order; no value when an item has none. */
export const traverse = <A, B>(f: (a: A) => Result<B>) => (items: ReadonlyArray<A>): Result<ReadonlyArray<B>> =>
  gather(items.map((item) => f(item)), false);

/**
 * `f` on every item (with its index, for problems that point at `list[i]`),
 * keeping the values of the items that have one: an item without a value
 * (`failed`) drops out and its problems stay, so one bad file never hides
 * the others. Problems in item order, like `traverse`.
 */
export const collect = <A, B>(f: (a: A, i: number) => Result<B>) => (items: ReadonlyArray<A>): Result<ReadonlyArray<B>> =>
  gather(items.map((item, i) => f(item, i)), true);

/**
 * The results of a list in one pass: what `RA.traverse` with the `These`
 * applicative gives (problems in order, no value when one item has none,
 * unless `dropMissing`), without copying the list at every item, which is
 * quadratic on a site of thousands of pages.
 */
function gather<B>(results: ReadonlyArray<Result<B>>, dropMissing: boolean): Result<ReadonlyArray<B>> {
  const values: B[] = [];
  const problems: Problem[] = [];
  let complete = true;
  for (const result of results) {
    if (!TH.isRight(result)) for (const problem of result.left) problems.push(problem);
    if (TH.isLeft(result)) complete = false;
    else values.push(result.right);
  }
  return complete || dropMissing ? withProblems(values, problems) : failed(problems);
}

/** Results made side by side, as one result of a record of their values; problems in the order of the keys. */
export const all = sequenceS(Applicative);

/** Adds problems found beside the stage (before the result's own). */
export const tell = (problems: Problems) => <A>(result: Result<A>): Result<A> =>
  problems.length === 0 ? result : Monad.chain(withProblems(undefined, problems), () => result);

/** The problems of a result, in the order they were found. */
export const problemsOf = (result: Result<unknown>): Problems => (TH.isRight(result) ? [] : result.left);

/** The value of a result, or null when the stage could not make one. */
export const valueOf = <A>(result: Result<A>): A | null => (TH.isLeft(result) ? null : result.right);
