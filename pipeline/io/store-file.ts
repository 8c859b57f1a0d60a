/**
 * Effect edge: one store of the build cache on disk (pipeline/io/build-cache.ts),
 * as a log with one line per entry: the key as JSON, a tab, the value as JSON,
 * a newline. A line with only the key drops that key. JSON has no raw tab or
 * newline, so a line is split without parsing its value.
 *
 * Reading indexes the keys and keeps each value's JSON as a string: a value is
 * parsed when a build first asks for it, and a key that is only looked up
 * costs no parse. Writing appends the entries the build made and
 * drops the keys it no longer uses, so one changed article writes a few
 * kilobytes instead of every store whole; once the dead lines are more than
 * half the file, the live entries are written to a new file instead (through a
 * temporary file and a rename). A torn last line (an interrupted append) and a
 * damaged line are skipped, and the next write rewrites the file: the cache can
 * never make a build fail or differ.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Json, type Earlier, type Store } from '../memo.ts';

interface Line {
  /** The value's JSON as the file has it, until it is parsed: its text, or its bytes in the file (see `StoreFile.parse`). */
  raw: string | Buffer | null;
  /** The parsed value, once asked. */
  value: unknown;
  /** Length of the whole line in bytes, newline included. */
  readonly bytes: number;
}

/** Which file was read: appending to any other would mix two logs. */
interface Identity {
  readonly dev: number;
  readonly ino: number;
  readonly size: number;
  readonly mtimeMs: number;
}

const identityOf = (stat: fs.Stats): Identity => ({ dev: stat.dev, ino: stat.ino, size: stat.size, mtimeMs: stat.mtimeMs });
const sameIdentity = (a: Identity, b: Identity): boolean => a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;

/** The key of a line, or undefined when it is not a JSON string. */
const keyOf = (json: string): string | undefined => {
  try {
    const key: unknown = JSON.parse(json);
    return typeof key === 'string' ? key : undefined;
  } catch {
    return undefined;
  }
};

const newlineByte = 0x0a;
const tabByte = 0x09;

const closing: Readonly<Record<string, string>> = { '{': '}', '[': ']', '"': '"' };

