/**
 * Problems are data: every stage returns them next to its output instead of
 * throwing. The CLI's reporter is the only place that prints them.
 */

export type Severity = 'error' | 'warning';

/** Stable codes; each has an entry in docs/errors.md with the same anchor. */
export type ProblemCode =
  | 'content-missing'
  | 'file-unreadable'
  | 'yaml-syntax'
  | 'yaml-quirk'
  | 'frontmatter-field'
  | 'frontmatter-unknown-key'
  | 'unknown-tag'
  | 'unknown-author'
  | 'missing-truncate'
  | 'blog-file-name'
  | 'blog-post-undated'
  | 'inline-tag'
  | 'inline-author'
  | 'broken-link'
  | 'broken-markdown-link'
  | 'broken-image'
  | 'link-outside-content'
  | 'link-to-draft'
  | 'link-redirected'
  | 'redirect-path-invalid'
  | 'redirect-target-missing'
  | 'redirect-loop'
  | 'redirect-from-page'
  | 'redirect-duplicate'
  | 'broken-anchor'
  | 'duplicate-route'
  | 'unsafe-html'
  | 'disguised-url'
  | 'unsafe-config-html'
  | 'unknown-language'
  | 'highlight-comment-unpaired'
  | 'unknown-admonition'
  | 'media-autoplay'
  | 'missing-alt'
  | 'mermaid-syntax'
  | 'mermaid-unavailable'
  | 'mermaid-html-label'
  | 'unsafe-svg'
  | 'config-invalid'
  | 'config-navbar-item'
  | 'config-sidebar'
  | 'config-doc-id'
  | 'security-txt-expired'
  | 'security-txt-expiring'
  | 'file-too-large'
  | 'markup-too-complex'
  | 'content-unprocessable'
  | 'site-component-invalid'
  | 'site-component-failed'
  | 'site-package-missing'
  | 'site-api-unsupported'
  | 'site-plugin-data-missing'
  | 'site-route-props-too-large'
  | 'site-plugin-failed'
  | 'site-markdown-plugin-failed'
  | 'site-sidebar-generator-failed'
  | 'site-plugin-unsupported'
  | 'site-code-ignored'
  | 'custom-css'
  | 'custom-css-unmatched'
  | 'unsafe-file-name'
  | 'symlink-ignored'
  | 'invalid-encoding'
  | 'not-text'
  | 'file-empty'
  | 'hidden-file-ignored'
  | 'page-not-built'
  | 'static-script-ignored'
  | 'static-html'
  | 'mdx-syntax'
  | 'mdx-expression'
  | 'mdx-export'
  | 'mdx-unknown-component'
  | 'mdx-style-ignored'
  | 'mdx-handler-dropped'
  | 'mdx-head-ignored'
  | 'mdx-target-ignored'
  | 'mdx-browser-only'
  | 'mdx-partial-cycle'
  | 'mdx-expansion-limit'
  | 'title-from-file-name';

export interface Problem {
  readonly severity: Severity;
  readonly code: ProblemCode;
  /** Path relative to the project (e.g. `content/blog/x.md`), or the config file. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

export interface Place {
  readonly line: number;
  readonly column: number;
}

export const startOfFile: Place = { line: 1, column: 1 };

export const error = (code: ProblemCode, file: string, place: Place, message: string): Problem => ({
  severity: 'error',
  code,
  file,
  line: place.line,
  column: place.column,
  message,
});

export const warning = (code: ProblemCode, file: string, place: Place, message: string): Problem => ({
  severity: 'warning',
  code,
  file,
  line: place.line,
  column: place.column,
  message,
});

export const hasErrors = (problems: ReadonlyArray<Problem>): boolean =>
  problems.some((p) => p.severity === 'error');

/** Problems in a stable order: by file, then position, then code. */
export const sortProblems = (problems: ReadonlyArray<Problem>): Problem[] =>
  [...problems].sort(
    (a, b) =>
      a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.code.localeCompare(b.code),
  );

/** Position of an mdast/hast node, or the start of the file when it has none. */
export const placeOf = (node: { position?: { start: { line: number; column: number } } | undefined }): Place =>
  node.position ? { line: node.position.start.line, column: node.position.start.column } : startOfFile;

/**
 * Content that made a library throw: a problem of its file, not a crash of the
 * build. A navbar item that fails to render (theme/shell/Navbar.tsx) throws an
 * error with the code `config-navbar-item`: that is a configuration problem
 * naming the item, in `configFile` (the file given with `--config`). A site component that throws while it renders
 * (pipeline/io/safe-component.ts) is `site-component-failed` at the place of
 * its element in the page.
 */
export const unprocessable = (file: string, err: unknown, configFile = 'dist-config/site.yml'): Problem =>
  err instanceof Error && (err as { code?: unknown }).code === 'config-navbar-item' ? error('config-navbar-item', configFile, startOfFile, err.message) :
  err instanceof Error && (err as { code?: unknown }).code === 'site-component-failed' ? error('site-component-failed', file, (err as { place?: Place }).place ?? startOfFile, err.message) :
  error('content-unprocessable', file, startOfFile,
    `Dit bestand kan niet worden verwerkt (${(err instanceof Error ? err.message : String(err)).split('\n')[0]}). Vereenvoudig de opmaak: minder diep geneste of minder herhaalde constructies.`);
