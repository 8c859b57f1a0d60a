/**
 * Stage: assets. Every image or file in the content tree gets a content-hashed
 * public URL and, for images, its intrinsic size (so pages never shift).
 */
import { createHash } from 'node:crypto';
import { imageSize } from 'image-size';
import type { AssetFile } from '../types.ts';

export interface Asset {
  /** Path inside the content root: `blog/img/flow.svg`. */
  readonly path: string;
  /** Public URL: `/assets/flow-3f2a9c1b.svg`. */
  readonly url: string;
  readonly width: number | null;
  readonly height: number | null;
  readonly bytes: Uint8Array;
}

export type Assets = ReadonlyMap<string, Asset>;

export const contentHash = (data: string | Uint8Array, length = 10): string =>
  createHash('sha256').update(data).digest('hex').slice(0, length);

function dimensions(bytes: Uint8Array): { width: number | null; height: number | null } {
  try {
    const size = imageSize(bytes);
    return { width: size.width ?? null, height: size.height ?? null };
  } catch {
    return { width: null, height: null };
  }
}

export function hashAssets(files: ReadonlyArray<AssetFile>): Assets {
  const assets = new Map<string, Asset>();
  for (const file of files) {
    const name = file.path.split('/').pop() ?? file.path;
    const dot = name.lastIndexOf('.');
    const stem = (dot > 0 ? name.slice(0, dot) : name).replace(/[^a-zA-Z0-9_-]/g, '-');
    const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : 'bin';
    assets.set(file.path, {
      path: file.path,
      url: `/assets/${stem}-${contentHash(file.bytes)}.${ext}`,
      ...dimensions(file.bytes),
      bytes: file.bytes,
    });
  }
  return assets;
}
