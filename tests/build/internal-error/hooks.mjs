/**
 * Test only (see register.mjs): a module loader hook that replaces the
 * renderer's `feedBodyHtml` in the TypeScript (the compiled command line gets
 * the same replacement in register.mjs) by one that starts a child process that would outlive the build
 * unless the build stops it (as esbuild's service and Chromium would), notes
 * its pid and the moment in the file `INTERNAL_ERROR_MARKER` names, and throws.
 */
const throwing = `function feedBodyHtml() {
  const { spawn } = process.getBuiltinModule('node:child_process');
  const fs = process.getBuiltinModule('node:fs');
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  fs.writeFileSync(process.env.INTERNAL_ERROR_MARKER, JSON.stringify({ child: child.pid, at: Date.now() }));
  throw new Error('testfout in de feedstap');
}
function replacedFeedBodyHtml(`;

/** `source` with its `feedBodyHtml` replaced, if it has one. */
export const withThrowingFeed = (source) => source.replace('function feedBodyHtml(', throwing);

export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (!url.startsWith('file:') || url.includes('/node_modules/') || result.source == null) return result;
  const source = String(result.source);
  if (!source.includes('function feedBodyHtml(')) return result;
  return { ...result, source: withThrowingFeed(source) };
}
