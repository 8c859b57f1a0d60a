/** What the shell's parts (layout, navbar, footer) and the pages read from the site configuration alike. */
import type { PageContext } from '../../renderer/context.ts';

/** The site's tagline, with its `{product}` filled in. */
export const tagline = (ctx: PageContext) => ctx.site.config.tagline.replace('{product}', ctx.site.config.product);

/** The hosts that count as this site: a link to any other host is external. */
export const siteHosts = (ctx: PageContext): string[] => [new URL(ctx.site.config.url).host];
