/**
 * The output edge: the only module that writes the site. It writes into a
 * temporary sibling folder (`.dist-tmp-<pid>-XXXXXXXX`) and swaps it in with
 * two renames in one synchronous step, so a build that fails, runs out of disk
 * or is interrupted (SIGINT, SIGTERM, SIGHUP) leaves the previous output
 * exactly as it was, and no temporary folder behind.
 *
 * The files are written by a worker thread while the build still renders
 * (`SiteWriter`). A file with the same bytes as in the previous output, or one
 * the build says is unchanged (`UnchangedFile`), is linked into the new folder
 * rather than written again (write-worker.ts). When every file is unchanged
 * and the previous output holds no other, there is no folder and no swap: the
 * previous output is this build's.
 *
 * With a spare folder (`SiteWriter`'s `spare`, in the build cache), the
 * previous output is not removed after the swap but becomes the spare, and
 * the next write brings the spare up to date instead of making every folder
 * again (write-worker.ts).
 *
 * A signal stops the writer thread between two files, removes its folder and
 * ends the process with that signal. Only a SIGKILL can leave a temporary
 * folder; the next write into the same parent removes folders whose process
 * no longer runs.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Worker } from 'node:worker_threads';
import type { OutputFile } from '../types.ts';
import { contentHash } from '../content-hash.ts';
import type { UnchangedFile } from '../build.ts';
import type { FileStamp } from './file-stamp.ts';
import { startWorker } from './workers/worker.ts';
import { removeDeadOwnerFolders } from './dead-owner-folders.ts';

/** Previous outputs still being removed after a swap (a writer's own folder goes with the writer: `open`). */
const temporaries = new Set<string>();
const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
type Signal = (typeof signals)[number];
let interrupted: Signal | null = null;
let writing = 0;

const removeTemporaries = (): void => {
  for (const writer of open) writer.abandon();
  for (const dir of temporaries) fs.rmSync(dir, { recursive: true, force: true });
  temporaries.clear();
};

/** Remove what is left and end the process with the signal it received, as if unhandled. */
function exitWith(signal: Signal): never {
  removeTemporaries();
  process.removeAllListeners(signal);
  process.kill(process.pid, signal);
  // The signal is delivered asynchronously; make sure nothing else runs meanwhile.
  process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
}

/**
 * For the CLI: on SIGINT, SIGTERM or SIGHUP, stop a write in progress at its
 * next file and remove unfinished temporary folders; also on any other exit.
 * Only the removal of the previous output, after the swap, is waited for.
 */
export function cleanUpOnExit(): void {
  process.once('exit', removeTemporaries);
  for (const signal of signals) {
    process.once(signal, () => {
      interrupted = signal;
      if (writing === 0) exitWith(signal);
    });
  }
}

/** The error a write gives when it is refused or interrupted; the previous output is untouched. */
export class WriteError extends Error {}


/** Temporary folders of earlier writes that were killed outright (SIGKILL, power loss). */
function removeAbandoned(parent: string, base: string): void {
  removeDeadOwnerFolders(parent, `.${base}-tmp-`);
}

/** The file's place in `root`, or null when its path is absolute, empty, not normalised or would leave `root`. */
export function targetPath(root: string, file: string): string | null {
  if (file === '' || file.includes('\0') || file.includes('\\') || path.posix.isAbsolute(file) || path.win32.isAbsolute(file)) return null;
  if (path.posix.normalize(file) !== file || file.split('/').some((s) => s === '..' || s === '.' || s === '')) return null;
  const target = path.resolve(root, file);
  return target.startsWith(root + path.sep) ? target : null;
}

/** What the main thread sends the writer thread: a file, a file unchanged from the previous output, or `'done'` after the last. */
export type WriteMessage = OutputFile | UnchangedFile | 'done';
/** What the writer did: files handed to it, those linked from the previous output, and the bytes it wrote. */
export interface WriteStats {
  readonly files: number;
  readonly linked: number;
  readonly bytesWritten: number;
  /** Nothing differed from the previous output: it stayed in place, without a new folder or a swap. */
  readonly kept: boolean;
  /** The stamp in the output of each file handed over with its bytes (not of the unchanged ones): pipeline/io/file-stamp.ts. */
  readonly stamps: Readonly<Record<string, FileStamp>>;
}
/** The writer thread's answer to `'done'`: what it did, or why it stopped. */
export type WriteReply = WriteStats | { failed: string };
/**
 * The shared words between the two: the main thread asks the writer to stop;
 * the writer is busy with a file; how many files the writer has taken off its
 * queue (written, linked or skipped), which frees room for the main thread.
 */
export const flag = { stop: 0, busy: 1, taken: 2 } as const;

/**
 * How much the writer may have waiting in its queue (a string counts its
 * length) before `add` waits for it: a window of some hundreds of pages,
 * enough to keep the disk busy, while the memory of pages rendered faster than
 * they are written stays the same for any size of site.
 */
export const defaultWindow = 8 * 2 ** 20;

