/**
 * Stage: static files. The files of the static folders (`static/` in a
 * Docusaurus site) are published at the site root under their own names, as
 * they are: `static/img/logo.svg` → `/img/logo.svg`. Only an SVG passes the
 * same schema as the content's SVG files (assets.ts), so that no file on the
 * site runs script: a script file (`.js`, `.mjs`, `.cjs`, `.wasm`) is left
 * out, with a warning, because the site's Content-Security-Policy lets a page
 * load any script from its own host. A static file that would take the place
 * of a page or a file the build makes is left out, with a warning.
 */
import { pipe } from 'fp-ts/function';
import { warning, startOfFile } from '../../problem.ts';
import { collect, failed, map, ok, type Result } from '../../result.ts';
import type { AssetFile, OutputFile } from '../../types.ts';
import { publishedSvg } from '../assets.ts';

/** A static file as published: its site path (without the leading slash), its bytes, and its name in messages. */
export type StaticFile = OutputFile & { readonly data: Uint8Array; readonly display: string };

/** Code a browser would run, as static files name it. */
const scriptFile = /\.(m?js|cjs|wasm)$/i;

/** Every static file, SVG files held to the SVG schema, script files left out. */
export function staticFiles(files: ReadonlyArray<AssetFile>): Result<ReadonlyArray<StaticFile>> {
  return pipe(files, collect((file): Result<StaticFile> => scriptFile.test(file.path)
    ? failed([warning('static-script-ignored', file.display, startOfFile,
      'Dit is een script in een statische map. De build publiceert geen scripts uit de content: op de site zou elke pagina het mogen laden. Haal het bestand weg; wat het script deed, hoort in het thema.')])
    : /\.svg$/i.test(file.path)
    ? pipe(publishedSvg(file), map((data) => ({ path: file.path, data, display: file.display })))
    : ok({ path: file.path, data: file.bytes, display: file.display })));
}

/**
 * The static files that take no other file's place: `taken` holds the paths
 * of what the build makes itself (pages, feeds, assets), which win.
 */
export function placedStaticFiles(files: ReadonlyArray<StaticFile>, taken: ReadonlySet<string>): Result<ReadonlyArray<OutputFile>> {
  return collect((file: StaticFile): Result<OutputFile> => (taken.has(file.path)
    ? failed([warning('duplicate-route', file.display, startOfFile,
      `Het statische bestand /${file.path} valt samen met een bestand dat de build zelf maakt; het wordt niet gepubliceerd. Geef het een andere naam of zet het in een andere map.`)])
    : ok({ path: file.path, data: file.data })))(files);
}
