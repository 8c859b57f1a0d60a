/** Links that say when they leave the site, in the shell and in a body alike. */
import type { ComponentProps } from 'react';
import { isExternal } from '../../renderer/markdown.tsx';
import { labels } from '../client/labels.ts';
import { ExternalIcon } from './icons.tsx';

/** What follows the text of a link that leaves the site. */
export const NewTabHint = () => (
  <>
    <ExternalIcon />
    <span className="visually-hidden"> {labels.opensInNewTab}</span>
  </>
);

/** A link that leaves the site opens in a new tab and says so (spec: "(opens in new tab)"). */
export function SmartLink({ href, children, siteHosts, className, ...rest }: ComponentProps<'a'> & { siteHosts: ReadonlyArray<string> }) {
  if (!isExternal(href, siteHosts)) return <a href={href} className={className} {...rest}>{children}</a>;
  return (
    <a {...rest} href={href} className={className ? `${className} external` : 'external'} target="_blank" rel="noopener noreferrer">
      {children}
      <NewTabHint />
    </a>
  );
}
