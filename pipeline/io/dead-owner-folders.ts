/**
 * Effect edge: folders named after the process that made them (a build's
 * temporary output, a diagram Chromium's profile). A process killed outright
 * (SIGKILL, power loss) cannot remove its own; the next one does, once that
 * process no longer runs.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Whether a process runs (EPERM: it does, under another user). */
const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes every folder in `dir` whose name starts with `prefix` followed by
 * a process id and `-`, when that process is not this one and no longer runs.
 */
export function removeDeadOwnerFolders(dir: string, prefix: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(/^(\d+)-/.exec(name.slice(prefix.length))?.[1]);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && !alive(pid)) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}
