#!/usr/bin/env node
/**
 * The command line without tsx at run time (`npm start`, `npm run build`, …).
 *
 * pipeline/cli.ts and the project modules it imports are compiled by esbuild
 * into one ES module under .cache/cli/; npm packages stay external and load
 * natively. Loading the TypeScript through tsx's loader thread cost about
 * 1.7 s a run (docs/performance.md); compiling takes a fraction of that and
 * happens only after a source file changed. Tests keep importing the
 * TypeScript directly.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const entry = path.join(root, 'pipeline/cli.ts');

/** Changes with any project source file the CLI could import, and with the dependencies. */
function sourceKey() {
  const hash = createHash('sha256');
  for (const dir of ['pipeline', 'renderer', 'theme']) {
    for (const file of fs.readdirSync(path.join(root, dir), { recursive: true }).map(String).sort()) {
      if (!/\.(ts|tsx|json)$/.test(file)) continue;
      const stat = fs.statSync(path.join(root, dir, file));
      hash.update(`${dir}/${file}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  }
  hash.update(fs.readFileSync(path.join(root, 'package-lock.json')));
  return hash.digest('hex').slice(0, 16);
}

async function compiled() {
  const dir = path.join(root, '.cache/cli');
  const out = path.join(dir, `cli-${sourceKey()}.mjs`);
  if (fs.existsSync(out)) return out;
  const { build } = await import('esbuild');
  fs.mkdirSync(dir, { recursive: true });
  const tmp = path.join(dir, `tmp-${process.pid}.mjs`);
  await build({
    entryPoints: [entry], outfile: tmp, bundle: true, packages: 'external',
    platform: 'node', format: 'esm', target: 'node20', jsx: 'automatic', logLevel: 'error',
    // Modules that find files next to themselves keep doing so from the bundle (only pipeline/io/ does).
    define: {
      'import.meta.dirname': JSON.stringify(path.join(root, 'pipeline/io')),
      'import.meta.url': JSON.stringify(pathToFileURL(path.join(root, 'pipeline/io/module.ts')).href),
    },
  });
  // Another run may be compiling the same sources: rename is atomic, the last one wins.
  fs.renameSync(tmp, out);
  for (const old of fs.readdirSync(dir)) if (old !== path.basename(out) && old.startsWith('cli-')) fs.rmSync(path.join(dir, old), { force: true });
  return out;
}

// Static rendering needs none of React's development checks (see pipeline/io/production-react.ts).
process.env.NODE_ENV ??= 'production';
const { runCli } = await import(pathToFileURL(await compiled()).href);
runCli();
