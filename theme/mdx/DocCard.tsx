/**
 * Docusaurus' `<DocCard item={…} />`: one card, with the markup and look of
 * the cards `::doc-card-list` and the category pages show
 * (`CategoryCards` in theme/pages/DocsPages.tsx): a list of one.
 */
import { urlKind } from '../../pipeline/safety/urls.ts';

/** A card as Docusaurus' `item` describes it. */
export interface DocCardItem {
  readonly type?: string;
  readonly href?: string;
  readonly label?: string;
  readonly description?: string;
}

/**
 * A link target a card may have: a path, a fragment or an http(s) or mailto
 * address, by the one URL rule. `item` is an object literal: the markdown
 * stage checks its `href` as a link, and this keeps anything else unlinked.
 */
export function safeHref(href: unknown): string | undefined {
  if (typeof href !== 'string') return undefined;
  const kind = urlKind(href);
  return kind.kind === 'site' || (kind.kind === 'external' && (kind.scheme === null || ['https', 'http', 'mailto'].includes(kind.scheme))) ? href : undefined;
}

export function DocCard({ item }: { item?: DocCardItem }) {
  if (!item || typeof item !== 'object') return null;
  const href = safeHref(item.href);
  const label = typeof item.label === 'string' ? item.label : href ?? '';
  return (
    <ul className="cards doc-card">
      <li className="card">
        <h2 className="card-title">{href ? <a href={href}>{label}</a> : label}</h2>
        {typeof item.description === 'string' && item.description ? <p className="card-description">{item.description}</p> : null}
      </li>
    </ul>
  );
}
