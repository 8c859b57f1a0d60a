/**
 * The generated part of the production server configurations
 * (dist-config/nginx.conf and dist-config/Caddyfile): the block of security
 * headers between the `# BEGIN security headers` and `# END security headers`
 * lines, made from pipeline/stages/server-config/csp.ts. `npm run server-config` rewrites the
 * blocks in place; everything outside them is written by hand.
 */
import type { Header } from './csp.ts';

export type ServerKind = 'nginx' | 'caddy';

export const serverConfigFiles: ReadonlyArray<{ readonly file: string; readonly kind: ServerKind }> = [
  { file: 'dist-config/nginx.conf', kind: 'nginx' },
  { file: 'dist-config/Caddyfile', kind: 'caddy' },
];

const begin = '# BEGIN security headers';
const end = '# END security headers';
const note = 'generated from dist-config/site.yml by pipeline/stages/server-config/csp.ts: edit those and run npm run server-config';

const quoted = (value: string): string => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** The block's lines, without indentation. */
export function headerBlockLines(kind: ServerKind, headers: ReadonlyArray<Header>): string[] {
  if (kind === 'nginx') {
    // `always`: also on 404 pages and redirects. No location may add a header of its own,
    // or nginx drops all of these there (add_header is inherited only when a level has none).
    return [`${begin} (${note})`, ...headers.map(([name, value]) => `add_header ${name} ${quoted(value)} always;`), end];
  }
  return [`${begin} (${note})`, 'header {', ...headers.map(([name, value]) => `\t${name} ${quoted(value)}`), '\t-Server', '}', end];
}

/**
 * `text` with its header block replaced, keeping the block's indentation;
 * null when the file has no block (or an unfinished one).
 */
export function withHeaderBlock(text: string, kind: ServerKind, headers: ReadonlyArray<Header>): string | null {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.trim().startsWith(begin));
  const stop = lines.findIndex((l, i) => i > start && l.trim() === end);
  if (start === -1 || stop === -1) return null;
  const indent = /^\s*/.exec(lines[start] ?? '')?.[0] ?? '';
  const block = headerBlockLines(kind, headers).map((l) => `${indent}${l}`);
  return [...lines.slice(0, start), ...block, ...lines.slice(stop + 1)].join('\n');
}
