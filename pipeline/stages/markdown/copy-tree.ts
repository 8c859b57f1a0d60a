/**
 * A deep copy of a syntax tree, which the stage then changes in place (the
 * memo and the build cache keep the original). Trees are plain objects and
 * arrays, parsed or read back from JSON: copying them by hand takes a quarter
 * of structuredClone's time (70 → 18 ms for the real content).
 */
export function copyTree<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyTree) as T;
  const copy: Record<string, unknown> = {};
  for (const key in value) copy[key] = copyTree((value as Record<string, unknown>)[key]);
  return copy as T;
}
