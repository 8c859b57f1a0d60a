/**
 * URLs as authors write them in links, images and raw HTML: which would run
 * script, which leave the site, and where a relative one points.
 */
import { posix } from 'node:path';

/** A URL with a scheme (`https:`, `mailto:`): it leaves the site. */
export const externalUrl = /^[a-z][a-z0-9+.-]*:/i;

/** The scheme of a URL that would run script, after stripping what browsers ignore (tabs, newlines, controls). */
export function unsafeUrl(url: string): string | null {
  const scheme = /^([a-z]+):/i.exec(url.replace(/[\u0000-\u0020\u007f]/g, ''))?.[1]?.toLowerCase();
  return scheme === 'javascript' || scheme === 'vbscript' || scheme === 'data' ? scheme : null;
}

/** `decodeURIComponent`, or the text as written when its %-escapes are malformed (`%E0%A4%A`). */
export const safeDecode = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** Resolves a link target written in `from`'s folder; null when it leaves the content root. */
export const resolveContentPath = (from: string, target: string): string | null => {
  const joined = posix.normalize(posix.join(posix.dirname(from), safeDecode(target)));
  return joined.startsWith('../') || joined === '..' || posix.isAbsolute(joined) ? null : joined;
};

/** The URL before its `#`, and the `#` part (empty when there is none). */
export const splitHash = (url: string): [string, string] => {
  const i = url.indexOf('#');
  return i === -1 ? [url, ''] : [url.slice(0, i), url.slice(i)];
};
