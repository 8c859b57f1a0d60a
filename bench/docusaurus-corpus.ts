/**
 * Scale generator for the benchmark, Docusaurus-shaped: tests/fixtures/docusaurus-site
 * (MDX with the site's components, tabs, code, diagrams, partials, a blog with
 * authors and tags, React pages, a component map and custom CSS) with its docs
 * and blog copied N times, then migrated (`npm run migrate`) as a team would.
 * Docs folders are copied beside themselves (`docs/mdx` → `docs/mdx-2`) so
 * relative imports of partials stay valid; blog posts get the suffix in their file or folder name.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { distinct } from './content.ts';

const root = path.resolve(import.meta.dirname, '..');
export const docusaurusFixture = path.join(root, 'tests/fixtures/docusaurus-site');

const markdown = /\.mdx?$/;

function copy(from: string, to: string, copyNumber: number): void {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  if (!markdown.test(from)) {
    fs.copyFileSync(from, to);
    return;
  }
  // An absolute slug would collide with the original's.
  const text = fs.readFileSync(from, 'utf8').replace(/^slug: (.*)$/m, `slug: $1-${copyNumber}`);
  fs.writeFileSync(to, distinct(text, copyNumber));
}

/**
 * A blog file's copy at the same depth (relative links stay valid): a folder
 * post's folder gets the suffix, any other post its file name.
 */
function blogCopy(rel: string, k: number): string {
  const parts = rel.split(path.sep);
  const folder = parts.findIndex((p, i) => i < parts.length - 1 && /^\d{4}-\d{1,2}-\d{1,2}-/.test(p));
  if (folder >= 0) parts[folder] = `${parts[folder]}-${k}`;
  else parts[parts.length - 1] = parts[parts.length - 1]!.replace(/(\.mdx?)$/, `-${k}$1`);
  return parts.join(path.sep);
}

const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));

/**
 * Writes the fixture with `times` copies of its docs and blog into `out`, and
 * migrates it (dist-config/ in `out`). Returns the number of Markdown and MDX files.
 */
export function generateDocusaurusCorpus(out: string, times: number): number {
  fs.rmSync(out, { recursive: true, force: true });
  fs.cpSync(docusaurusFixture, out, { recursive: true });
  const docs = path.join(docusaurusFixture, 'docs');
  const blog = path.join(docusaurusFixture, 'blog');
  for (let k = 2; k <= times; k++) {
    for (const entry of fs.readdirSync(docs, { withFileTypes: true })) {
      if (entry.name.startsWith('_')) continue;
      const from = path.join(docs, entry.name);
      if (entry.isDirectory()) for (const rel of filesUnder(from)) copy(path.join(from, rel), path.join(out, 'docs', `${entry.name}-${k}`, rel), k);
      else copy(from, path.join(out, 'docs', entry.name.replace(/(\.mdx?)$/, `-${k}$1`)), k);
    }
    for (const rel of filesUnder(blog)) {
      if (rel === 'authors.yml') continue;
      copy(path.join(blog, rel), path.join(out, 'blog', blogCopy(rel, k)), k);
    }
  }
  const migrated = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'pipeline/cli/migrate.ts'), out], { cwd: root, encoding: 'utf8' });
  if (migrated.status !== 0) throw new Error(`migrate faalde:\n${migrated.stderr}`);
  return filesUnder(out).filter((f) => markdown.test(f) && !f.startsWith('node_modules')).length;
}
