/**
 * mermaid's settings, the same at build time (pipeline/io/mermaid.ts, in
 * Chromium) and in the browser (mermaid-lazy.ts), so a diagram looks the same
 * whichever drew it.
 *
 * `htmlLabels: false` at the top level (the `flowchart` key of the same name
 * is deprecated and no longer obeyed): labels are SVG text, never HTML in a
 * `foreignObject`, so a label written as HTML (a form, an image with an id)
 * shows as its text instead of becoming part of the page. "strict" is the
 * strictest level that draws in the page itself: no click handlers, and text
 * escaped; "antiscript" and "loose" would let HTML through ("sandbox" draws in
 * an iframe, which the CSP does not allow). What the build embeds is also
 * sanitised (pipeline/stages/svg-sanitize.ts).
 */
export const mermaidConfig = {
  startOnLoad: false,
  securityLevel: 'strict',
  theme: 'neutral',
  fontFamily: 'system-ui, sans-serif',
  htmlLabels: false,
  sequence: { useMaxWidth: true },
} as const;
