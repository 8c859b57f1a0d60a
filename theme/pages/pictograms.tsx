/**
 * The home tiles' pictograms: our own line drawings on a 48-unit grid, one
 * stroke width, round ends, drawn in `currentColor` so the stylesheet gives
 * them the government blue (and a lighter blue in dark mode). They sit beside
 * a visible title, so they are decorative: hidden from assistive technology
 * and never a tab stop.
 */
import type { ReactNode } from 'react';
import type { TilePictogram } from '../../pipeline/model.ts';

/** The tiles' pictograms, and a magnifier for the not-found page. */
export type PictogramName = TilePictogram | 'search';

const shapes: Record<PictogramName, ReactNode> = {
  // An open book with lines of text on both pages.
  kennisbank: (
    <>
      <path d="M24 13c-4-3-10-4-17-3v27c7-1 13 0 17 3 4-3 10-4 17-3V10c-7-1-13 0-17 3z" />
      <path d="M24 13v27M12 17h7M12 22h7M12 27h5M29 17h7M29 22h7M29 27h5" />
    </>
  ),
  // Steps up to a flag: a route you follow one step at a time.
  tutorial: (
    <>
      <path d="M6 41h10v-8h10v-8h10v-8h6" />
      <path d="M36 17V5l8 3.5-8 3.5" />
    </>
  ),
  // A plug and its cable: systems that connect.
  api: (
    <>
      <path d="M19 6v8M29 6v8M14 14h20v7a10 10 0 0 1-20 0z" />
      <path d="M24 31v4a6 6 0 0 0 6 6h10" />
    </>
  ),
  // Code brackets: source code to read and reuse.
  opensource: <path d="M16 14 6 24l10 10M32 14l10 10-10 10M27 9l-6 30" />,
  // Three people side by side.
  communities: (
    <>
      <circle cx="24" cy="15" r="5" />
      <path d="M14 39v-3a10 10 0 0 1 20 0v3" />
      <circle cx="11" cy="20" r="4" />
      <path d="M4 37v-1a7 7 0 0 1 9.5-6.5" />
      <circle cx="37" cy="20" r="4" />
      <path d="M44 37v-1a7 7 0 0 0-9.5-6.5" />
    </>
  ),
  // A speech bubble with lines of text.
  blog: (
    <>
      <path d="M9 8h30a3 3 0 0 1 3 3v19a3 3 0 0 1-3 3H21l-8 7v-7H9a3 3 0 0 1-3-3V11a3 3 0 0 1 3-3z" />
      <path d="M14 17h20M14 24h13" />
    </>
  ),
  // A magnifier over a page that is not there.
  search: (
    <>
      <circle cx="20" cy="20" r="12" />
      <path d="m29 29 13 13M16 16l8 8M24 16l-8 8" />
    </>
  ),
};

export function Pictogram({ name }: { name: PictogramName }) {
  return (
    <svg className="pictogram" viewBox="0 0 48 48" width="48" height="48" fill="none" stroke="currentColor" strokeWidth="2"
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {shapes[name]}
    </svg>
  );
}
