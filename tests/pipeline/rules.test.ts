/**
 * One fixture per problem code: `tests/fixtures/rules/<code>/content/...` is a
 * minimal content tree (merged over the defaults of `tree()` in
 * tests/helpers.ts), an optional `site.yml` next to `content/` replaces
 * dist-config/site.yml, and `expected.json` lists the problems the pure
 * pipeline must report, exactly and in order, without their messages.
 * A folder may carry a variant after two dashes (`config-doc-id--pagination`)
 * for a second way to trigger the same code.
 *
 * `UPDATE=1` writes missing or changed expected.json files instead of failing;
 * read the diff before committing it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { analyse, generate } from '../../pipeline/build.ts';
import type { Problem, ProblemCode } from '../../pipeline/problem.ts';
import { configText, effects, root, tree } from '../helpers.ts';

const fixtures = path.join(root, 'tests/fixtures/rules');
const update = process.env.UPDATE === '1';

/**
 * Every code, with a fixture or the reason the pure pipeline cannot produce it.
 * A `Record` over `ProblemCode`: a new code fails the type-check until it is listed here.
 */
const coverage: Record<ProblemCode, 'fixture' | { readonly skip: string }> = {
  'content-missing': { skip: 'made by the read edge (pipeline/io/read.ts) when the content folder is missing on disk' },
  'file-unreadable': { skip: 'made by the read edge when the disk refuses a file (permissions, broken symlink)' },
  'yaml-syntax': 'fixture',
  'frontmatter-field': 'fixture',
  'frontmatter-unknown-key': 'fixture',
  'unknown-tag': 'fixture',
  'unknown-author': 'fixture',
  'missing-truncate': 'fixture',
  'blog-file-name': 'fixture',
  'blog-post-undated': 'fixture',
  'inline-tag': 'fixture',
  'inline-author': 'fixture',
  'yaml-quirk': 'fixture',
  'broken-link': 'fixture',
  'broken-markdown-link': 'fixture',
  'broken-image': 'fixture',
  'link-outside-content': 'fixture',
  'link-to-draft': 'fixture',
  'link-redirected': 'fixture',
  'redirect-path-invalid': 'fixture',
  'redirect-target-missing': 'fixture',
  'redirect-loop': 'fixture',
  'redirect-from-page': 'fixture',
  'redirect-duplicate': 'fixture',
  'broken-anchor': 'fixture',
  'duplicate-route': 'fixture',
  'unsafe-html': 'fixture',
  'unknown-language': { skip: 'needs the shiki highlighter, made at the io edge (pipeline/io/highlight/shiki.ts); the pure run has none' },
  'highlight-comment-unpaired': 'fixture',
  'unknown-admonition': 'fixture',
  'media-autoplay': 'fixture',
  'missing-alt': 'fixture',
  'mermaid-syntax': { skip: 'needs mermaid rendered in Chromium at the io edge (pipeline/io/mermaid.ts)' },
  'mermaid-unavailable': { skip: 'depends on whether the io edge found a browser; the pure run passes an empty diagram map' },
  'mermaid-html-label': 'fixture',
  'unsafe-svg': { skip: 'the rule fixtures hold no asset files (tests/helpers.ts tree()); tests/pipeline/assets.test.ts publishes SVG files' },
  'config-invalid': 'fixture',
  'config-navbar-item': 'fixture',
  'config-sidebar': 'fixture',
  'config-doc-id': 'fixture',
  'security-txt-expired': { skip: 'needs "today", which only the CLI edge knows; tests/pipeline/security-txt.test.ts passes dates in' },
  'security-txt-expiring': { skip: 'needs "today", which only the CLI edge knows; tests/pipeline/security-txt.test.ts passes dates in' },
  'file-too-large': { skip: 'a fixture would be a file over 256 KB in the repository; tests/pipeline/fuzz.test.ts makes one in memory' },
  'markup-too-complex': 'fixture',
  'unsafe-file-name': 'fixture',
  'symlink-ignored': { skip: 'made by the read edge when it finds a symbolic link on disk; tests/build/contained.test.ts makes some' },
  'invalid-encoding': { skip: 'made by the read edge from the bytes of a file; tests/build/read-files.test.ts writes such files' },
  'not-text': { skip: 'made by the read edge from the bytes of a file; tests/build/read-files.test.ts writes such files' },
  'title-from-file-name': 'fixture',
  'static-script-ignored': { skip: 'the rule fixtures hold no static files (tests/helpers.ts tree()); tests/pipeline/links-docusaurus.test.ts publishes a static folder with a script' },
  'static-html': { skip: 'the rule fixtures hold no static files (tests/helpers.ts tree()); tests/pipeline/static-html.test.ts publishes and refuses some' },
  'page-not-built': { skip: 'made by the read edge (pipeline/io/read.ts) for code files in the pages folder; tests/pipeline/areas-read.test.ts reads one from disk' },
  'hidden-file-ignored': { skip: 'made by the read edge from the names on disk; tests/build/read-files.test.ts writes such files' },
  'file-empty': { skip: 'tests/helpers.ts tree() leaves empty files out; tests/pipeline/parse/parse.test.ts and tests/build/read-files.test.ts make some' },
  'content-unprocessable': { skip: 'the safety net for a parser or renderer that throws on hostile content (tests/pipeline/fuzz.test.ts); no known valid-looking input triggers it' },
  'mdx-syntax': 'fixture',
  'mdx-expression': 'fixture',
  'mdx-export': 'fixture',
  'disguised-url': 'fixture',
  'unsafe-config-html': 'fixture',
  'mdx-unknown-component': 'fixture',
  'mdx-style-ignored': 'fixture',
  'mdx-handler-dropped': 'fixture',
  'mdx-head-ignored': 'fixture',
  'mdx-target-ignored': 'fixture',
  'mdx-browser-only': 'fixture',
  'mdx-partial-cycle': 'fixture',
  'mdx-expansion-limit': 'fixture',
  'site-component-invalid': { skip: 'made by the io edge that compiles the site\'s components (pipeline/io/site-components.ts); tests/renderer/components-site.test.tsx compiles some' },
  'site-component-failed': { skip: 'needs the site\'s components, compiled at the io edge; tests/renderer/components-site.test.tsx renders one that throws' },
  'site-package-missing': { skip: 'made by the component box when a package is not in the site\'s node_modules; the mistakes fixture imports one (tests/docusaurus/react-pages-mistakes.test.ts)' },
  'site-api-unsupported': { skip: 'made by the component box for a Docusaurus module it does not offer; the mistakes fixture imports one (tests/docusaurus/react-pages-mistakes.test.ts)' },
  'site-plugin-failed': { skip: 'made by the plugin box (pipeline/io/site-plugins.ts); tests/build/site-plugins.test.ts runs a throwing and a looping plugin' },
  'site-sidebar-generator-failed': { skip: 'made by the plugin box for a sidebarItemsGenerator (pipeline/io/sidebar-generators.ts); tests/build/sidebar-generator.test.ts runs a throwing one' },
  'site-markdown-plugin-failed': { skip: 'made by the plugin box for a remark or rehype plugin of the site (pipeline/io/markdown-plugins.ts); tests/build/markdown-plugins.test.ts runs a throwing and a looping one' },
  'site-plugin-unsupported': { skip: 'made by the plugin box (pipeline/io/site-plugins.ts); tests/build/site-plugins.test.ts runs a plugin with postBuild' },
  'site-plugin-data-missing': { skip: 'made by the component box when site code asks for plugin data; tests/build/react-pages.test.ts renders one' },
  'site-route-props-too-large': { skip: 'made by the component box for an interactive route with too many props; tests/pipeline/islands.test.ts renders one' },
  'site-code-ignored': { skip: 'made by the io edge from the code files under the content root (pipeline/io/site-code.ts); tests/build/site-code.test.ts writes some' },
  'custom-css': { skip: 'made by the io edge that reads the site\'s customCss (pipeline/io/custom-css.ts); tests/docusaurus/site-css.test.ts' },
  'custom-css-unmatched': { skip: 'made by the io edge that reads the site\'s customCss (pipeline/io/custom-css.ts); tests/docusaurus/site-css.test.ts and the Docusaurus fixture' },
};

