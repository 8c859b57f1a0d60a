/**
 * Worker thread for pipeline/io/write.ts: writes the files of the site into
 * the temporary folder as the main thread hands them over, on the core the
 * main thread leaves free while it renders the pages. The main thread swaps
 * the folder in when the build is done.
 *
 * The folder is made only when the first file differs from the previous
 * output. Until then each file is unchanged (the main thread says so, or its
 * bytes are the previous file's) and only its path is kept; the links are
 * made when a file differs, or at the end when the previous output holds
 * other files than this build. A build that changed nothing thus makes no
 * folder: the reply says `kept`, and the previous output stays as it is.
 *
 * After each file it counts it as taken in a shared word: the main thread
 * hands over more only while little waits (back-pressure).
 *
 * With a spare (the output before the previous one, kept by the main thread
 * after a swap), the folder is that spare renamed, brought up to date: its
 * folders stay, a file already linked to the previous output's stays, every
 * other file is removed before its place is filled, and what this build does
 * not have is removed at the end. Making the 455 folders of our site took
 * 80 to 130 ms on this machine's disk, and removing the old output after the
 * swap 50 to 75 ms (docs/performance.md); a file is never written into in
 * place, since the spare's files are links shared with the output.
 *
 * Before each file (and before the end, which may make the folder and its
 * links) it marks itself busy in a shared word, and looks whether the main
 * thread asked it to stop (a signal, a failed build): then it writes nothing
 * more. The main thread waits for the busy mark to drop before it removes the
 * folder, so no file can appear in a folder being removed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { flag, type WriteMessage, type WriteReply } from '../write.ts';
import { stampOf, type FileStamp } from '../file-stamp.ts';

const { out, tmp, spare, shared } = workerData as { out: string; tmp: string; spare: string | null; shared: SharedArrayBuffer };
const flags = new Int32Array(shared);
const port = parentPort;

/** Folders made so far: each file's folder is made once, parents first. */
const made = new Set<string>();
/** Whether the temporary folder exists: a file differed from the previous output. */
let opened = false;
/** Whether the folder is the spare, with what an earlier build left in it. */
let reused = false;
/** Every file put in the folder (full path), in a reused folder: the rest goes at the end. */
const placed = new Set<string>();
/** What the spare held when it was claimed (full paths, a folder before what is in it): the end removes what this build did not place. */
const held: string[] = [];
/** Files unchanged from the previous output, linked into the folder once it is made. */
const deferred: string[] = [];
/** Every path of this build until the folder is made: compared with the previous output's at the end. */
const paths = new Set<string>();
/** The stamp each file written or found the same has in the output (pipeline/io/file-stamp.ts). */
const stamps: Record<string, FileStamp> = {};
let failure: string | null = null;
let files = 0;
let linkedFiles = 0;
let bytesWritten = 0;

function makeFolder(dir: string): void {
  if (made.has(dir)) return;
  makeFolder(path.dirname(dir));
  const there = reused ? lstatOf(dir) : null;
  if (!there?.isDirectory()) {
    // In a reused folder a file or a link may stand where this build has a folder.
    if (there) fs.rmSync(dir, { force: true });
    fs.mkdirSync(dir);
  }
  made.add(dir);
}

function lstatOf(file: string): fs.BigIntStats | null {
  return fs.lstatSync(file, { bigint: true, throwIfNoEntry: false }) ?? null;
}

/**
 * Makes the temporary folder (under a new name: the spare renamed, or a new
 * empty folder) and links the files deferred so far.
 */
function open(): void {
  if (opened) return;
  reused = claimSpare();
  // Listed now, while the main thread still renders: walking its 230 folders at the end cost 20 to 30 ms after the last file.
  if (reused) list(tmp);
  if (!reused) fs.mkdirSync(tmp);
  // The site is public and a web server user must read it, whatever the umask.
  fs.chmodSync(tmp, 0o755);
  made.add(tmp);
  opened = true;
  paths.clear();
  for (const file of deferred) {
    if (Atomics.load(flags, flag.stop) === 1) throw new Error('gestopt');
    link(file);
  }
  deferred.length = 0;
}

/** The spare renamed to the temporary folder; false when there is none (or it is not a folder, or on another disk). */
function claimSpare(): boolean {
  if (spare === null) return false;
  try {
    if (!lstatOf(spare)?.isDirectory()) return false;
    fs.renameSync(spare, tmp);
    return true;
  } catch {
    return false;
  }
}

/**
 * Clears `target` in a reused folder for a file to come, and notes it as
 * placed (`prune` keeps it): true when it is already the file `source`
 * stands for (a link to the same file, unchanged since the spare was the
 * output), else whatever is there goes, so that nothing is written into a
 * file the output shares.
 */
function inPlace(target: string, source: fs.BigIntStats | null): boolean {
  if (!reused) return false;
  placed.add(target);
  const there = lstatOf(target);
  if (!there) return false;
  if (source && there.isFile() && there.ino === source.ino && there.dev === source.dev) return true;
  fs.rmSync(target, { recursive: true, force: true });
  return false;
}

/** Notes every entry under `dir` in `held`, a folder before its entries. */
function list(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    held.push(full);
    if (entry.isDirectory()) list(full);
  }
}

