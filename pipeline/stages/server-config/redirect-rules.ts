/**
 * The redirect rules of the production server configurations
 * (dist-config/nginx.conf and dist-config/Caddyfile): the block between the
 * `# BEGIN redirects` and `# END redirects` lines, made from `redirects` in
 * site.yml. `npm run server-config` rewrites it in place, beside the security
 * headers block (pipeline/stages/server-config.ts).
 *
 * Each configured rule becomes a 301 from the old path (with or without a
 * trailing slash, the query kept) to its final page; each `fromExtensions`
 * extension one pattern for every path. `toExtensions` needs the list of pages,
 * which only the build has: those old paths are served by the build's
 * redirect pages.
 */
import type { Config } from '../../types.ts';
import type { ServerKind } from './server-config.ts';
import { valueOf } from '../../result.ts';
import { barePath, extensionOf, redirectsOf, type Redirect } from '../publish/redirects.ts';

const begin = '# BEGIN redirects';
const end = '# END redirects';
const note = 'generated from redirects in dist-config/site.yml by pipeline/stages/server-config/redirect-rules.ts: edit those and run npm run server-config';

/**
 * The configured rules as the servers get them: chains followed to their end,
 * and without the rules the build refuses (a loop, an invalid path). Whether
 * the target page exists only the build knows; it reports that.
 */
export function configuredRedirects(config: Pick<Config, 'redirects'>): ReadonlyArray<Redirect> {
  const rules = config.redirects?.rules ?? [];
  // Every target counts as a page here, so the stage keeps each rule whose target is not itself an old path.
  const targets = new Set(rules.map((r) => barePath(r.to)));
  const result = redirectsOf({ config: { redirects: { rules } }, configFile: '', pages: [], files: targets });
  return valueOf(result) ?? [];
}

/** A path as an exact regular expression. */
const literal = (p: string): string => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The path a `fromExtensions` pattern accepts before the extension: it starts
 * with a plain character after the slash, so that `//host.php` can never
 * become a redirect to another site.
 */
const stem = '(/[A-Za-z0-9_~-][A-Za-z0-9._~/-]*)';

/** The block's lines, without indentation. */
export function redirectBlockLines(kind: ServerKind, config: Pick<Config, 'redirects'>): string[] {
  const redirects = configuredRedirects(config);
  const extensions = (config.redirects?.fromExtensions ?? []).map(extensionOf).filter((e): e is string => e !== null && e.toLowerCase() !== 'html');
  if (kind === 'nginx') {
    // `rewrite … permanent` in the server block: a 301 that keeps the query, before any location.
    return [
      `${begin} (${note})`,
      ...redirects.map(({ from, to }) => `rewrite ^${literal(from === '/' ? '/' : from)}${from === '/' ? '' : '/?'}$ ${to} permanent;`),
      ...extensions.map((ext) => `rewrite ^${stem}\\.${literal(ext)}$ $1 permanent;`),
      end,
    ];
  }
  return [
    `${begin} (${note})`,
    ...redirects.flatMap(({ from, to }) => [
      `redir ${from} ${to}{query_suffix} 301`,
      ...(from === '/' ? [] : [`redir ${from}/ ${to}{query_suffix} 301`]),
    ]),
    ...extensions.flatMap((ext, i) => [
      `@from_extension_${i} path_regexp from_extension_${i} ^${stem}\\.${literal(ext)}$`,
      `redir @from_extension_${i} {re.from_extension_${i}.1}{query_suffix} 301`,
    ]),
    end,
  ];
}

/**
 * `text` with its redirects block replaced, keeping the block's indentation;
 * null when the file has no block (or an unfinished one).
 */
export function withRedirectBlock(text: string, kind: ServerKind, config: Pick<Config, 'redirects'>): string | null {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.trim().startsWith(begin));
  const stop = lines.findIndex((l, i) => i > start && l.trim() === end);
  if (start === -1 || stop === -1) return null;
  const indent = /^\s*/.exec(lines[start] ?? '')?.[0] ?? '';
  const block = redirectBlockLines(kind, config).map((l) => `${indent}${l}`);
  return [...lines.slice(0, start), ...block, ...lines.slice(stop + 1)].join('\n');
}
