/**
 * Docusaurus' `<DocCard item={…} />`: one card, with the markup and look of
 * the cards `::doc-card-list` and the category pages show
 * (`CategoryCards` in theme/pages/DocsPages.tsx): a list of one.
 */

/** A card as Docusaurus' `item` describes it. */
export interface DocCardItem {
  readonly type?: string;
  readonly href?: string;
  readonly label?: string;
  readonly description?: string;
}

/**
 * A link target a card may have: a path, a fragment or an http(s) or mailto
 * address. `item` is an object literal, so the URL rules the markdown stage
 * applies to attributes never saw it; anything else gets no link.
 */
export function safeHref(href: unknown): string | undefined {
  if (typeof href !== 'string') return undefined;
  // What browsers ignore before a scheme: control characters and whitespace.
  const plain = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (plain === '' || /^[/#?.]/.test(plain)) return href;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(plain)?.[1]?.toLowerCase();
  return scheme === undefined || scheme === 'https' || scheme === 'http' || scheme === 'mailto' ? href : undefined;
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
