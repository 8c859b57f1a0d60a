/**
 * The processes this process started, at any depth (esbuild's service,
 * Chromium and its helpers, whatever a worker thread spawned), found by
 * ancestry in /proc and never by name: other builds may run beside this
 * one. A run that ends on an internal error stops them all, so that no
 * child outlives it. Where there is no /proc, there is nothing to find.
 */
import fs from 'node:fs';

/** The parent of every process in /proc, by pid. */
function parents(): Map<number, number> {
  const out = new Map<number, number>();
  let names: string[];
  try {
    names = fs.readdirSync('/proc');
  } catch {
    return out;
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name in parentheses may hold spaces; the fields after it are fixed.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      out.set(Number(name), ppid);
    } catch {
      // Gone in the meantime.
    }
  }
  return out;
}

/** Every descendant of `pid`, children before their own children. */
export function descendants(pid: number = process.pid): number[] {
  const children = new Map<number, number[]>();
  for (const [child, parent] of parents()) children.set(parent, [...(children.get(parent) ?? []), child]);
  const out: number[] = [];
  for (let queue = [pid]; queue.length > 0;) {
    const next = queue.shift()!;
    for (const child of children.get(next) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

/** Stops every descendant of this process at once (SIGKILL: an internal error leaves nothing worth finishing). */
export function killDescendants(): void {
  for (const pid of descendants()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
