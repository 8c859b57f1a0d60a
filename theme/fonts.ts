/**
 * The site font, self-hosted: Fira Sans (SIL Open Font License 1.1) from
 * @fontsource/fira-sans, Latin subset, woff2 only. The weights are the two
 * the design tokens use (`--op-text-font-weight-regular` and `-bold` in
 * theme/tokens.css). pipeline/io/theme.ts copies each file to assets/ under a
 * content-hashed name and writes its @font-face rule; theme/shell/Layout.tsx
 * preloads the regular face, which every page needs for its first paint.
 * No imports: the theme loader and the page head both read this.
 */
export const siteFont = {
  family: 'Fira Sans',
  package: '@fontsource/fira-sans',
  subset: 'latin',
  weights: [400, 600],
  preload: 400,
  /**
   * Shown until the font has loaded: Arial (or its metric twins Liberation
   * Sans and Helvetica), scaled per weight to Fira Sans's width on our text,
   * so lines wrap the same before and after the swap. Measured in Chromium
   * on an article: Fira Sans 400 is 1.1 % wider than Arial, Fira Sans 600
   * 4.9 % narrower than Arial Bold. (DejaVu Sans, Linux's system font, is
   * 12 to 26 % wider: text jumped when the font arrived.)
   */
  fallback: {
    family: 'Fira Sans fallback',
    faces: [
      { weight: 400, local: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Helvetica'], sizeAdjust: '101.1%' },
      { weight: 600, local: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'LiberationSans-Bold', 'Helvetica Bold', 'Helvetica-Bold'], sizeAdjust: '95.1%' },
    ],
  },
} as const;

/** The package's file name of one face; also its key in the theme's files (`ctx.theme.files`). */
export const fontFile = (weight: number): string => `fira-sans-${siteFont.subset}-${weight}-normal.woff2`;
