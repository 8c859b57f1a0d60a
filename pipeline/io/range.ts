/**
 * The part of a file a `Range` header asks for (RFC 9110 section 14), as data
 * the preview server acts on. Pure: the header text and the file's size in,
 * one of three answers out, for any header a client can send.
 *
 * Only a single range is served. RFC 9110 section 14.2 lets a server ignore
 * the header, so everything it does not serve means "the whole file, 200":
 * no header, another unit (`items=0-5`), a malformed range-set (`bytes=abc`,
 * `bytes=--5`, `bytes=-`), an invalid range whose last byte comes before its
 * first (`bytes=5-4`), several ranges. A well-formed range that starts past
 * the end, or a suffix of 0 bytes, is unsatisfiable: 416.
 */

export type ByteRange =
  | { readonly kind: 'whole' }
  /** Bytes `start` to `end`, both included, within the file. */
  | { readonly kind: 'part'; readonly start: number; readonly end: number }
  | { readonly kind: 'unsatisfiable' };

const whole: ByteRange = { kind: 'whole' };
const unsatisfiable: ByteRange = { kind: 'unsatisfiable' };

/** Without HTTP's optional whitespace: spaces and tabs only (String.trim would also take U+00A0 and line breaks). */
const withoutOws = (s: string): string => s.replace(/^[ \t]+|[ \t]+$/g, '');

/**
 * Compares two decimal digit strings exactly, however long: `Number` rounds
 * above 2^53, where `bytes=9007199254740993-9007199254740992` would compare equal.
 */
function compareDigits(a: string, b: string): number {
  const x = a.replace(/^0+(?=.)/, '');
  const y = b.replace(/^0+(?=.)/, '');
  if (x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The range of a file of `size` bytes that `header` (the `Range` header, if any) asks for. */
export function byteRange(header: string | undefined, size: number): ByteRange {
  if (header === undefined) return whole;
  const equals = header.indexOf('=');
  // The unit is case-insensitive (section 14.1); any unit but bytes is ignored (section 14.2).
  if (equals < 0 || header.slice(0, equals).toLowerCase() !== 'bytes') return whole;
  // A range-set is a comma list; empty elements and the whitespace around them do not count (section 5.6.1).
  const specs = header.slice(equals + 1).split(',').map(withoutOws).filter((s) => s !== '');
  if (specs.length !== 1) return whole;
  const spec = /^([0-9]*)-([0-9]*)$/.exec(specs[0] ?? '');
  if (!spec) return whole;
  const [, first = '', last = ''] = spec;
  if (first === '') {
    if (last === '') return whole;
    // suffix-range: the last N bytes; a suffix of 0 bytes selects nothing.
    if (/^0+$/.test(last)) return unsatisfiable;
    // An empty file has no bytes to send in part: it is sent whole.
    if (size === 0) return whole;
    const length = Number(last);
    return { kind: 'part', start: Math.max(0, size - length), end: size - 1 };
  }
  if (last !== '' && compareDigits(last, first) < 0) return whole;
  // Exact for any size a file can have (below 2^53): a longer first-pos is past the end anyway.
  const start = Number(first);
  if (start >= size) return unsatisfiable;
  return { kind: 'part', start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/**
 * Whether a range may be served under `If-Range` (RFC 9110 section 13.1.5):
 * only if the client's validator still names this file. An entity tag must
 * match strongly, so a weak one (`W/"…"`, all the preview server makes) never
 * does; a date must equal `Last-Modified` exactly. Without the header: yes.
 */
export function ifRangeHolds(ifRange: string | undefined, validators: { readonly etag?: string | undefined; readonly lastModified?: string | undefined }): boolean {
  if (ifRange === undefined) return true;
  const value = withoutOws(ifRange);
  if (value.startsWith('W/')) return false;
  if (value.startsWith('"')) return validators.etag !== undefined && !validators.etag.startsWith('W/') && value === validators.etag;
  return validators.lastModified !== undefined && value === validators.lastModified;
}
