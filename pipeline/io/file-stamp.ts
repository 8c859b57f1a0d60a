/**
 * A file's stamp: its size, modification time (in nanoseconds), inode and
 * device, as `make` and git's index use them to know a file unchanged
 * without reading it. A build records the stamp of each page it leaves in
 * the output (pipeline/io/page-reuse.ts); the next build trusts a page whose
 * stamp is still the same, and reads and hashes the others.
 *
 * Why that is safe: writing into a file changes its modification time, and
 * replacing it (an editor's save, a copy, a restore) gives another inode; so
 * a stamp that is still the same means the same bytes. Two limits, the same
 * as git's: a file changed within the same tick of the file system's clock
 * as it was written keeps its time (the clock that stamps files is coarse:
 * 4 to 16 ms on Linux), so a stamp is trusted only when its time is older
 * than the record that holds it (`trusted`); and a time set back by hand
 * (`touch -d`) with the same size and inode is not seen.
 * The change time is not part of the stamp: a hard link (how the writer
 * keeps an unchanged file) changes it.
 */
import type { BigIntStats } from 'node:fs';

/** Size, modification time in ns, inode and device; the last three as decimal strings (they exceed 2^53). */
export type FileStamp = readonly [size: number, mtimeNs: string, ino: string, dev: string];

/** The stamp of a file from its `stat` (with `bigint: true`). */
export const stampOf = (stat: BigIntStats): FileStamp => [Number(stat.size), String(stat.mtimeNs), String(stat.ino), String(stat.dev)];

/** Whether `value` has the shape of a stamp (it comes from a JSON file that may be damaged). */
export const isStamp = (value: unknown): value is FileStamp =>
  Array.isArray(value) && value.length === 4 && typeof value[0] === 'number' && value.slice(1).every((part) => typeof part === 'string' && /^\d+$/.test(part));

/** Whether the regular file `stat` describes still has `stamp`. */
export const sameStamp = (stat: BigIntStats, stamp: FileStamp): boolean => {
  const now = stampOf(stat);
  return stat.isFile() && now.every((part, i) => part === stamp[i]);
};

/**
 * Whether `stamp` may be trusted by a record whose own file was last written
 * at `recordedNs` (its modification time, on the same clock): only when the
 * file's time is older. A file written in the record's tick could still be
 * changed in that tick without a new time; it is read and hashed instead.
 */
export const trusted = (stamp: FileStamp, recordedNs: bigint): boolean => BigInt(stamp[1]) < recordedNs;

/** The newest modification time among `stamps`, in ns (0 for none). */
export const newest = (stamps: Iterable<FileStamp>): bigint => {
  let max = 0n;
  for (const stamp of stamps) if (BigInt(stamp[1]) > max) max = BigInt(stamp[1]);
  return max;
};
