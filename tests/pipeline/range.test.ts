/**
 * The preview server's Range parser and preconditions (pipeline/io/range.ts,
 * pipeline/io/preconditions.ts): the RFC 9110 cases one by one, and a property
 * over generated headers: whatever the header, the answer is whole, 416, or a
 * range inside the file, and it never throws.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { byteRange, ifRangeHolds } from '../../pipeline/io/range.ts';
import { isNotModified } from '../../pipeline/io/preconditions.ts';

const test = suite('server: Range and preconditions');

const part = (start: number, end: number) => ({ kind: 'part', start, end });
const whole = { kind: 'whole' };
const unsatisfiable = { kind: 'unsatisfiable' };

test('byteRange: single ranges within, across and past the end', () => {
  const cases: Array<[string, object]> = [
    ['bytes=0-0', part(0, 0)], ['bytes=5-14', part(5, 14)], ['bytes=3-', part(3, 99)], ['bytes=-20', part(80, 99)],
    ['bytes=-100', part(0, 99)], ['bytes=-1000', part(0, 99)], ['bytes=99-99', part(99, 99)], ['bytes=0-18446744073709551616', part(0, 99)],
    ['BYTES=1-2', part(1, 2)], ['bytes=007-8', part(7, 8)], ['bytes= 1-2 ', part(1, 2)], ['bytes=,1-2,', part(1, 2)], ['bytes=1-2, ,', part(1, 2)],
    ['bytes=100-', unsatisfiable], ['bytes=100-200', unsatisfiable], ['bytes=18446744073709551616-', unsatisfiable], ['bytes=-0', unsatisfiable],
    ['bytes=-000', unsatisfiable],
  ];
  for (const [header, expected] of cases) assert.equal(byteRange(header, 100), expected, header);
});

test('byteRange: malformed, other units, invalid and multiple ranges are ignored (the whole file)', () => {
  const ignored = [
    undefined, '', 'bytes=abc', 'items=0-5', 'bytes=--5', 'bytes=5-4', 'bytes=100-50', 'bytes=-', 'bytes=', '=0-5', 'bytes 0-5', 'bytes =0-5',
    'bytes=0-1,5-6', 'bytes=1-2-3', 'bytes=0x10-0x20', 'bytes=-1-', 'bytes=+1-2', 'bytes=1.5-2', 'bytes=1e3-', 'bytes=\u00a05-6', 'bytes=5-6\n',
    'bytes=\uff15-6', 'bytes=9007199254740993-9007199254740992',
  ];
  for (const header of ignored) assert.equal(byteRange(header, 100), whole, String(header));
});

test('byteRange: an empty file is sent whole, and nothing of it can be asked for', () => {
  assert.equal(byteRange('bytes=-5', 0), whole);
  assert.equal(byteRange('bytes=0-', 0), unsatisfiable);
  assert.equal(byteRange('bytes=0-0', 0), unsatisfiable);
});

test('byteRange: any header, any size: whole, unsatisfiable, or a range inside the file (property)', () => {
  const piece = fc.oneof(fc.constantFrom('bytes', 'Bytes', 'items', '=', '-', ',', ' ', '\t', '0', '18446744073709551616', 'abc'), fc.nat({ max: 5000 }).map(String), fc.string({ maxLength: 4 }));
  fc.assert(fc.property(fc.array(piece, { maxLength: 12 }).map((xs) => xs.join('')), fc.nat({ max: 4096 }), (header, size) => {
    const range = byteRange(header, size);
    if (range.kind !== 'part') return true;
    return Number.isInteger(range.start) && Number.isInteger(range.end) && range.start >= 0 && range.start <= range.end && range.end < size;
  }), { numRuns: 2000 });
});

test('ifRangeHolds: a weak tag never matches, a date must equal Last-Modified', () => {
  const validators = { etag: 'W/"10-1700000000000"', lastModified: 'Tue, 14 Nov 2023 22:13:20 GMT' };
  assert.ok(ifRangeHolds(undefined, validators));
  assert.not.ok(ifRangeHolds('W/"10-1700000000000"', validators));
  assert.not.ok(ifRangeHolds('"10-1700000000000"', validators));
  assert.ok(ifRangeHolds('Tue, 14 Nov 2023 22:13:20 GMT', validators));
  assert.not.ok(ifRangeHolds('Tue, 14 Nov 2023 22:13:21 GMT', validators));
  assert.not.ok(ifRangeHolds('Tue, 14 Nov 2023 22:13:20 GMT', {}));
  assert.ok(ifRangeHolds('"sterk"', { etag: '"sterk"' }));
});

test('isNotModified: If-None-Match by weak comparison first, If-Modified-Since only without it', () => {
  const modified = new Date('2023-11-14T22:13:20.500Z');
  const file = { etag: 'W/"10-1700000000500"', modified };
  assert.ok(isNotModified('GET', { 'if-none-match': 'W/"10-1700000000500"' }, file));
  assert.ok(isNotModified('GET', { 'if-none-match': '"10-1700000000500"' }, file));
  assert.ok(isNotModified('GET', { 'if-none-match': '"x", W/"10-1700000000500"' }, file));
  assert.ok(isNotModified('GET', { 'if-none-match': '*' }, file));
  assert.not.ok(isNotModified('GET', { 'if-none-match': 'W/"0-0"', 'if-modified-since': modified.toUTCString() }, file), 'If-None-Match wins');
  assert.ok(isNotModified('HEAD', { 'if-modified-since': 'Tue, 14 Nov 2023 22:13:20 GMT' }, file), 'whole seconds');
  assert.not.ok(isNotModified('GET', { 'if-modified-since': 'Tue, 14 Nov 2023 22:13:19 GMT' }, file));
  assert.not.ok(isNotModified('GET', { 'if-modified-since': 'geen datum' }, file));
  assert.not.ok(isNotModified('GET', { 'if-none-match': '*' }, {}), 'a file from memory has no validators');
  assert.not.ok(isNotModified('GET', { 'if-modified-since': modified.toUTCString() }, {}));
});

test.run();
