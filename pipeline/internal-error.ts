/**
 * An internal error: an exception the build did not expect (content and
 * configuration give problems, never exceptions, so this is a mistake in the
 * generator). It carries the stage and the file the build was working on, so
 * that the message says where; the command line ends the run on it
 * (pipeline/cli/main.ts).
 */

export class InternalError extends Error {
  constructor(readonly stage: string, readonly file: string | null, readonly original: unknown) {
    super(original instanceof Error ? original.message : String(original), { cause: original });
    this.name = 'InternalError';
  }
}

/**
 * `work`, with an exception it throws marked with the stage and file. An
 * exception already marked keeps its mark: the innermost place is the most
 * precise one.
 */
export function during<T>(stage: string, file: string | null, work: () => T): T {
  try {
    return work();
  } catch (e) {
    throw e instanceof InternalError ? e : new InternalError(stage, file, e);
  }
}

/** The Dutch message for an internal error; with `debug`, the stack of the original exception below it. */
export function internalErrorMessage(e: unknown, debug: boolean): string {
  const where = e instanceof InternalError
    ? ` in de stap ${e.stage}${e.file ? `, bij ${e.file}` : ''}`
    : '';
  const original = e instanceof InternalError ? e.original : e;
  const message = original instanceof Error ? original.message : String(original);
  const stack = debug && original instanceof Error && original.stack ? `\n${original.stack}\n` : '';
  const hint = debug ? '' : ' Draai opnieuw met --debug voor de stacktrace.';
  return `De build is onverwacht gestopt${where}: ${message}\nDit is een fout in de generator, niet in de content; meld het met deze melding.${hint}\n${stack}`;
}
