/**
 * The preview server's last resort: an error that escapes a request, however
 * it escapes (thrown in a timer or callback the request started, a promise
 * nobody awaits), fails that request, not the process. Each request runs in
 * its own async context holding its `fail`; one process listener per process,
 * there while any server listens, finds the request an escaped error came
 * from. An error from outside every request keeps Node's behaviour: it is
 * thrown again and ends the process.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** What to do with an error that escaped one request (answer 500, or cut the connection). */
export type Fail = (error: unknown) => void;

// A key, like a Symbol: which request is running. Shared by every server in the process,
// so that one listener serves them all and none of them rethrows another's error.
const requests = new AsyncLocalStorage<Fail>();
let listening = 0;

function escaped(error: unknown): void {
  const fail = requests.getStore();
  if (!fail) throw error;
  fail(error);
}

/** Runs one request's handler so that anything it starts fails to `fail`. */
export function withinRequest<T>(fail: Fail, handle: () => T): T {
  return requests.run(fail, handle);
}

/**
 * Installs the listener while a server listens; the returned function removes
 * it again (once the last server has closed), so a closed server leaves the
 * process as it found it.
 */
export function guardProcess(): () => void {
  if (listening++ === 0) {
    process.on('uncaughtException', escaped);
    process.on('unhandledRejection', escaped);
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--listening === 0) {
      process.off('uncaughtException', escaped);
      process.off('unhandledRejection', escaped);
    }
  };
}