type Expected = Pick<Problem, 'severity' | 'code' | 'file' | 'line' | 'column'>;

const project = (p: Problem): Expected => ({ severity: p.severity, code: p.code, file: p.file, line: p.line, column: p.column });

/** Every file below `dir`, as content path (forward slashes) → text. */
function readTree(dir: string, prefix = ''): Record<string, string> {
  if (!fs.existsSync(dir)) return {};
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) Object.assign(files, readTree(path.join(dir, entry.name), rel));
    else files[rel] = fs.readFileSync(path.join(dir, entry.name), 'utf8');
  }
  return files;
}

/** The pure pipeline, like `run()` in tests/helpers.ts, with the fixture's own config when it has one. */
function runFixture(dir: string): ReadonlyArray<Problem> {
  const siteYml = path.join(dir, 'site.yml');
  const config = fs.existsSync(siteYml) ? fs.readFileSync(siteYml, 'utf8') : configText;
  // Markdown files with a `_` in their path are partials, as the read edge gives them.
  const all = Object.entries(readTree(path.join(dir, 'content')));
  const isPartial = ([rel]: [string, string]) => /\.mdx?$/.test(rel) && rel.split('/').some((part) => part.startsWith('_') && !part.startsWith('_category_'));
  const sources = tree(Object.fromEntries(all.filter((e) => !isPartial(e))), config);
  const partials = all.filter(isPartial).map(([rel, text]) => ({ path: rel, display: `content/${rel}`, text }));
  const analysis = analyse({ ...sources, partials }, 'production');
  return generate(analysis, effects, { render: false }).problems;
}

