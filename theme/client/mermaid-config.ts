/**
 * mermaid's settings, the same at build time (pipeline/io/mermaid.ts, in
 * Chromium) and in the browser (mermaid-lazy.ts), so a diagram looks the same
 * whichever drew it. "strict": no scripts, no click handlers, labels escaped.
 */
export const mermaidConfig = {
  startOnLoad: false,
  securityLevel: 'strict',
  theme: 'neutral',
  fontFamily: 'system-ui, sans-serif',
  flowchart: { htmlLabels: false },
  sequence: { useMaxWidth: true },
} as const;
