/**
 * `npm test`: type-check, then every uvu suite (unit, property and browser
 * tests) in one process, ending with the line `N passed, N failed`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
let passed = 0;
let failed = 0;

const tsc = spawnSync(path.join(root, 'node_modules/.bin/tsc'), ['-p', root], { stdio: 'inherit' });
if (tsc.status === 0) passed++;
else { failed++; console.error('Type-check (tsc) failed.'); }

const pattern = process.argv[2] ?? '\\.test\\.tsx?$';
const uvu = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'node_modules/uvu/bin.js'), 'tests', pattern], {
  cwd: root,
  encoding: 'utf8',
  env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  maxBuffer: 64 * 1024 * 1024,
});
process.stdout.write(uvu.stdout ?? '');
process.stderr.write(uvu.stderr ?? '');
const total = Number(/Total:\s+(\d+)/.exec(uvu.stdout ?? '')?.[1] ?? 0);
const ok = Number(/Passed:\s+(\d+)/.exec(uvu.stdout ?? '')?.[1] ?? 0);
passed += ok;
failed += total - ok;
// A crash before uvu could count anything is a failure too.
if (uvu.status !== 0 && total === ok) failed++;

console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
