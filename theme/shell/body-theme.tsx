/** The theme's words and icons for the renderer's page bodies (renderer/markdown.tsx). */
import { renderToStaticMarkup } from 'react-dom/server';
import type { BodyTheme } from '../../renderer/markdown.tsx';
import { memoSlot, type PageContext } from '../../renderer/context.ts';
import { labels } from '../client/labels.ts';
import { AdmonitionIcon } from './icons.tsx';
import { NewTabHint } from './SmartLink.tsx';

/**
 * A new body theme. Its icons are rendered once each: a body may hold many
 * external links and admonitions, and React would render the same markup
 * for every one of them.
 */
export function newBodyTheme(): BodyTheme {
  const admonitionIcons = new Map<string, string>();
  return {
    newTabHint: renderToStaticMarkup(<NewTabHint />),
    admonitionIcon: (type) => {
      let icon = admonitionIcons.get(type);
      if (icon === undefined) admonitionIcons.set(type, (icon = renderToStaticMarkup(<AdmonitionIcon type={type} />)));
      return icon;
    },
    labels,
  };
}

const slot = memoSlot<BodyTheme>('body theme');

/** The body theme of the context's build, made by its first page with a body. */
export const bodyTheme = (ctx: PageContext): BodyTheme => ctx.memo.get(slot, newBodyTheme);
