/** Optional announcement: closeable when configured; the client script remembers the dismissal. */

export function AnnouncementBar({ id, content, isCloseable }: { id: string; content: string; isCloseable?: boolean | undefined }) {
  return (
    <div className="announcement-bar" role="region" aria-label="Aankondiging" data-announcement-id={id}>
      <p className="announcement-content">{content}</p>
      {isCloseable ? <button type="button" className="announcement-close" data-announcement-close aria-label="Sluit de aankondiging">×</button> : null}
    </div>
  );
}
