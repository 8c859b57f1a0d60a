/** Small pure text helpers shared by stages. */

/** Levenshtein distance, for "did you mean" suggestions. */
export function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j] ?? 0;
      row[j] = Math.min((row[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length] ?? 0;
}

/** The closest candidate within a third of the word's length, if any. */
export function closest(word: string, candidates: Iterable<string>): string | null {
  let best: string | null = null;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const candidate of candidates) {
    const d = distance(word.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

export const countWords = (text: string): number => (text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length;

/** "a.md", "a.md en b.md", "a.md, b.md, c.md en 4 andere". */
export function fileList(files: ReadonlyArray<string>): string {
  const shown = files.slice(0, 3);
  const rest = files.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} en ${rest} ${rest === 1 ? 'ander' : 'andere'}`;
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} en ${shown[shown.length - 1]}` : (shown[0] ?? '');
}