/** How long `add` waits for a writer that takes nothing before it stops waiting (the thread then failed; `finish` says so). */
const patience = 60_000;

const sizeOf = (file: OutputFile | UnchangedFile): number => (!('data' in file) ? 0 : typeof file.data === 'string' ? file.data.length : file.data.byteLength);

/** Set by bin/ontwikkelaarsportaal.mjs when it bundles the CLI: the compiled write-worker.ts. */
declare const WRITE_WORKER: string | undefined;

/** Writers whose folder is not swapped in or removed yet: a signal stops them before their folder goes. */
const open = new Set<SiteWriter>();

/**
 * Writes a site into a temporary folder beside `outDir` while the build goes
 * on, and swaps it in at `finish`. The files go to a worker thread
 * (write-worker.ts) as the build makes them: the pages render on one core
 * while the disk work of the ones before happens on the other. Writing at the
 * end took 50 ms to 1.1 s, depending on the VM's disk (docs/performance.md).
 *
 * Nothing happens until the first file (or `finish`); a problem with a file
 * (a path outside the folder, a full disk) comes out of `finish`, which then
 * leaves the previous output as it was.
 */
export class SiteWriter {
  private readonly out: string;
  private started: { tmp: string; worker: Worker; flags: Int32Array; reply: Promise<WriteReply> } | null = null;
  private refused: string | null = null;
  /** The size of every file handed over, in order; the thread has taken the first `head` (a number a file). */
  private readonly queued: number[] = [];
  private head = 0;
  private queuedSize = 0;
  private peak = { size: 0, files: 0 };
  /** The thread took nothing for `patience`: it failed (`finish` says so), and `add` no longer waits for it. */
  private stalled = false;
  /** Run once the output is in place (`afterWrite`). */
  private readonly written: Array<(stats: WriteStats) => void> = [];

  /**
   * `window`: how much may wait for the thread before `add` waits (see
   * `defaultWindow`). `spare`: where the previous output is kept after the
   * swap, for the next write to reuse (on the same disk as `outDir`, or it
   * is removed as without one).
   */
  constructor(outDir: string, private readonly window = defaultWindow, private readonly spare: string | null = null) {
    this.out = path.resolve(outDir);
  }

  /**
   * The most that waited in the thread's queue at once, in size (a string
   * counts its length) and files: never more than the window, or than one
   * file when a single file is larger. Counted, for tests.
   */
  get peakQueued(): { readonly size: number; readonly files: number } {
    return this.peak;
  }

  /** The folder this writer replaces: the previous output, until `finish`. */
  get outDir(): string {
    return this.out;
  }

  /**
   * Hands a file to the thread. When the thread has a window's worth waiting,
   * waits (the main thread sleeps) until it has taken enough: back-pressure,
   * so the build never holds more rendered pages than the window.
   */
  add(file: OutputFile | UnchangedFile): void {
    // Refused, abandoned or finished: nothing more goes to the thread.
    if (this.refused !== null || (this.started && !open.has(this))) return;
    const { worker, tmp, flags } = this.start();
    if (!targetPath(tmp, file.path)) {
      this.refused = `Weigert te schrijven buiten de uitvoermap: ${JSON.stringify(file.path)}`;
      return;
    }
    const size = sizeOf(file);
    this.waitForRoom(flags, size);
    worker.postMessage(file satisfies WriteMessage);
    this.queued.push(size);
    this.queuedSize += size;
    const files = this.queued.length - this.head;
    if (this.queuedSize > this.peak.size || files > this.peak.files) this.peak = { size: Math.max(this.peak.size, this.queuedSize), files: Math.max(this.peak.files, files) };
  }

  /** Until `size` more fits in the window (or nothing waits: a file larger than the window goes alone). */
  private waitForRoom(flags: Int32Array, size: number): void {
    this.forgetTaken(flags);
    let deadline = Date.now() + patience;
    while (!this.stalled && this.queuedSize > 0 && this.queuedSize + size > this.window) {
      const taken = Atomics.load(flags, flag.taken);
      if (taken !== this.head) deadline = Date.now() + patience;
      else if (Date.now() > deadline) this.stalled = true;
      else Atomics.wait(flags, flag.taken, taken, 100);
      this.forgetTaken(flags);
    }
  }

  /** Drops the sizes of the files the thread has taken since the last look. */
  private forgetTaken(flags: Int32Array): void {
    const taken = Atomics.load(flags, flag.taken);
    for (; this.head < taken; this.head++) this.queuedSize -= this.queued[this.head]!;
  }

  /**
   * Has `callback` run with what the writer did once the new output is in
   * place (swapped in, or kept), while the previous output is being removed;
   * not when the write fails or is abandoned.
   */
  afterWrite(callback: (stats: WriteStats) => void): void {
    this.written.push(callback);
  }