/**
 * Removes from a reused folder every file and folder this build did not put
 * there. Whatever stands at a place the spare held is this build's when it
 * made a folder or placed a file there (replacing what was there); only this
 * thread writes into the folder, so nothing else can have come. An entry
 * whose folder this build does not have went with that folder.
 */
function prune(): void {
  for (const full of held) {
    if (made.has(path.dirname(full)) && !made.has(full) && !placed.has(full)) fs.rmSync(full, { recursive: true, force: true });
  }
}

/**
 * The previous output's file at this place when it holds exactly these
 * bytes, else null. Such a file is linked into the new folder instead of
 * written again: the disk then writes only what changed. On this machine
 * writing all 14 MB of the site took 240 to 850 ms, depending on the disk's
 * mood; a warm build changes little of it. An unchanged page also keeps its
 * modification time, which is what a web server's Last-Modified should say.
 */
function sameBytes(previous: string, bytes: Uint8Array): fs.BigIntStats | null {
  try {
    const stat = fs.lstatSync(previous, { bigint: true });
    return stat.isFile() && Number(stat.size) === bytes.byteLength && fs.readFileSync(previous).equals(bytes) ? stat : null;
  } catch {
    return null;
  }
}

/** Links the previous output's `file` into the folder; a file that cannot be linked fails the write (its bytes are not here). */
function link(file: string): void {
  const target = path.join(tmp, file);
  makeFolder(path.dirname(target));
  try {
    if (!inPlace(target, reused ? lstatOf(path.join(out, file)) : null)) fs.linkSync(path.join(out, file), target);
  } catch (e) {
    throw new Error(`${file} kon niet uit de vorige uitvoer gelinkt worden (${e instanceof Error ? e.message : String(e)})`);
  }
  linkedFiles++;
}

/** A file the previous output holds as it is: linked now, or later when the folder is made. */
function keep(file: string): void {
  if (opened) link(file);
  else {
    deferred.push(file);
    paths.add(file);
  }
  files++;
}

function write(file: string, data: string | Uint8Array): void {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  const previous = path.join(out, file);
  const same = sameBytes(previous, bytes);
  if (same) stamps[file] = stampOf(same);
  if (same && !opened) {
    keep(file);
    return;
  }
  open();
  const target = path.join(tmp, file);
  makeFolder(path.dirname(target));
  files++;
  if (inPlace(target, same) || (same && linked(previous, target))) {
    linkedFiles++;
    return;
  }
  fs.writeFileSync(target, bytes);
  stamps[file] = stampOf(fs.lstatSync(target, { bigint: true }));
  bytesWritten += bytes.byteLength;
}

/** Links `target` to `previous`; false when that cannot be done (the bytes are then written). */
function linked(previous: string, target: string): boolean {
  try {
    fs.linkSync(previous, target);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the previous output holds exactly the files of this build (all
 * unchanged, see `paths`): no other file, no folder without one of them, no
 * link or special file, and it is a folder a web server user can read, as
 * `open` makes it. Then it can stay as it is.
 */
function sameFiles(): boolean {
  const folders = new Set<string>();
  for (const file of paths) for (let dir = path.posix.dirname(file); dir !== '.'; dir = path.posix.dirname(dir)) folders.add(dir);
  let found = 0;
  const walk = (dir: string, rel: string): boolean => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const name = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!folders.has(name) || !walk(path.join(dir, entry.name), name)) return false;
      } else if (entry.isFile() && paths.has(name)) found++;
      else return false;
    }
    return true;
  };
  try {
    const root = fs.lstatSync(out);
    return root.isDirectory() && (root.mode & 0o777) === 0o755 && walk(out, '') && found === paths.size;
  } catch {
    return false;
  }
}

/** After the last file: keep the previous output when it is this build's, else make the folder (with its links). */
function end(): WriteReply {
  if (failure !== null) return { failed: failure };
  try {
    if (Atomics.load(flags, flag.stop) === 1) return { failed: 'gestopt' };
    const kept = !opened && sameFiles();
    if (!kept) open();
    if (reused) prune();
    return { files, linked: linkedFiles, bytesWritten, kept, stamps };
  } catch (e) {
    return { failed: e instanceof Error ? e.message : String(e) };
  }
}

/** Runs `work` marked busy, unless the main thread asked the writer to stop. */
function busy<T>(work: () => T): T {
  Atomics.store(flags, flag.busy, 1);
  try {
    return work();
  } finally {
    Atomics.store(flags, flag.busy, 0);
    Atomics.notify(flags, flag.busy);
  }
}

port?.on('message', (message: WriteMessage) => {
  if (message === 'done') {
    port.postMessage(busy(end));
    return;
  }
  busy(() => {
    try {
      if (failure !== null) return;
      if (Atomics.load(flags, flag.stop) === 1) failure = 'gestopt';
      else if ('unchanged' in message) keep(message.path);
      else write(message.path, message.data);
    } catch (e) {
      failure = e instanceof Error ? e.message : String(e);
    }
  });
  // Taken, written or not: the main thread may hand over more (pipeline/io/write.ts, `add`).
  Atomics.add(flags, flag.taken, 1);
  Atomics.notify(flags, flag.taken);
});
