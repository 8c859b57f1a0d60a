/**
 * Stage: static files. The files of the static folders (`static/` in a
 * Docusaurus site) are published at the site root under their own names, as
 * they are: `static/img/logo.svg` → `/img/logo.svg`. Only an SVG passes the
 * same schema as the content's SVG files (assets.ts), so that no file on the
 * site runs script: a script file (`.js`, `.mjs`, `.cjs`, `.wasm`) is left
 * out, with a warning, because the site's Content-Security-Policy lets a page
 * load any script from its own host. An HTML file is published, as Docusaurus
 * does, but it is a page on the site's domain that no Markdown check has seen:
 * one warning lists them all so that a reviewer sees them, or, with
 * `static.html: error`, each one is an error. A static file that would take
 * the place of a page or a file the build makes is left out, with a warning.
 */
import { pipe } from 'fp-ts/function';
import { error, warning, startOfFile } from '../../problem.ts';
import { collect, failed, map, ok, tell, type Result } from '../../result.ts';
import type { AssetFile, OutputFile } from '../../types.ts';
import { publishedSvg } from '../assets.ts';

/** A static file as published: its site path (without the leading slash), its bytes, and its name in messages. */
export type StaticFile = OutputFile & { readonly data: Uint8Array; readonly display: string };

/** Code a browser would run, as static files name it. */
const scriptFile = /\.(m?js|cjs|wasm)$/i;

/** A page a browser would show on the site's domain. */
const htmlFile = /\.(html?|xhtml|xht)$/i;

/** What an HTML file in a static folder is: `static.html` in site.yml. */
export type StaticHtmlPolicy = 'warn' | 'error';

/** The one warning that lists the HTML files, or an error for each. */
function htmlProblems(files: ReadonlyArray<AssetFile>, policy: StaticHtmlPolicy) {
  const html = files.filter((f) => htmlFile.test(f.path));
  if (policy === 'error') {
    return html.map((f) => error('static-html', f.display, startOfFile,
      `Dit is een HTML-bestand in een statische map; de siteconfiguratie staat dat niet toe (static.html: error). Het zou als eigen pagina op het domein van de site komen, ongecontroleerd. Maak er een Markdown-pagina van, of haal het weg.`));
  }
  const [first, ...rest] = html;
  return first ? [warning('static-html', first.display, startOfFile,
    `${rest.length ? `Dit en ${rest.length} andere HTML-bestanden in statische mappen (${rest.map((f) => f.display).join(', ')}) worden` : 'Dit HTML-bestand in een statische map wordt'} ongewijzigd gepubliceerd, als eigen pagina op het domein van de site, zonder de controles van Markdown-pagina's. Kijk na wat erin staat. Zet static.html: error in site.yml om ze te weigeren.`)] : [];
}

/** Every static file, SVG files held to the SVG schema, script files left out, HTML files named (or refused). */
export function staticFiles(files: ReadonlyArray<AssetFile>, html: StaticHtmlPolicy = 'warn'): Result<ReadonlyArray<StaticFile>> {
  const published = html === 'error' ? files.filter((f) => !htmlFile.test(f.path)) : files;
  return pipe(published, collect((file): Result<StaticFile> => scriptFile.test(file.path)
    ? failed([warning('static-script-ignored', file.display, startOfFile,
      'Dit is een script in een statische map. De build publiceert geen scripts uit de content: op de site zou elke pagina het mogen laden. Haal het bestand weg; wat het script deed, hoort in het thema.')])
    : /\.svg$/i.test(file.path)
    ? pipe(publishedSvg(file), map((data) => ({ path: file.path, data, display: file.display })))
    : ok({ path: file.path, data: file.bytes, display: file.display })), tell(htmlProblems(files, html)));
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
