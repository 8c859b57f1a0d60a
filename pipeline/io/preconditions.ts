/**
 * Whether a client's cached copy is still current, so the preview server
 * answers 304 without a body (RFC 9110 section 13.2.2). Pure: request headers
 * and the file's validators in, a yes or no out.
 */
import type { IncomingHttpHeaders } from 'node:http';

/** The validators the server sends with a file; a file from memory has none. */
export interface Validators {
  readonly etag?: string | undefined;
  readonly modified?: Date | undefined;
}

/** `W/"x"` and `"x"` are the same tag under the weak comparison `If-None-Match` uses. */
const opaque = (tag: string): string => tag.replace(/^[ \t]+|[ \t]+$/g, '').replace(/^W\//, '');

/**
 * `If-None-Match` wins when present (by weak comparison, `*` matching any
 * file); `If-Modified-Since` counts only without it and for GET or HEAD, and
 * holds when the file is not newer than the date (HTTP dates have whole seconds).
 */
export function isNotModified(method: string, headers: IncomingHttpHeaders, file: Validators): boolean {
  const match = headers['if-none-match'];
  if (match !== undefined) {
    if (file.etag === undefined) return false;
    const tag = opaque(file.etag);
    return match.split(',').some((candidate) => opaque(candidate) === '*' || opaque(candidate) === tag);
  }
  const since = headers['if-modified-since'];
  if (since === undefined || file.modified === undefined || (method !== 'GET' && method !== 'HEAD')) return false;
  const date = Date.parse(since);
  return !Number.isNaN(date) && Math.floor(file.modified.getTime() / 1000) * 1000 <= date;
}
