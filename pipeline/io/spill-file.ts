/**
 * Effect edge: values a build made for the build cache, moved out of memory
 * until the cache is written. The written bodies of a large site are kept for
 * the next build (pipeline/io/written-bodies.ts), and held in memory they
 * would grow the build's peak with every page (about 16 KiB a page of our
 * content) while nothing reads them again.
 *
 * Each value goes to the file as its JSON, in writes of about a megabyte; the
 * store keeps a `Json` whose text is read back from the file when asked (by
 * a later page of the same build, or by the cache's write). The file is
 * unlinked as soon as it is opened: it holds no name, so a build that is
 * killed leaves nothing behind, and it is gone when `close` closes it. When
 * a write fails (a full disk), the values stay in memory from then on, as
 * without a spill file: the spill can cost the build memory, never the build.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Json } from '../memo.ts';

/** Pending text is written once it reaches this many bytes. */
const batchBytes = 2 ** 20;

export class SpillFile {
  private readonly fd: number;
  /** Bytes written to the file so far. */
  private written = 0;
  /** Values not written yet, at their offsets. */
  private pending: Array<{ readonly offset: number; readonly text: string }> = [];
  private pendingBytes = 0;
  private closed = false;
  /** After a failed write: the values that were pending then, by offset; later values are not spilled. */
  private unwritten: Map<number, string> | null = null;

  /** The file's name, when the system could not unlink it while open: `close` removes it. */
  private constructor(fd: number, private readonly name: string | null) {
    this.fd = fd;
  }

  /** A spill file in `dir` (beside the cache it is for: `/tmp` may be memory); null when it cannot be made. */
  static open(dir: string): SpillFile | null {
    try {
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `spill-${process.pid}-${Date.now()}.tmp`);
      const fd = fs.openSync(file, 'w+', 0o600);
      try {
        fs.unlinkSync(file);
        return new SpillFile(fd, null);
      } catch {
        // A system that cannot unlink an open file.
        return new SpillFile(fd, file);
      }
    } catch {
      return null;
    }
  }

  /** Moves `json` out of memory: what the store keeps in its place. */
  add(json: string): Json {
    if (this.unwritten) return new Json(json);
    const offset = this.written + this.pendingBytes;
    const bytes = Buffer.byteLength(json);
    this.pending.push({ offset, text: json });
    this.pendingBytes += bytes;
    if (this.pendingBytes >= batchBytes) this.flush();
    return new SpilledJson(this, offset, bytes);
  }

  /** The text of `bytes` bytes at `offset`. */
  read(offset: number, bytes: number): string {
    // A value is read while the build that spilled it runs; after, its file is gone.
    if (this.closed) throw new Error('een waarde uit het spill-bestand gelezen nadat de build het sloot');
    const unwritten = this.unwritten?.get(offset);
    if (unwritten !== undefined) return unwritten;
    if (offset + bytes > this.written) this.flush();
    // The flush failed: the value is in memory now.
    const kept = this.unwritten?.get(offset);
    if (kept !== undefined) return kept;
    const buffer = Buffer.allocUnsafe(bytes);
    let done = 0;
    while (done < bytes) done += fs.readSync(this.fd, buffer, done, bytes - done, offset + done);
    return buffer.toString('utf8');
  }

  private flush(): void {
    if (this.pendingBytes === 0) return;
    const pending = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    const data = Buffer.from(pending.map((value) => value.text).join(''));
    try {
      let done = 0;
      while (done < data.length) done += fs.writeSync(this.fd, data, done, data.length - done, this.written + done);
      this.written += data.length;
    } catch {
      this.unwritten = new Map(pending.map((value) => [value.offset, value.text]));
    }
  }

  /** Closes the file; the values it holds are gone with it. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      fs.closeSync(this.fd);
      if (this.name !== null) fs.rmSync(this.name, { force: true });
    } catch {
      // Closed already.
    }
  }
}

/** A value's JSON, in a spill file. */
class SpilledJson extends Json {
  constructor(private readonly file: SpillFile, private readonly offset: number, private readonly bytes: number) {
    super();
  }

  get text(): string {
    return this.file.read(this.offset, this.bytes);
  }
}
