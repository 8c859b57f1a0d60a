/**
 * Which Chromium to start, and with which flags: shared by the diagram edge
 * (pipeline/io/mermaid.ts), the theme's image tool (theme/images/), the
 * browser tests and the benchmark. Only values: starting the browser is left
 * to each of them.
 */

/** Chromium for the browser tests, the benchmark and the theme's images: `CHROMIUM_PATH`, else Debian's. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
