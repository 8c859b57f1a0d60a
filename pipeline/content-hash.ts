/**
 * The one hash of the build: it names published assets (`/assets/flow-3f2a9c1b.svg`)
 * and keys the caches, so the stages, the stores and the io edges share it.
 */
import { createHash } from 'node:crypto';

/** The first `length` hex digits of the SHA-256 of `data`. */
export const contentHash = (data: string | Uint8Array, length = 10): string =>
  createHash('sha256').update(data).digest('hex').slice(0, length);
