/**
 * The announcement bar: closeable, dismissal remembered. When the configured
 * bar id differs from the stored one the dismissal resets; the legacy
 * misspelt key value ("docusaurus.announcement.dismiss" stored as "ture") is migrated.
 */
import { storage } from './storage.ts';

export const announcementKeys = { id: 'docusaurus.announcement.id', dismiss: 'docusaurus.announcement.dismiss' } as const;

/** The decision, separate from the DOM so it can be tested: is the bar dismissed for this id? */
export function dismissedFor(id: string): boolean {
  const dismiss = storage.get(announcementKeys.dismiss);
  if (dismiss === 'ture') storage.set(announcementKeys.dismiss, 'true');
  if (storage.get(announcementKeys.id) !== id) {
    storage.set(announcementKeys.id, id);
    storage.set(announcementKeys.dismiss, 'false');
    return false;
  }
  return storage.get(announcementKeys.dismiss) === 'true';
}

export function enhanceAnnouncement(root: Document): void {
  const bar = root.querySelector<HTMLElement>('[data-announcement-id]');
  if (!bar) return;
  if (dismissedFor(bar.dataset.announcementId ?? '')) bar.hidden = true;
  bar.querySelector('[data-announcement-close]')?.addEventListener('click', () => {
    storage.set(announcementKeys.dismiss, 'true');
    bar.hidden = true;
  });
}
