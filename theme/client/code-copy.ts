/** Copy buttons on code blocks ("Kopieer" → "Gekopieerd"). */
export function enhanceCodeBlocks(root: Document): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
    button.hidden = false;
    button.addEventListener('click', async () => {
      const code = button.parentElement?.querySelector('pre')?.innerText ?? '';
      try {
        await navigator.clipboard.writeText(code);
        button.textContent = 'Gekopieerd';
      } catch {
        button.textContent = 'Kopiëren mislukt';
      }
      setTimeout(() => { button.textContent = 'Kopieer'; }, 2000);
    });
  }
}
