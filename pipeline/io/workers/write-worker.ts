/**
 * Worker thread for pipeline/io/write.ts: writes the files of the site into
 * the temporary folder as the main thread hands them over, on the core the
 * main thread leaves free while it renders the pages. The main thread swaps
 * the folder in when the build is done.
 *
 * After each file it counts it as taken in a shared word: the main thread
 * hands over more only while little waits (back-pressure).
 *
 * Before each file it marks itself busy in a shared word, and looks whether
 * the main thread asked it to stop (a signal, a failed build): then it writes
 * nothing more. The main thread waits for the busy mark to drop before it
 * removes the folder, so no file can appear in a folder being removed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { flag, type WriteMessage, type WriteReply } from '../write.ts';

const { out, tmp, shared } = workerData as { out: string; tmp: string; shared: SharedArrayBuffer };
const flags = new Int32Array(shared);
const port = parentPort;

/** Folders made so far: each file's folder is made once, parents first. */
const made = new Set<string>([tmp]);
let failure: string | null = null;
let files = 0;
let linkedFiles = 0;
let bytesWritten = 0;

function makeFolder(dir: string): void {
  if (made.has(dir)) return;
  makeFolder(path.dirname(dir));
  fs.mkdirSync(dir);
  made.add(dir);
}

/**
 * Whether the previous output holds exactly these bytes at this place. Such a
 * file is linked into the new folder instead of written again: the disk then
 * writes only what changed. On this machine writing all 14 MB of the site
 * took 240 to 850 ms, depending on the disk's mood; a warm build changes
 * little of it. An unchanged page also keeps its modification time, which is
 * what a web server's Last-Modified should say.
 */
function sameBytes(previous: string, bytes: Uint8Array): boolean {
  try {
    const stat = fs.lstatSync(previous);
    return stat.isFile() && stat.size === bytes.byteLength && fs.readFileSync(previous).equals(bytes);
  } catch {
    return false;
  }
}

/** Links `target` to `previous`; false when that cannot be done (another file system, say). */
function linked(previous: string, target: string): boolean {
  try {
    fs.linkSync(previous, target);
    return true;
  } catch {
    return false;
  }
}

function write(file: string, data: string | Uint8Array): void {
  const target = path.join(tmp, file);
  makeFolder(path.dirname(target));
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  const previous = path.join(out, file);
  if (sameBytes(previous, bytes) && linked(previous, target)) linkedFiles++;
  else {
    fs.writeFileSync(target, bytes);
    bytesWritten += bytes.byteLength;
  }
  files++;
}

port?.on('message', (message: WriteMessage) => {
  if (message === 'done') {
    const reply: WriteReply = failure !== null ? { failed: failure } : { files, linked: linkedFiles, bytesWritten };
    port.postMessage(reply);
    return;
  }
  Atomics.store(flags, flag.busy, 1);
  try {
    if (failure !== null) return;
    if (Atomics.load(flags, flag.stop) === 1) failure = 'gestopt';
    else write(message.path, message.data);
  } catch (e) {
    failure = e instanceof Error ? e.message : String(e);
  } finally {
    Atomics.store(flags, flag.busy, 0);
    Atomics.notify(flags, flag.busy);
    // Taken, written or not: the main thread may hand over more (pipeline/io/write.ts, `add`).
    Atomics.add(flags, flag.taken, 1);
    Atomics.notify(flags, flag.taken);
  }
});