const codeOf = (folder: string): string => folder.split('--')[0] ?? folder;

const folders = fs.readdirSync(fixtures, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

const rules = suite('rules');

rules('should have a fixture for every code the pure pipeline can produce, and only for real codes', () => {
  const documented = [...fs.readFileSync(path.join(root, 'docs/errors.md'), 'utf8').matchAll(/^## ([a-z-]+)\s*$/gm)].map((m) => m[1]);
  assert.equal([...documented].sort(), Object.keys(coverage).sort(), 'docs/errors.md and ProblemCode list the same codes');
  const wanted = Object.entries(coverage).filter(([, c]) => c === 'fixture').map(([code]) => code).sort();
  const present = [...new Set(folders.map(codeOf))].sort();
  assert.equal(present, wanted);
});

for (const folder of folders) {
  rules(`should report exactly the expected problems for ${folder}`, () => {
    const dir = path.join(fixtures, folder);
    const problems = runFixture(dir);
    // Checked before expected.json is compared or written, so UPDATE=1 never records a wrong code or message.
    assert.ok(problems.length > 0, 'the fixture triggers its problem');
    for (const p of problems) {
      assert.is(p.code, codeOf(folder), `the fixture triggers only ${codeOf(folder)}, not ${p.code} (${p.file}:${p.line}:${p.column} ${p.message})`);
      assert.ok(p.message.trim().length > 0, `empty message for ${p.code} at ${p.file}:${p.line}`);
      assert.not.match(p.message, /undefined|\[object Object\]|\bNaN\b/, `${p.code} at ${p.file}:${p.line}: ${p.message}`);
      assert.ok(p.line >= 1 && p.column >= 1, `place ${p.line}:${p.column} is 1-based`);
    }

    const actual = problems.map(project);
    const file = path.join(dir, 'expected.json');
    const text = `${JSON.stringify(actual, null, 2)}\n`;
    if (update) {
      if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) {
        fs.writeFileSync(file, text);
        console.log(`\n  wrote ${path.relative(root, file)}`);
      }
      return;
    }
    assert.ok(fs.existsSync(file), `${path.relative(root, file)} is missing; run with UPDATE=1 to write it`);
    const expected = JSON.parse(fs.readFileSync(file, 'utf8')) as Expected[];
    assert.equal(actual, expected);
  });
}

rules.run();
