/** Inline SVG icons; decorative, so hidden from assistive technology. */

export const ExternalIcon = () => (
  <svg className="icon-external" width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M14 3h7v7h-2V6.4l-9.3 9.3-1.4-1.4L17.6 5H14V3zM5 5h6v2H5v12h12v-6h2v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z" />
  </svg>
);

export const SearchIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M10 2a8 8 0 0 1 6.3 12.9l5.4 5.4-1.4 1.4-5.4-5.4A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z" />
  </svg>
);

export const MenuIcon = () => (
  <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
  </svg>
);

const admonitionPaths: Record<string, string> = {
  note: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm1 14h-2v-6h2v6zm0-8h-2V6h2v2z',
  info: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm1 14h-2v-6h2v6zm0-8h-2V6h2v2z',
  tip: 'M9 21h6v-1H9v1zm3-19a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2z',
  success: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z',
  warning: 'M1 21h22L12 2 1 21zm12-3h-2v-2h2v2zm0-4h-2v-4h2v4z',
  caution: 'M1 21h22L12 2 1 21zm12-3h-2v-2h2v2zm0-4h-2v-4h2v4z',
  danger: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm1 13h-2v2h2v-2zm0-8h-2v6h2V7z',
};

export const AdmonitionIcon = ({ type }: { type: string }) => (
  <svg className="admonition-icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path fill="currentColor" d={admonitionPaths[type] ?? admonitionPaths.note} />
  </svg>
);

/**
 * A chevron pointing down: the open/closed indicator of sidebar categories,
 * navbar dropdowns and the collapsible TOC. The stylesheet turns it with the
 * state (theme/styles/docs.css). Its stroke follows the text colour.
 */
export const ChevronIcon = ({ className = 'chevron' }: { className?: string }) => (
  <svg className={className} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
    <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" d="m4 6 4 4 4-4" />
  </svg>
);
