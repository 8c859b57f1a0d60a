/**
 * The search modal's ways in, in the first-load bundle: a few hundred bytes. The modal itself
 * (search-modal.ts, with MiniSearch) loads on first use. It opens on Ctrl+K or Cmd+K (again:
 * closes), `/` outside inputs, a letter or digit typed while the navbar's search button or link
 * has focus, and a click on the search button (the navbar shows one when no search page is set).
 */
type Modal = typeof import('./search-modal.ts');

const editable = (el: EventTarget | null) => el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

/** Installed once: the listeners sit on the document, which client-side navigation keeps. */
export function installSearchShortcut(root: Document): void {
  let modal: Promise<Modal> | null = null;
  /** Text typed while the chunk loads (null: not loading), so no keystroke is lost. */
  let typed: string | null = null;

  const open = (query: string, toggle: boolean) => {
    const trigger = root.querySelector<HTMLElement>('[data-search-modal]');
    if (!trigger) return;
    if (typed !== null) { typed += query; return; }
    typed = query;
    const opener = root.activeElement instanceof HTMLElement ? root.activeElement : null;
    (modal ??= import('./search-modal.ts')).then((m) => {
      const text = typed ?? '';
      typed = null;
      if (toggle && m.isOpen()) m.closeSearchModal();
      else m.openSearchModal({ trigger, opener, query: text });
    }, (error: unknown) => {
      typed = null;
      modal = null;
      console.error('Laden van "zoeken" mislukt', error);
      // Without the modal the search page still works, when there is one.
      const page = trigger.dataset.searchPage;
      if (page) location.assign(`${page}?q=${encodeURIComponent(query)}`);
    });
  };

  root.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.isComposing) return;
    const { key } = e;
    if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && key.toLowerCase() === 'k') {
      e.preventDefault();
      open('', true);
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey || key.length !== 1) return;
    if (typed !== null) { e.preventDefault(); typed += key; return; }
    const target = e.target as Element | null;
    if (key === '/' && !editable(target) && !target?.closest?.('[role="dialog"]')) {
      e.preventDefault();
      open('', false);
    } else if (/^[\p{L}\p{N}]$/u.test(key) && target?.matches?.('[data-search-modal]')) {
      e.preventDefault();
      open(key, false);
    }
  });

  root.addEventListener('click', (e) => {
    if (e.defaultPrevented || !(e.target as Element | null)?.closest?.('button[data-search-modal]')) return;
    e.preventDefault();
    open('', false);
  });
}
