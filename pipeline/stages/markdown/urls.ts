/**
 * URLs as authors write them in links, images and raw HTML: where a relative
 * one points. Which would run script and which leave the site is the one
 * rule of pipeline/safety/urls.ts.
 */
import { posix } from 'node:path';

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