/** A cheap check that a value's JSON is whole: a line glued to a torn one fails it. */
const looksWhole = (raw: string): boolean => {
  if (raw.length === 0) return false;
  const close = closing[raw[0]!];
  return close === undefined ? !/[{}[\]"]/.test(raw) : raw.length > 1 && raw[raw.length - 1] === close;
};

/** `looksWhole` of the bytes from `start` to `end`: an object, array or string is judged by its first and last byte. */
const bytesLookWhole = (data: Buffer, start: number, end: number): boolean => {
  if (end <= start) return false;
  const close = closing[String.fromCharCode(data[start]!)];
  return close === undefined ? looksWhole(data.toString('utf8', start, end)) : end - start > 1 && data[end - 1] === close.charCodeAt(0);
};

/** A line's JSON as text. */
const textOf = (raw: string | Buffer): string => (typeof raw === 'string' ? raw : raw.toString('utf8'));

/** One line of the log: `key` with `json`, or the key alone to drop it. */
export const storeLine = (key: string, json?: string): string => (json === undefined ? `${JSON.stringify(key)}\n` : `${JSON.stringify(key)}\t${json}\n`);

/** The entries of a store's file, each parsed when first asked. */
export class StoreFile<V> implements Earlier<V> {
  private constructor(
    private readonly lines: Map<string, Line>,
    /** Bytes of the file that were read: every line, live or dead. */
    readonly bytes: number,
    private readonly identity: Identity | null,
    /** A torn last line, a damaged line or value: the next write rewrites the file. */
    private damaged: boolean,
    /** What a value is made of its parsed JSON (a store's own form, pipeline/io/compact-contents.ts); left out: the JSON as parsed. */
    private readonly decode?: (parsed: unknown) => V,
  ) {}

  /**
   * The entries of `data`, the whole file; `identity` is the file's when there
   * is one. Each value is decoded into a string of its own, not sliced from
   * one text of the file: a value nobody asks for (the old entry of an edited
   * file) would keep that whole text alive until the build ends. With
   * `asBytes`, each value stays bytes of `data` until someone asks for it: for
   * a store whose values a build mostly leaves unread (the tree store), the
   * file's bytes take less memory than the text of each line, and decoding
   * them all cost time.
   */
  static parse<V>(data: Buffer, identity: Identity | null = null, decode?: (parsed: unknown) => V, asBytes = false): StoreFile<V> {
    const lines = new Map<string, Line>();
    // An interrupted append leaves a last line without its newline.
    const end = data.lastIndexOf(newlineByte) + 1;
    let damaged = end < data.length;
    // Each search goes on from the last one, so the bytes are scanned once for tabs and once for newlines.
    let tab = data.indexOf(tabByte);
    for (let start = 0; start < end;) {
      const newline = data.indexOf(newlineByte, start);
      if (tab !== -1 && tab < start) tab = data.indexOf(tabByte, start);
      const hasValue = tab !== -1 && tab < newline;
      const key = keyOf(data.toString('utf8', start, hasValue ? tab : newline));
      const from = tab + 1;
      const raw = !hasValue ? '' : asBytes ? data.subarray(from, newline) : data.toString('utf8', from, newline);
      // A second tab in the line: two lines glued together.
      const glued = hasValue && (tab = data.indexOf(tabByte, tab + 1)) !== -1 && tab < newline;
      if (key === undefined || glued || (hasValue && !(typeof raw === 'string' ? looksWhole(raw) : bytesLookWhole(data, from, newline)))) damaged = true;
      else if (hasValue) lines.set(key, { raw, value: undefined, bytes: newline + 1 - start });
      else lines.delete(key);
      start = newline + 1;
    }
    return new StoreFile<V>(lines, end, identity, damaged, decode);
  }

  /** An empty store (no file, or one that could not be read). */
  static empty<V>(): StoreFile<V> {
    return new StoreFile<V>(new Map(), 0, null, false);
  }

  get size(): number {
    return this.lines.size;
  }

  has(key: string): boolean {
    return this.lines.has(key);
  }

  keys(): IterableIterator<string> {
    return this.lines.keys();
  }

  get(key: string): V | undefined {
    const line = this.lines.get(key);
    if (line === undefined) return undefined;
    if (line.raw !== null) {
      try {
        const parsed: unknown = JSON.parse(textOf(line.raw));
        line.value = this.decode ? this.decode(parsed) : parsed;
        line.raw = null;
      } catch {
        // A damaged value: the build computes it again, and the next write leaves the line out.
        this.lines.delete(key);
        this.damaged = true;
        return undefined;
      }
    }
    return line.value as V;
  }

  /** The line of `key` as the file has it. */
  lineOf(key: string): Line | undefined {
    return this.lines.get(key);
  }

  /** The value of `key` as JSON: as the file has it when nobody asked for it, so that it is not parsed only to be written. */
  jsonOf(key: string): string | undefined {
    const line = this.lines.get(key);
    return line === undefined ? undefined : line.raw !== null ? textOf(line.raw) : JSON.stringify(line.value);
  }

  /** Whether lines can be appended to `file`: it is still the one read, and whole. */
  appendable(file: string): boolean {
    if (this.damaged || this.identity === null) return false;
    try {
      return sameIdentity(this.identity, identityOf(fs.statSync(file)));
    } catch {
      return false;
    }
  }
}

/** Reads a store's file; a missing or unreadable file is an empty store. `asBytes`: see `StoreFile.parse`. */
export async function readStoreFile<V>(file: string, decode?: (parsed: unknown) => V, asBytes = false): Promise<StoreFile<V>> {
  try {
    const handle = await fsp.open(file, 'r');
    try {
      const stat = await handle.stat();
      return StoreFile.parse<V>(await handle.readFile(), identityOf(stat), decode, asBytes);
    } finally {
      await handle.close();
    }
  } catch {
    return StoreFile.empty<V>();
  }
}

/** The same, synchronously: for a store read when a build first asks it. */
export function readStoreFileSync<V>(file: string, asBytes = false): StoreFile<V> {
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const stat = fs.fstatSync(fd);
      return StoreFile.parse<V>(fs.readFileSync(fd), identityOf(stat), undefined, asBytes);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return StoreFile.empty<V>();
  }
}

