/**
 * The announcement bar: closeable, the dismissal remembered
 * in browser storage. When the configured bar id differs from the stored one
 * the dismissal resets; the legacy misspelt id value "annoucement-bar" is
 * migrated to "announcement-bar". The keys are Docusaurus's, so a reader's
 * earlier dismissal carries over.
 *
 * theme/static/theme-init.js applies the same rule before first paint (the
 * class `announcement-dismissed` on <html>), so a dismissed bar never flashes.
 */
import { storage } from './storage.ts';

export const announcementKeys = { id: 'docusaurus.announcement.id', dismiss: 'docusaurus.announcement.dismiss' } as const;
export const legacyAnnouncementId = { misspelt: 'annoucement-bar', fixed: 'announcement-bar' } as const;
const dismissedClass = 'announcement-dismissed';

/**
 * Records that the reader has seen bar `id` and says whether they dismissed it.
 * A new id resets the dismissal; a dismiss value other than "true"/"false" is replaced.
 */
export function dismissedFor(id: string): boolean {
  let seen = storage.get(announcementKeys.id);
  if (seen === legacyAnnouncementId.misspelt) seen = legacyAnnouncementId.fixed;
  const isNew = seen !== id;
  if (storage.get(announcementKeys.id) !== id) storage.set(announcementKeys.id, id);
  const dismiss = storage.get(announcementKeys.dismiss);
  if (isNew || (dismiss !== 'true' && dismiss !== 'false')) {
    storage.set(announcementKeys.dismiss, 'false');
    return false;
  }
  return dismiss === 'true';
}

const enhanced = new WeakSet<Element>();

export function enhanceAnnouncement(root: Document): void {
  const html = root.documentElement;
  const bar = root.querySelector<HTMLElement>('[data-announcement-id]');
  const close = bar?.querySelector<HTMLButtonElement>('[data-announcement-close]');
  // Only a closeable bar can be dismissed.
  if (!bar || !close) { html.classList.remove(dismissedClass); return; }
  html.classList.toggle(dismissedClass, dismissedFor(bar.dataset.announcementId ?? ''));
  if (enhanced.has(close)) return;
  enhanced.add(close);
  close.addEventListener('click', () => {
    storage.set(announcementKeys.dismiss, 'true');
    html.classList.add(dismissedClass);
    // The focused button disappears. Its place in the tab order lies between the skip link and the
    // navbar: focus the skip link (always there, shown on focus), so the next Tab enters the navbar
    // as it would have from the bar, and the reader can still jump to the content. Focusing a navbar
    // link instead could pick one hidden behind the mobile menu button, which leaves focus on body.
    (root.querySelector<HTMLElement>('.skip-link') ?? root.getElementById('hoofdinhoud'))?.focus();
  });
}
