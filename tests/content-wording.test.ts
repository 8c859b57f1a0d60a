/**
 * The content talks to readers about their subject, never about how the site
 * is made: no sentence says what "the build" computes or promises something
 * "hieronder" that the page layout puts somewhere else. Code blocks and HTML
 * comments are left out: an article may show a CI build, and a comment is
 * never shown.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './helpers.ts';

/** Sentences that explain the site's machinery to a reader. Each names one way it was said. */
export const leakedWording: ReadonlyArray<RegExp> = [
  /rekent de build/i,
  /zodat het altijd klopt/i,
  /\bde build (zelf|van de site|van elke pagina)\b/i,
  /\bbij elke build van de site\b/i,
  /\b(deze|de) (site|pagina|generator) (rekent|genereert|telt|bouwt) /i,
  /hieronder zie je per onderwerp/i,
  /onder deze tekst staat een kaart/i,
  /schrijft de test zelf/i,
  /alleen geladen op de gepubliceerde site/i,
];

/** The prose of a Markdown file: frontmatter kept, fenced code and HTML comments removed. */
export function prose(text: string): string {
  return text
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/^(```+|~~~+)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '');
}

/** Every Markdown file under `dir` with the leaked sentences it holds. */
export function leakedIn(dir: string): Array<{ file: string; match: string }> {
  const found: Array<{ file: string; match: string }> = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.mdx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = prose(fs.readFileSync(file, 'utf8'));
    for (const pattern of leakedWording) {
      const match = pattern.exec(text);
      if (match) found.push({ file: path.relative(dir, file), match: match[0] });
    }
  }
  return found;
}

const wording = suite('content wording');

wording('should not explain how the site is built to its readers', () => {
  assert.equal(leakedIn(path.join(root, 'content')), []);
});

wording('should find the wording it looks for, outside code and comments only', () => {
  const dir = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'content-wording-'));
  try {
    fs.writeFileSync(path.join(dir, 'a.md'), '---\ntitle: A\n---\n\nHieronder zie je per onderwerp hoeveel artikelen er zijn; dat aantal rekent de build zelf uit.\n');
    fs.writeFileSync(path.join(dir, 'b.md'), '---\ntitle: B\n---\n\nIn je pipeline faalt de build bij een fout.\n\n```text\nrekent de build\n```\n\n<!-- schrijft de test zelf -->\n');
    assert.equal(leakedIn(dir).map((f) => f.file), ['a.md', 'a.md', 'a.md']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

wording.run();
