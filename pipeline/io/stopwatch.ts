/**
 * Effect edge: the build's own timings (docs/performance.md). With
 * ONTWIKKELAARSPORTAAL_TIMINGS=1 each lap prints, since the previous lap, the
 * wall time, the CPU time of the whole process (every thread: the highlight,
 * search index and writer threads included) and of the main thread alone,
 * with RSS and heap; otherwise a lap does nothing. On a shared machine the
 * wall time says little; the CPU times are the figures to compare.
 */
import fs from 'node:fs';

/** Clock ticks per second of /proc (USER_HZ on Linux). */
const ticks = 100;

/** CPU time of the main thread in ms (utime + stime of its task), or null where /proc has none. */
function mainThreadCpu(): number | null {
  try {
    const fields = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) / ticks) * 1000;
  } catch {
    return null;
  }
}

const processCpu = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

export function stopwatch(): (label: string) => void {
  if (!process.env.ONTWIKKELAARSPORTAAL_TIMINGS) return () => {};
  let last = { wall: performance.now(), cpu: processCpu(), main: mainThreadCpu() };
  return (label) => {
    const now = { wall: performance.now(), cpu: processCpu(), main: mainThreadCpu() };
    const main = now.main !== null && last.main !== null ? `, hoofdthread ${Math.round(now.main - last.main)} ms` : '';
    const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
    process.stderr.write(`  ${label}: ${Math.round(now.wall - last.wall)} ms, CPU ${Math.round(now.cpu - last.cpu)} ms${main}, ${Math.round(rss / 2 ** 20)} MiB RSS, ${Math.round(heapUsed / 2 ** 20)} MiB heap (V8 houdt ${Math.round(heapTotal / 2 ** 20)} MiB vast, buiten de heap ${Math.round(external / 2 ** 20)} MiB)\n`);
    last = now;
  };
}

/** With ONTWIKKELAARSPORTAAL_TIMINGS=1: prints what the build counted (pages rendered, bytes written); otherwise nothing. */
export function printCounts(counts: Readonly<Record<string, number>>): void {
  if (!process.env.ONTWIKKELAARSPORTAAL_TIMINGS) return;
  process.stderr.write(`  tellingen: ${Object.entries(counts).map(([name, n]) => `${name} ${n}`).join(', ')}\n`);
}
