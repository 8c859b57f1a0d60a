/**
 * Stage: assets. Every image or file in the content tree gets a content-hashed
 * public URL and, for images, its intrinsic size (so pages never shift). An
 * SVG is published as the SVG schema keeps it (svg-sanitize.ts): one that
 * needs scripting is an error, and the URL hashes the bytes published.
 */
import { pipe } from 'fp-ts/function';
import { imageSize } from 'image-size';
import { error, startOfFile } from '../problem.ts';
import { collect, map, ok, withProblems, type Result } from '../result.ts';
import type { AssetFile } from '../types.ts';
import { contentHash } from '../content-hash.ts';
import { judgeSvgFile, sanitizedSvgFile, type JudgedSvgFile } from './svg-sanitize.ts';

export interface Asset {
  /** Path inside the content root: `blog/img/flow.svg`. */
  readonly path: string;
  /** Public URL: `/assets/flow-3f2a9c1b.svg`. */
  readonly url: string;
  readonly width: number | null;
  readonly height: number | null;
  /** What is published: the file as read, or an SVG as sanitised. */
  readonly bytes: Uint8Array;
}

export type Assets = ReadonlyMap<string, Asset>;

function dimensions(bytes: Uint8Array): { width: number | null; height: number | null } {
  try {
    const size = imageSize(bytes);
    return { width: size.width ?? null, height: size.height ?? null };
  } catch {
    return { width: null, height: null };
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The text of UTF-8 bytes, or null when they are not UTF-8. */
function utf8Text(bytes: Uint8Array): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

const encoded = (text: string): Uint8Array => new TextEncoder().encode(text);

/**
 * The bytes an SVG file is published as: as written when the schema keeps it
 * whole, else sanitised. An error when it needs scripting, or is not UTF-8
 * (the HTML parser that judges it would not read it as the browser's XML
 * parser does); either way what is published holds no script.
 */
export function publishedSvg(file: AssetFile, judge: SvgJudge = judgeSvgFile): Result<Uint8Array> {
  const text = utf8Text(file.bytes);
  if (text === null) {
    return withProblems(encoded(sanitizedSvgFile(new TextDecoder().decode(file.bytes))), [error('unsafe-svg', file.display, startOfFile,
      'Dit SVG-bestand is geen UTF-8, zodat de build het niet op script kan controleren. Sla het op als UTF-8.')]);
  }
  const { scripting, sanitized } = judge(text, file.path);
  return withProblems(sanitized === null ? file.bytes : encoded(sanitized), scripting.length === 0 ? [] : [error('unsafe-svg', file.display, startOfFile,
    `Dit SVG-bestand heeft script nodig (${scripting.join('; ')}) en wordt geweigerd: een SVG op de site draait nooit script. Haal het script weg; een afbeelding tekent zonder.`)]);
}

/** One asset at its public URL. */
function asset(file: AssetFile, judge: SvgJudge): Result<Asset> {
  const name = file.path.split('/').pop() ?? file.path;
  const dot = name.lastIndexOf('.');
  const stem = (dot > 0 ? name.slice(0, dot) : name).replace(/[^a-zA-Z0-9_-]/g, '-');
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : 'bin';
  const published = ext === 'svg' ? publishedSvg(file, judge) : ok(file.bytes);
  return pipe(published, map((bytes): Asset => ({
    path: file.path,
    url: `/assets/${stem}-${contentHash(bytes)}.${ext}`,
    ...dimensions(bytes),
    bytes,
  })));
}

/**
 * How an SVG's text is judged: `judgeSvgFile`, or its result kept from an
 * earlier build under the text (judging the site's 19 SVGs cost a warm build
 * about 45 ms, most of it parse5 with a cold JIT).
 */
export type SvgJudge = (text: string, path: string) => JudgedSvgFile;

/** Every asset by its path in the content root. */
export function hashAssets(files: ReadonlyArray<AssetFile>, judge: SvgJudge = judgeSvgFile): Result<Assets> {
  return pipe(files, collect((file) => asset(file, judge)), map((assets): Assets => new Map(assets.map((a) => [a.path, a]))));
}
