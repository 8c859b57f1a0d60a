/**
 * The theme's code the build draws with, handed to the stage graph as a value
 * (`ThemeCode` in pipeline/build.ts), as its files are: a page per route type,
 * the theme's part of every body, and the options the search index is built
 * with (the browser queries it with the same).
 */
import { routePages } from './pages/route-pages.tsx';
import { bodyTheme } from './shell/body-theme.tsx';
import { indexOptions } from './shared/search-options.ts';

export const themeCode = { pages: routePages, body: bodyTheme, searchIndex: indexOptions };