/**
 * Writes `chunks` to `fd` in writes of about a megabyte, each ending at a line:
 * handing fs.promises one chunk per entry cost 30 to 50 ms more for the 9 MB
 * of the site's cache, each write a trip through libuv's threadpool.
 */
function writeLines(fd: number, lines: Iterable<string>): void {
  let batch: string[] = [];
  let size = 0;
  for (const line of lines) {
    batch.push(line);
    size += line.length;
    if (size < 2 ** 20) continue;
    fs.writeFileSync(fd, batch.join(''));
    batch = [];
    size = 0;
  }
  if (size > 0) fs.writeFileSync(fd, batch.join(''));
}

/** How `writeStore` wrote a store: lines added to the file, or the live entries into a new one. */
export type StoreWrite = 'appended' | 'rewritten';

/**
 * Writes what `store` keeps for the next build (`Store.keys`) to `file`, which
 * held `earlier` when the build read it (none: a store that did not come from
 * this file). Appends the entries the build made and a line dropping each key
 * it no longer keeps, unless the file is not the one read or more than half of
 * it would then be dead: then it writes the live entries to a temporary file
 * and renames that into place. The dead part is measured against the file as
 * read, before the new lines: so it is known before any value is serialised,
 * and after an append the file is still at most half dead.
 */
export function writeStore<V>(file: string, store: Store<V>, earlier?: StoreFile<V>): StoreWrite {
  const dropped = earlier?.appendable(file) ? droppedLines(store, earlier) : null;
  if (dropped !== null) {
    const made = store.made();
    if (made.size + dropped.length > 0) appendLines(file, madeLines(made), dropped);
    return 'appended';
  }
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  try {
    writeLines(fd, liveLines(store, earlier));
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  return 'rewritten';
}

/**
 * The lines that drop the keys of `earlier` that `store` no longer keeps, when
 * appending them and the made entries leaves the file at most half dead; null
 * when it would not, or when an entry the store keeps without making it is not
 * in the file (a value that failed to parse): only a rewrite keeps that one.
 */
function droppedLines<V>(store: Store<V>, earlier: StoreFile<V>): string[] | null {
  const made = store.made();
  let live = 0;
  for (const key of store.keys()) {
    if (made.has(key)) continue;
    const line = earlier.lineOf(key);
    if (line === undefined) return null;
    live += line.bytes;
  }
  const dropped: string[] = [];
  let bytes = earlier.bytes;
  for (const key of earlier.keys()) {
    if (store.keeps(key)) continue;
    const line = storeLine(key);
    dropped.push(line);
    bytes += Buffer.byteLength(line);
  }
  return bytes - live <= bytes / 2 ? dropped : null;
}

/** A made value's JSON: as it was handed over, or serialised now. */
const madeJson = (value: unknown): string => (value instanceof Json ? value.text : JSON.stringify(value));

function* madeLines<V>(made: ReadonlyMap<string, V | Json>): Generator<string> {
  for (const [key, value] of made) yield storeLine(key, madeJson(value));
}

function appendLines(file: string, ...parts: Array<Iterable<string>>): void {
  const fd = fs.openSync(file, 'a');
  try {
    writeLines(fd, (function* () { for (const part of parts) yield* part; })());
  } finally {
    fs.closeSync(fd);
  }
}

/** Every live entry's line: the value's JSON copied from the file read where nobody parsed it, else serialised. */
function* liveLines<V>(store: Store<V>, earlier: StoreFile<V> | undefined): Generator<string> {
  const made = store.made();
  for (const key of store.keys()) {
    const value = made.get(key);
    if (value !== undefined) {
      yield storeLine(key, madeJson(value));
      continue;
    }
    const json = earlier?.jsonOf(key);
    if (json !== undefined) {
      yield storeLine(key, json);
      continue;
    }
    // A store from memory (or a value the file lost): its value as the build has it.
    const known = store.find(key);
    if (known !== undefined) yield storeLine(key, JSON.stringify(known));
  }
}
