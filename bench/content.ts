/**
 * Scale generator for the benchmark: a content tree of N times the real site,
 * made of copies of the real articles and posts (headings, code in several
 * languages, tables, links, tags, authors), so growth is measured on
 * realistic Markdown.
 */
import fs from 'node:fs';
import path from 'node:path';

const copyTree = (from: string, to: string, rename: (rel: string) => string | null, edit: (text: string, rel: string) => string = (t) => t) => {
  for (const entry of fs.readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const abs = path.join(entry.parentPath, entry.name);
    const rel = path.relative(from, abs);
    const target = rename(rel);
    if (target === null) continue;
    fs.mkdirSync(path.dirname(path.join(to, target)), { recursive: true });
    if (/\.md$/.test(rel)) fs.writeFileSync(path.join(to, target), edit(fs.readFileSync(abs, 'utf8'), rel));
    else fs.copyFileSync(abs, path.join(to, target));
  }
};

/**
 * Every copy gets its own text: the build cache keys parsed Markdown by its
 * text, so identical copies would be parsed once and flatter the figures.
 * Each paragraph that starts a line gets the copy's number.
 */
export const distinct = (text: string, copy: number): string => {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^(```|~~~)/.test(line)) fenced = !fenced;
    return !fenced && /^[A-Z][a-z]/.test(line) ? `${line} (kopie ${copy})` : line;
  }).join('\n');
};

/** Writes `times` copies of `content/` into `out` (copy 1 is the real site). Returns the number of Markdown files. */
export function generateContent(source: string, out: string, times: number): number {
  fs.rmSync(out, { recursive: true, force: true });
  copyTree(source, out, (rel) => rel);
  for (let k = 2; k <= times; k++) {
    // Kennisbank areas and communities get a suffix; relative links inside a copy stay valid.
    copyTree(path.join(source, 'kennisbank'), path.join(out, 'kennisbank'), (rel) => (rel === 'index.md' ? null : rel.replace(/^([^/]+)/, `$1-${k}`)),
      (text) => distinct(text.replace(/^sidebar_label: (.*)$/m, `sidebar_label: $1 ${k}`), k));
    copyTree(path.join(source, 'communities'), path.join(out, 'communities'), (rel) => `kopie-${k}/${rel}`, (text) => distinct(text, k));
    // Blog posts: the same dates with another slug.
    copyTree(path.join(source, 'blog'), path.join(out, 'blog'), (rel) => (/^\d{4}-\d{2}-\d{2}-.*\.md$/.test(rel) ? rel.replace(/\.md$/, `-${k}.md`) : null),
      (text) => distinct(text.replace(/\]\(\.\/(\d{4}-\d{2}-\d{2}-[^)]+)\.md\)/g, `](./$1-${k}.md)`), k));
  }
  let count = 0;
  for (const entry of fs.readdirSync(out, { recursive: true, withFileTypes: true })) if (entry.isFile() && entry.name.endsWith('.md')) count++;
  return count;
}
