/**
 * The output edge: the only module that writes the site. It writes into a
 * temporary sibling folder and swaps it in with renames, so a failed or
 * interrupted build leaves the previous output exactly as it was.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { OutputFile } from '../build.ts';

const temporaries = new Set<string>();

/** Remove unfinished temporary folders when the process is interrupted. */
export function cleanUpOnExit(): void {
  const clean = () => { for (const dir of temporaries) fs.rmSync(dir, { recursive: true, force: true }); };
  process.once('exit', clean);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => { clean(); process.exit(130); });
  }
}

export function writeSite(outDir: string, files: ReadonlyArray<OutputFile>): void {
  const out = path.resolve(outDir);
  const parent = path.dirname(out);
  fs.mkdirSync(parent, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(parent, `.${path.basename(out)}-tmp-`));
  temporaries.add(tmp);
  try {
    for (const file of files) {
      const target = path.resolve(tmp, file.path);
      if (!target.startsWith(tmp + path.sep)) throw new Error(`Weigert te schrijven buiten de uitvoermap: ${file.path}`);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, file.data);
    }
    const old = `${tmp}-old`;
    const hadOutput = fs.existsSync(out);
    if (hadOutput) fs.renameSync(out, old);
    fs.renameSync(tmp, out);
    temporaries.delete(tmp);
    if (hadOutput) fs.rmSync(old, { recursive: true, force: true });
  } catch (e) {
    fs.rmSync(tmp, { recursive: true, force: true });
    temporaries.delete(tmp);
    throw e;
  }
}
