/**
 * Effect edge: what every child process that runs site code has in common
 * (a Docusaurus configuration in `migrate`, a site's components and pages in
 * the build's component box). Site code is trusted like the build's own, but
 * it runs apart from it:
 *
 * - with an environment built up from nothing (`allowedEnvironment`): what it
 *   reads can end up on a page or in site.yml, and a name that does not look
 *   like a secret (DATABASE_URL, SENTRY_DSN, HOME) can still be one;
 * - in a process group of its own, ended as a whole (`endGroup`), so that
 *   nothing it started outlives it;
 * - where Linux allows it, in a user and PID namespace of its own
 *   (`namespaceLauncher`), so that it sees no other process and cannot read
 *   their environments from /proc/<pid>/environ, and ends when the process
 *   that started it ends, however that ends.
 *
 * docs/security.md says what remains possible.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The variables site code may always see, taken from the caller when set. */
const alwaysAllowed = ['NODE_ENV', 'TZ', 'LANG'];

/**
 * The environment of a child that runs site code: `NODE_ENV`, `TZ`, `LANG`
 * and the variables `named` lists, read from `from`, then `fixed` on top.
 * `NODE_ENV` is `production` unless the caller or `fixed` sets it.
 */
export function allowedEnvironment(from: NodeJS.ProcessEnv, named: ReadonlyArray<string>, fixed: Readonly<Record<string, string>> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of [...alwaysAllowed, ...named]) {
    const value = from[name];
    if (value !== undefined) env[name] = value;
  }
  env.NODE_ENV ??= 'production';
  return { ...env, ...fixed };
}

/**
 * The environment site code gets in this build for `siteCode.env` = `named`:
 * part of the key of whatever keeps its results, so that another value of an
 * allowed variable is another result. Callers never hand on `process.env`.
 */
export const siteCodeEnvironment = (named: ReadonlyArray<string>): Record<string, string> => allowedEnvironment(process.env, named);

/** A plain environment variable name, as `--env` and `siteCode.env` take it. */
export const isVariableName = (name: string): boolean => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name);

/** The probe's answer, once per process. */
let launcher: ReadonlyArray<string> | null | undefined;

/**
 * The launcher that gives the child a PID namespace of its own with its own /proc, in a user namespace in
 * which it holds no capabilities (it runs as an ordinary user there, so it cannot unmount that /proc to see
 * the host's): the child sees no other process, so it cannot read the environment of its parents from
 * /proc/<pid>/environ, and when it ends the kernel ends everything it started, a detached grandchild
 * included. Null where the system does not allow it (not Linux, no util-linux `unshare`, user namespaces
 * switched off); the child then runs in a process group of its own only.
 */
export function namespaceLauncher(): ReadonlyArray<string> | null {
  if (launcher !== undefined) return launcher;
  launcher = null;
  if (process.platform !== 'linux') return launcher;
  const unshare = ['/usr/bin/unshare', '/bin/unshare'].find((f) => fs.existsSync(f));
  if (!unshare) return launcher;
  // Inside, the caller's own uid, or an ordinary one for root: a non-zero uid loses its capabilities at exec.
  const id = (n: number | undefined) => (n ? n : 1000);
  // setpriv's parent-death signal ends unshare when the process that started it dies, even by SIGKILL; unshare's
  // --kill-child then ends the child, and with it, as the first process of its namespace, everything it started.
  const setpriv = ['/usr/bin/setpriv', '/bin/setpriv'].find((f) => fs.existsSync(f));
  const command = [
    ...(setpriv ? [setpriv, '--pdeathsig', 'KILL'] : []),
    unshare, '--user', `--map-user=${id(process.getuid?.())}`, `--map-group=${id(process.getgid?.())}`, '--pid', '--fork', '--kill-child', '--mount-proc',
  ];
  // Tried once with a harmless command: a container may forbid the namespaces the binary offers.
  const probe = spawnSync(command[0]!, [...command.slice(1), process.execPath, '-e', 'process.exit(process.pid === 1 ? 0 : 3)'], { env: {}, stdio: 'ignore', timeout: 5_000 });
  if (probe.status === 0) launcher = command;
  return launcher;
}

/**
 * Ends the process group `pid` leads (a child spawned `detached`), or the
 * process alone when it leads none. Synchronous: safe in a signal handler.
 */
export function endGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
}

/** A time limit of site code as messages say it: `2,5 s`. */
export const seconds = (ms: number): string => `${String(Math.round(ms / 100) / 10).replace('.', ',')} s`;

/**
 * Ties `child`'s process group to the build while a request runs: it is
 * ended when the build exits or a stop signal arrives (the signal then goes
 * on to end the build when no other handler takes it). Gives the function
 * that unties it.
 */
export function endedWithBuild(child: ChildProcess): () => void {
  const onSignal = (signal: NodeJS.Signals) => {
    endGroup(child.pid);
    if (process.listenerCount(signal) === 1) process.kill(process.pid, signal);
  };
  const onExit = () => endGroup(child.pid);
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  process.on('exit', onExit);
  for (const signal of signals) process.prependListener(signal, onSignal);
  return () => {
    process.off('exit', onExit);
    for (const signal of signals) process.off(signal, onSignal);
  };
}

/** A worker of the build that runs site code: its TypeScript file, or the compiled file `bin/` made of it. */
export interface SiteCodeWorker {
  /** The worker's TypeScript, as the tests run it (through tsx). */
  readonly source: string;
  /** The compiled worker's file URL, set by bin/ontwikkelaarsportaal.mjs; undefined when the TypeScript runs. */
  readonly compiled: string | undefined;
}

/**
 * Starts a worker that runs site code (the component box, the plugin box):
 * the allow-list environment, a heap of `memoryLimit` MB, a process group of
 * its own, and where Linux allows it the namespaces of `namespaceLauncher`.
 * It talks JSON over Node's IPC channel, and never keeps the build running
 * (its users kill it when they are done, on a signal and on exit).
 */
export function spawnSiteCode(worker: SiteCodeWorker, limits: { readonly memoryLimit: number; readonly env: ReadonlyArray<string> }): ChildProcess {
  const { compiled } = worker;
  const entry = compiled ? fileURLToPath(compiled) : worker.source;
  // The TypeScript (tests) goes through tsx, with the generator's TypeScript set-up, never one a site's folder has.
  const loader = compiled ? [] : ['--import', import.meta.resolve('tsx/esm')];
  const command = [...(namespaceLauncher() ?? []), process.execPath, `--max-old-space-size=${Math.max(16, Math.round(limits.memoryLimit))}`, ...loader, entry];
  const child = spawn(command[0]!, command.slice(1), {
    env: { ...siteCodeEnvironment(limits.env), ...(compiled ? {} : { TSX_TSCONFIG_PATH: path.resolve(import.meta.dirname, '../../tsconfig.json') }) },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'json',
    // Its own process group: ending the group ends whatever the site code started too.
    detached: true,
  });
  child.unref();
  child.channel?.unref();
  (child.stderr as { unref?: () => void } | null)?.unref?.();
  return child;
}
