/**
 * A rollup plugin for the client bundle: every dynamic `import()` (the search
 * page, the search modal, tabs, diagrams, MiniSearch, mermaid) goes through
 * `__importChunk`, which asks for the chunk again under another URL after a
 * failure.
 *
 * Why: a browser keeps a failed module fetch in its module map for the life of
 * the document, so calling the same `import()` again (the "Opnieuw proberen"
 * button) gives the same failure without a request (Chromium does). A retry
 * therefore imports `<chunk>?retry=<n>`: a new module-map entry, a real fetch.
 * The first load keeps the plain URL, so caching and prefetch are unchanged;
 * the servers ignore the query for files under /assets/ (same file, same
 * headers), and `script-src 'self'` allows it.
 *
 * The failures are counted per URL in one map on `globalThis` (under a
 * registered symbol), because every chunk carries its own copy of the helper.
 * A chunk that loads after a retry imports its static dependencies under their
 * plain URLs: those loaded before, or this is their first fetch.
 */
import type { Plugin } from 'rollup';

/** The helper each chunk with a dynamic import starts with (plain ES2020, no import of its own). */
export const importChunkHelper = [
  'const __importChunk=(specifier,base)=>{',
  "const failures=globalThis[Symbol.for('ontwikkelaarsportaal.chunkFailures')]??=new Map();",
  'const url=new URL(specifier,base).href;',
  'const attempt=failures.get(url)??0;',
  "return import(attempt?url+'?retry='+attempt:url).catch((error)=>{failures.set(url,attempt+1);throw error;});",
  '};',
].join('');

export function chunkRetry(): Plugin {
  return {
    name: 'chunk-retry',
    renderDynamicImport: () => ({ left: '__importChunk(', right: ',import.meta.url)' }),
    renderChunk(code) {
      return code.includes('__importChunk(') ? { code: `${importChunkHelper}\n${code}`, map: null } : null;
    },
  };
}