  /** Waits for the writer, then puts the new folder in the place of `outDir`, and says what it wrote. Throws a WriteError when it could not. */
  async finish(): Promise<WriteStats> {
    const { tmp, worker, reply } = this.start();
    // Until now the thread did not keep the process alive (should the build stop early, it must not hang).
    worker.ref();
    worker.postMessage('done' satisfies WriteMessage);
    const answer = await reply;
    if (this.refused !== null || 'failed' in answer) {
      this.abandon();
      throw new WriteError(this.refused ?? ('failed' in answer ? answer.failed : ''));
    }
    void worker.terminate();
    if (answer.kept) {
      // Every file is the previous output's, and it holds no other: it stays; the thread made no folder.
      open.delete(this);
      for (const callback of this.written) callback(answer);
      return answer;
    }
    // The swap: synchronous, so no signal handler can run between the two renames.
    const old = `${tmp}-old`;
    const hadOutput = fs.existsSync(this.out);
    writing++;
    try {
      if (hadOutput) fs.renameSync(this.out, old);
      try {
        fs.renameSync(tmp, this.out);
      } catch (e) {
        if (hadOutput) fs.renameSync(old, this.out);
        throw e;
      }
      open.delete(this);
      if (hadOutput) temporaries.add(old);
      // The previous output becomes the spare (one rename), else it is removed. Async: removes a folder's entries in
      // parallel, twice as fast as rmSync, while the callbacks run.
      // A signal meanwhile waits for it (writing > 0); should it fail, exit still removes `old` (it is in temporaries).
      const removing = hadOutput && !this.keptAsSpare(old) ? fsp.rm(old, { recursive: true, force: true }) : null;
      if (!removing) temporaries.delete(old);
      try {
        for (const callback of this.written) callback(answer);
      } finally {
        if (removing) {
          await removing;
          temporaries.delete(old);
        }
      }
    } catch (e) {
      this.abandon();
      throw e;
    } finally {
      writing--;
      if (interrupted && writing === 0) exitWith(interrupted);
    }
    return answer;
  }

  /**
   * Whether the previous output, renamed to `old` by the swap, is now the
   * spare: not when there is none to be, or one already, or the output was
   * not a real folder (a symbolic link to one stays the site's, not ours).
   */
  private keptAsSpare(old: string): boolean {
    if (this.spare === null) return false;
    try {
      if (!fs.lstatSync(old).isDirectory()) return false;
      fs.mkdirSync(path.dirname(this.spare), { recursive: true });
      fs.renameSync(old, this.spare);
      return true;
    } catch {
      return false;
    }
  }

  /** Stops the writer and removes its folder; the previous output stays as it was. Synchronous, for signal handlers. */
  abandon(): void {
    if (!this.started || !open.has(this)) return;
    const { tmp, worker, flags } = this.started;
    stopWriter(flags);
    void worker.terminate();
    fs.rmSync(tmp, { recursive: true, force: true });
    open.delete(this);
  }

  private start(): NonNullable<SiteWriter['started']> {
    if (this.started) return this.started;
    const parent = path.dirname(this.out);
    fs.mkdirSync(parent, { recursive: true });
    removeAbandoned(parent, path.basename(this.out));
    // The thread makes the folder when a file differs from the previous output (mkdir fails should the name exist).
    const tmp = path.join(parent, `.${path.basename(this.out)}-tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
    const shared = new SharedArrayBuffer(12);
    const worker = startWorker(typeof WRITE_WORKER === 'string' ? WRITE_WORKER : undefined, new URL('./workers/write-worker.ts', import.meta.url), {
      workerData: { out: this.out, tmp, spare: this.spare, shared },
    });
    worker.unref();
    const reply = new Promise<WriteReply>((resolve) => {
      worker.once('message', resolve);
      worker.once('error', (e) => resolve({ failed: e.message }));
      worker.once('exit', () => resolve({ failed: 'de schrijf-worker stopte' }));
    });
    this.started = { tmp, worker, flags: new Int32Array(shared), reply };
    open.add(this);
    return this.started;
  }
}

/**
 * Asks the writer thread to stop and waits until it is not in the middle of a
 * file. Both sides store their word before they read the other's (sequentially
 * consistent atomics): either the writer sees the stop before its next file,
 * or this sees it busy and waits for that file to end.
 */
function stopWriter(flags: Int32Array): void {
  Atomics.store(flags, flag.stop, 1);
  const deadline = Date.now() + 10_000;
  while (Atomics.load(flags, flag.busy) === 1 && Date.now() < deadline) Atomics.wait(flags, flag.busy, 1, 100);
}

/** Where the CLI keeps the spare of `outDir`: in the build cache, one per output folder. */
export const spareFolder = (cacheDir: string, outDir: string): string =>
  path.join(cacheDir, 'spare-output', contentHash(path.resolve(outDir), 16));

/** Writes `files` as the site in `outDir`, all or nothing (see SiteWriter). */
export async function writeSite(outDir: string, files: ReadonlyArray<OutputFile>): Promise<WriteStats> {
  const writer = new SiteWriter(outDir);
  for (const file of files) writer.add(file);
  return writer.finish();
}
