/** Optional announcement: closeable when configured; the client script remembers the dismissal. */
import { parseFragment } from 'parse5';
import { fromParse5 } from 'hast-util-from-parse5';
import { defaultSchema, sanitize, type Schema } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import type { Root } from 'hast';

/**
 * What the configured text may hold, as in Docusaurus where it is HTML: text
 * and inline markup only, so it stays one line of phrasing content in its
 * paragraph. Links keep an address that is relative or http(s)/mailto (any
 * other scheme loses its href); other elements keep their text; script and
 * style go with their content.
 */
export const announcementSchema: Schema = {
  ...defaultSchema,
  tagNames: ['a', 'strong', 'em', 'b', 'i', 'code', 'br'],
  attributes: { a: ['href', 'title'] },
  protocols: { href: ['http', 'https', 'mailto'] },
  ancestors: {},
  required: {},
  clobber: [],
  strip: ['script', 'style'],
  allowComments: false,
  allowDoctypes: false,
};

/** The configured announcement as safe HTML. */
export const announcementHtml = (content: string): string =>
  toHtml(sanitize(fromParse5(parseFragment(content)) as Root, announcementSchema));

export function AnnouncementBar({ id, content, isCloseable }: { id: string; content: string; isCloseable?: boolean | undefined }) {
  return (
    <div className="announcement-bar" role="region" aria-label="Aankondiging" data-announcement-id={id}>
      {/* Sanitised above: the same route as every Markdown body (hast → HTML string). */}
      <p className="announcement-content" dangerouslySetInnerHTML={{ __html: announcementHtml(content) }} />
      {isCloseable ? <button type="button" className="announcement-close" data-announcement-close aria-label="Sluit de aankondiging">×</button> : null}
    </div>
  );
}
