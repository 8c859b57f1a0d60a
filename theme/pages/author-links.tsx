/**
 * How an author links: the name to the author's page, else their own
 * address, else their e-mail address (as Docusaurus does); each social
 * profile under the network's own name. A `mailto:` link opens the mail
 * program, so it is no new tab and names no profile (`rel="me"`).
 */
import type { Author } from '../../pipeline/types.ts';
import { authorImagePath } from '../../pipeline/published.ts';
import type { PageContext } from '../../renderer/context.ts';
import { labels } from '../client/labels.ts';

/** The network names as the networks write them; another network shows as written in authors.yml. */
const networkNames: Readonly<Record<string, string>> = {
  x: 'X', twitter: 'Twitter', github: 'GitHub', gitlab: 'GitLab', linkedin: 'LinkedIn', bluesky: 'Bluesky',
  mastodon: 'Mastodon', stackoverflow: 'Stack Overflow', instagram: 'Instagram', threads: 'Threads',
  twitch: 'Twitch', youtube: 'YouTube', email: 'E-mail',
};

export const networkName = (network: string): string => networkNames[network.toLowerCase()] ?? network;

/** Where an author's name links to, or null. */
export const authorHref = (author: Author): string | null =>
  author.permalink ?? author.url ?? (author.email ? `mailto:${author.email.replace(/^mailto:/i, '')}` : null);

/**
 * An author's picture: a path relative to authors.yml (`./img/ada.png`) is a
 * file of the blog's folder, published with a hashed name; anything else (an
 * address, a path of a static folder such as `/img/ada.png`) as written.
 */
export function authorImage(ctx: PageContext, author: Author): string | null {
  if (!author.imageUrl) return null;
  return ctx.assetUrl(authorImagePath(ctx.site.config.layout, author.imageUrl)) ?? author.imageUrl;
}

/** An author's social profiles as a list. */
export function AuthorSocials({ author }: { author: Author }) {
  if (!author.socials.length) return null;
  return (
    <ul className="author-socials">
      {author.socials.map((s) => (
        <li key={s.network}>
          {/^mailto:/i.test(s.url)
            ? <a href={s.url}>{networkName(s.network)}</a>
            : <a href={s.url} target="_blank" rel="noopener noreferrer me">{networkName(s.network)}<span className="visually-hidden"> {labels.opensInNewTab}</span></a>}
        </li>
      ))}
    </ul>
  );
}
