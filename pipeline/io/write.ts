/**
 * The output edge: the only module that writes the site. It writes into a
 * temporary sibling folder (`.dist-tmp-<pid>-XXXXXX`) and swaps it in with two
 * renames in one synchronous step, so a build that fails, runs out of disk or
 * is interrupted (SIGINT, SIGTERM, SIGHUP) leaves the previous output exactly
 * as it was, and no temporary folder behind.
 *
 * A file with the same bytes as in the previous output is linked into the new
 * folder rather than written again (`sameBytes`).
 *
 * Files are written in batches, and a signal is noticed between two batches:
 * the write stops, removes its folder and the process ends with that signal.
 * Only a SIGKILL can leave a temporary folder; the next write into the same
 * parent removes folders whose process no longer runs.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { OutputFile } from '../build.ts';

const temporaries = new Set<string>();
const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
type Signal = (typeof signals)[number];
let interrupted: Signal | null = null;
let writing = 0;

const removeTemporaries = (): void => {
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

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Temporary folders of earlier writes that were killed outright (SIGKILL, power loss). */
function removeAbandoned(parent: string, base: string): void {
  const prefix = `.${base}-tmp-`;
  let names: string[];
  try {
    names = fs.readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(/^(\d+)-/.exec(name.slice(prefix.length))?.[1]);
    if (Number.isInteger(pid) && pid !== process.pid && !alive(pid)) fs.rmSync(path.join(parent, name), { recursive: true, force: true });
  }
}

/** The file's place in `root`, or null when its path is absolute, empty, not normalised or would leave `root`. */
export function targetPath(root: string, file: string): string | null {
  if (file === '' || file.includes('\0') || file.includes('\\') || path.posix.isAbsolute(file) || path.win32.isAbsolute(file)) return null;
  if (path.posix.normalize(file) !== file || file.split('/').some((s) => s === '..' || s === '.' || s === '')) return null;
  const target = path.resolve(root, file);
  return target.startsWith(root + path.sep) ? target : null;
}

const check = (): void => {
  if (interrupted) throw new WriteError(`afgebroken door ${interrupted}`);
};

/**
 * Files written between two looks at the signal handlers. Small files written
 * synchronously cost a tenth of going through libuv's thread pool (430 files:
 * 40 ms against 140–340 ms, issue 11); a batch is short enough (a few ms) that
 * a signal still stops the write almost at once.
 */
const batch = 64;

/** Lets pending signal handlers run, then stops if one of them asked to. */
const yieldToSignals = async (): Promise<void> => {
  await new Promise((resolve) => setImmediate(resolve));
  check();
};

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

/** Every folder below `root` that the targets need, sorted: a folder comes after its parent. */
function folders(root: string, targets: ReadonlyArray<string>): string[] {
  const needed = new Set<string>();
  for (const target of targets) {
    for (let dir = path.dirname(target); dir !== root && !needed.has(dir); dir = path.dirname(dir)) needed.add(dir);
  }
  return [...needed].sort();
}

export async function writeSite(outDir: string, files: ReadonlyArray<OutputFile>): Promise<void> {
  const out = path.resolve(outDir);
  const parent = path.dirname(out);
  fs.mkdirSync(parent, { recursive: true });
  removeAbandoned(parent, path.basename(out));
  const tmp = fs.mkdtempSync(path.join(parent, `.${path.basename(out)}-tmp-${process.pid}-`));
  temporaries.add(tmp);
  // mkdtemp makes the folder private (0700); the site is public and a web server user must read it.
  fs.chmodSync(tmp, 0o755);
  writing++;
  try {
    const targets = files.map((file) => {
      const target = targetPath(tmp, file.path);
      if (!target) throw new WriteError(`Weigert te schrijven buiten de uitvoermap: ${JSON.stringify(file.path)}`);
      return target;
    });
    // Parents first, so each mkdir needs no recursive lookups.
    for (const folder of folders(tmp, targets)) fs.mkdirSync(folder);
    for (let i = 0; i < files.length; i++) {
      if (i % batch === 0) await yieldToSignals();
      const { path: file, data } = files[i] as OutputFile;
      const bytes = typeof data === 'string' ? Buffer.from(data) : data;
      const previous = path.join(out, file);
      if (!(sameBytes(previous, bytes) && linked(previous, targets[i] as string))) fs.writeFileSync(targets[i] as string, bytes);
    }
    // A signal during the last batch must not let the swap happen.
    await yieldToSignals();
    // The swap: synchronous, so no signal handler can run between the two renames.
    const old = `${tmp}-old`;
    const hadOutput = fs.existsSync(out);
    if (hadOutput) fs.renameSync(out, old);
    try {
      fs.renameSync(tmp, out);
    } catch (e) {
      if (hadOutput) fs.renameSync(old, out);
      throw e;
    }
    temporaries.delete(tmp);
    if (hadOutput) {
      temporaries.add(old);
      // Async: removes a folder's entries in parallel, twice as fast as rmSync. A signal meanwhile
      // waits for it (writing > 0); should it fail, exit still removes `old` (it is in temporaries).
      await fsp.rm(old, { recursive: true, force: true });
      temporaries.delete(old);
    }
  } catch (e) {
    fs.rmSync(tmp, { recursive: true, force: true });
    temporaries.delete(tmp);
    throw e;
  } finally {
    writing--;
    if (interrupted && writing === 0) exitWith(interrupted);
  }
}
