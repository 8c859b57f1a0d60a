/**
 * Texts sent from a worker thread as bytes that are moved, not copied.
 *
 * `postMessage` copies a string into the message and copies it again into a
 * string of the receiving thread, while the sender still holds its own. For
 * the search index at 30× our content (27 MB of index, 29 MB of terms) the
 * copies were the worker's largest allocation, at the moment the whole
 * process peaked (docs/performance.md, "Geheugen bij 30× en 100×"). A
 * worker writes each text into chunks as it is made, and transfers the
 * chunks' buffers; the receiver decodes them once.
 */

/** One chunk: its bytes, and where each text in it ends. */
export interface TextChunk {
  readonly buffer: ArrayBuffer;
  readonly ends: ReadonlyArray<number>;
}

/** Chunk size: small enough that the unused end of the last chunk does not matter, large enough to be few. */
const chunkBytes = 4 * 1024 * 1024;

/** Texts written one after another into chunks, each text whole in one chunk. */
export class TextChunks {
  private readonly chunks: Array<{ bytes: Buffer; ends: number[] }> = [];
  private used = 0;

  /** `latin1` only for texts whose characters are all at most U+00FF (the search index, `narrow`). */
  constructor(private readonly encoding: 'utf8' | 'latin1') {}

  add(text: string): void {
    const length = this.encoding === 'latin1' ? text.length : Buffer.byteLength(text, 'utf8');
    let chunk = this.chunks[this.chunks.length - 1];
    if (!chunk || this.used + length > chunk.bytes.length) {
      chunk = { bytes: Buffer.from(new ArrayBuffer(Math.max(chunkBytes, length))), ends: [] };
      this.chunks.push(chunk);
      this.used = 0;
    }
    this.used += chunk.bytes.write(text, this.used, this.encoding);
    chunk.ends.push(this.used);
  }

  /** The chunks, to be sent with their buffers in the transfer list; this writer is empty after. */
  take(): TextChunk[] {
    const taken = this.chunks.splice(0).map(({ bytes, ends }) => ({ buffer: bytes.buffer as ArrayBuffer, ends }));
    this.used = 0;
    return taken;
  }
}

/** The buffers of `chunks`, for `postMessage`'s transfer list. */
export const transferList = (chunks: ReadonlyArray<TextChunk>): ArrayBuffer[] => chunks.map((chunk) => chunk.buffer);

/** Every text of `chunks`, in the order they were added. */
export function textsOf(chunks: ReadonlyArray<TextChunk>, encoding: 'utf8' | 'latin1'): string[] {
  const texts: string[] = [];
  for (const { buffer, ends } of chunks) {
    const bytes = Buffer.from(buffer);
    let start = 0;
    for (const end of ends) {
      texts.push(bytes.toString(encoding, start, end));
      start = end;
    }
  }
  return texts;
}

/** All texts of `chunks` as one: each chunk decoded whole. */
export function joinedText(chunks: ReadonlyArray<TextChunk>, encoding: 'utf8' | 'latin1'): string {
  return chunks.map(({ buffer, ends }) => Buffer.from(buffer).toString(encoding, 0, ends[ends.length - 1] ?? 0)).join('');
}
