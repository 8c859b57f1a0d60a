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
} as const;

/** The package's file name of one face; also its key in the theme's files (`ctx.theme.files`). */
export const fontFile = (weight: number): string => `fira-sans-${siteFont.subset}-${weight}-normal.woff2`;
