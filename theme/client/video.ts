/** Video placeholders become an iframe only after a click (no third-party request before that). */
export function enhanceVideoEmbeds(root: Document): void {
  for (const embed of root.querySelectorAll<HTMLElement>('[data-embed-src]')) {
    const link = embed.querySelector('a');
    link?.addEventListener('click', (e) => {
      e.preventDefault();
      const frame = document.createElement('iframe');
      frame.src = embed.dataset.embedSrc ?? '';
      frame.title = link.textContent?.replace(' (opent in een nieuw tabblad)', '') ?? 'Video';
      frame.allow = 'autoplay; fullscreen; picture-in-picture';
      frame.setAttribute('allowfullscreen', '');
      embed.replaceChildren(frame);
    });
  }
}
