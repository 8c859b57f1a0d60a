/**
 * Waiting for the page's own work to end by signals, not by sleeping: what a
 * test asserts did not happen has had its chance to happen once these resolve.
 */
import type { Page } from 'puppeteer-core';

/**
 * Resolves once `tab` has run the idle callbacks it asked for, the intersection
 * observers it has have been told about the current layout, and every request
 * it started before has been reported to the test's `request` listeners.
 */
export async function settled(tab: Page): Promise<void> {
  // No named functions inside: tsx would name them with a helper the page lacks.
  await tab.evaluate(() => new Promise<void>((resolve) => {
    // Idle callbacks run in the order they were asked for: this one comes after the page's.
    requestIdleCallback(() => {
      // A new observer is told about the layout in the same round as the page's older ones, after them.
      const probe = new IntersectionObserver(() => {
        probe.disconnect();
        // Requests are reported in the order they start: once this one is done, all earlier ones were reported.
        const marker = new Image();
        for (const end of ['load', 'error']) marker.addEventListener(end, () => resolve());
        marker.src = `/robots.txt?settled=${Math.random().toString(36).slice(2)}`;
      });
      probe.observe(document.documentElement);
    }, { timeout: 5000 });
  }));
}

/** Resolves after the page has drawn two more frames: styles and transitions started by earlier changes have been applied. */
export const twoFrames = (tab: Page): Promise<void> =>
  tab.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
