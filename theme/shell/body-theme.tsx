/** The theme's words, icons and components for the renderer's page bodies (renderer/markdown.tsx). */
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement } from 'react';
import type { BodyTheme, ThemeMarkup } from '../../renderer/markdown.tsx';
import { takeovers } from '../../renderer/body/components.ts';
import { feedTakeovers } from '../../renderer/body/feed.ts';
import { memoSlot, type Components, type PageContext, type WrittenBodies } from '../../renderer/context.ts';
import { labels } from '../client/labels.ts';
import { AdmonitionIcon } from './icons.tsx';
import { NewTabHint } from './SmartLink.tsx';
import { mdxComponents } from '../mdx/index.ts';

/** An element with its HTML, rendered once: a body may hold many external links and admonitions, and React would render the same markup for every one. */
const markup = (element: ReactElement): ThemeMarkup => ({ html: renderToStaticMarkup(element), element });

/** A new body theme, with the site's own components (the same on every page of a build) and the bodies written before. */
export function newBodyTheme(siteComponents?: Components, written?: WrittenBodies): BodyTheme {
  const admonitionIcons = new Map<string, ThemeMarkup>();
  const theme: BodyTheme = {
    newTabHint: markup(<NewTabHint />),
    admonitionIcon: (type) => {
      let icon = admonitionIcons.get(type);
      if (icon === undefined) admonitionIcons.set(type, (icon = markup(<AdmonitionIcon type={type} />)));
      return icon;
    },
    labels,
    // The renderer's takeovers, and the components MDX content names (theme/mdx): built-ins, the site's own, unknown ones.
    components: (page) => mdxComponents({ docCards: page.docCards, siteComponents: page.context?.siteComponents ?? siteComponents }, takeovers(theme, page)),
    // A post in a feed: the feed's takeovers, and the same components as on its page (a post has no cards of its own).
    feedComponents: (page) => mdxComponents({ siteComponents }, feedTakeovers(page)),
    ...(written ? { written } : {}),
  };
  return theme;
}

const slot = memoSlot<BodyTheme>('body theme');

/** The body theme of the context's build, made by its first page with a body. */
export const bodyTheme = (ctx: Pick<PageContext, 'memo' | 'siteComponents' | 'bodies'>): BodyTheme => ctx.memo.get(slot, () => newBodyTheme(ctx.siteComponents, ctx.bodies));
