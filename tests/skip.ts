/**
 * A test that cannot run on this machine (a tool is missing) must not pass
 * silently. uvu has no skip at run time and counts a test that returns as
 * passed, so the test says why it did not run, on a line of its own that
 * tests/run.ts counts as skipped (and takes off the passed count):
 *
 *   if (!nginx) return skip('nginx is not installed (apt-get install nginx)');
 */
import fs from 'node:fs';
import path from 'node:path';

/** Starts the line of a skipped test in uvu's output; tests/run.ts looks for it. */
export const skipMarker = '[skipped]';

/** Marks the running test as skipped, for `reason`. Call it once, then return. */
export function skip(reason: string): void {
  // The leading newline ends uvu's line of dots, so the marker starts a line.
  process.stdout.write(`\n${skipMarker} ${reason}\n`);
}

/** Folders of system tools that are not always on a user's PATH (nginx lives in /usr/sbin). */
const systemFolders = ['/usr/local/sbin', '/usr/sbin', '/sbin'];

/** The path of the executable `command`, from PATH or the system folders, or null when it is not installed. */
export function installed(command: string): string | null {
  const folders = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), ...systemFolders];
  for (const folder of folders) {
    const file = path.join(folder, command);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      if (fs.statSync(file).isFile()) return file;
    } catch {
      // Not in this folder.
    }
  }
  return null;
}
