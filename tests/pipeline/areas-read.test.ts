/**
 * The read edge and the content areas: pointed at a Docusaurus site's root,
 * it reads the configured folders and the files they name, and nothing else.
 */
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { analyse } from '../../pipeline/build.ts';
import { readSources, watchedPaths } from '../../pipeline/io/read.ts';
import { configText, minimalAuthors, minimalTags, temporaryFolder } from '../helpers.ts';

const read = suite('content areas: the read edge');

const page = (title: string) => `---\ntitle: ${title}\n---\n\nTekst.\n`;

const config = `${configText}
content:
  docs:
    - { id: default, path: docs, routeBasePath: docs, sidebarPath: sidebars.yml }
  blog: { path: blog, routeBasePath: blog }
  pages: { path: src/pages, exclude: ['concept/**'] }
  static: [static]
`;

/** A Docusaurus site root with everything a real one has beside its content. */
function siteRoot(): string {
  const dir = temporaryFolder('areas-read-');
  const files: Record<string, string> = {
    'docusaurus.config.js': 'export default {};\n',
    'README.md': '# Voorbeeldportaal\n\nZo start je de site.\n',
    'package.json': '{}\n',
    'node_modules/pakket/README.md': page('Pakket'),
    'node_modules/pakket/docs/x.md': page('Niet lezen'),
    'build/docs/intro/index.html': '<p>oud</p>',
    'build/docs/intro.md': page('Gebouwd'),
    '.docusaurus/client-modules.md': page('Intern'),
    'docs/intro.md': page('Intro'),
    'docs/_deel.mdx': 'Een stuk dat andere pagina\'s importeren.\n',
    'docs/_concepten/x.md': page('Concept'),
    'docs/gidsen/_category_.json': '{ "label": "Gidsen" }\n',
    'docs/gidsen/eerste.md': page('Eerste'),
    'docs/gidsen/formulier.ods': 'ods',
    'src/pages/index.js': 'export default function Home() { return null; }\n',
    'src/pages/speel.tsx': 'export default function Speel() { return null; }\n',
    'src/pages/_helper.js': 'export const x = 1;\n',
    'src/pages/speel.test.tsx': 'throw new Error();\n',
    'src/pages/__tests__/x.js': 'throw new Error();\n',
    'src/pages/concept/wip.tsx': 'export default function Wip() { return null; }\n',
    'src/pages/over.md': page('Over'),
    'src/components/Kaart.tsx': 'export default function Kaart() { return null; }\n',
    'static/img/logo.png': 'png',
    'static/.nojekyll': '',
    'blog/authors.yml': minimalAuthors,
    'blog/tags.yml': minimalTags,
    'blog/2024-01-01-welkom.md': page('Welkom'),
    'dist-config/site.yml': config,
    'dist-config/sidebars.yml': 'docs:\n  - intro\n',
  };
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.join(dir, path.dirname(rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  // A site root often links things in (a shared README, a workspace's packages): not the build's business.
  fs.symlinkSync(path.join(dir, 'package.json'), path.join(dir, 'gedeeld.json'));
  return dir;
}

read('should read only the configured folders, the files they name, the static folders and the sidebars file', async () => {
  const dir = siteRoot();
  const sources = await readSources(dir, path.join(dir, 'dist-config/site.yml'));
  assert.equal(sources.files.map((f) => f.path), [
    'blog/2024-01-01-welkom.md', 'blog/authors.yml', 'blog/tags.yml', 'docs/gidsen/_category_.json', 'docs/gidsen/eerste.md', 'docs/intro.md', 'src/pages/over.md',
  ]);
  assert.equal(sources.assets.map((a) => a.path), ['docs/gidsen/formulier.ods']);
  assert.equal(sources.staticFiles?.map((f) => f.path), ['img/logo.png']);
  assert.equal(sources.configData?.map((f) => [f.path, f.text]), [['sidebars.yml', 'docs:\n  - intro\n']]);
  assert.equal(sources.problems.filter((p) => p.code === 'symlink-ignored'), []);
});

read('should list the React pages of a folder the configuration names, without _-files, tests and what exclude names', async () => {
  const dir = siteRoot();
  const sources = await readSources(dir, path.join(dir, 'dist-config/site.yml'));
  assert.equal(sources.reactPages, ['index.js', 'speel.tsx']);
  assert.equal(sources.problems.filter((p) => p.code === 'page-not-built'), []);
});

read('should warn once of the React pages in a folder the configuration does not name, and not of _-files', async () => {
  const dir = siteRoot();
  // The portal's own layout: its pages folder (pages/) is not named, so its code never runs.
  fs.writeFileSync(path.join(dir, 'dist-config/site.yml'), config.replace(/content:[\s\S]*$/, ''));
  fs.mkdirSync(path.join(dir, 'pages'));
  fs.writeFileSync(path.join(dir, 'pages/index.js'), 'export default function Home() { return null; }\n');
  fs.writeFileSync(path.join(dir, 'pages/speel.tsx'), 'export default function Speel() { return null; }\n');
  fs.writeFileSync(path.join(dir, 'pages/_helper.js'), 'export const x = 1;\n');
  const sources = await readSources(dir, path.join(dir, 'dist-config/site.yml'));
  assert.is(sources.reactPages, undefined);
  const warnings = sources.problems.filter((p) => p.code === 'page-not-built');
  assert.is(warnings.length, 1);
  assert.ok(warnings[0]?.file.endsWith('pages/index.js'));
  assert.match(warnings[0]?.message ?? '', /speel\.tsx/);
  assert.not.match(warnings[0]?.message ?? '', /_helper/);
  assert.is(warnings[0]?.severity, 'warning');
});

read('should say so when the sidebars file the configuration names is missing', async () => {
  const dir = siteRoot();
  fs.rmSync(path.join(dir, 'dist-config/sidebars.yml'));
  const sources = await readSources(dir, path.join(dir, 'dist-config/site.yml'));
  const problem = sources.problems.find((p) => p.code === 'config-invalid');
  assert.ok(problem?.file.endsWith('dist-config/site.yml'));
  assert.match(problem?.message ?? '', /sidebars\.yml/);
});

read('should have the development server watch what it reads, not node_modules', async () => {
  const dir = siteRoot();
  const watched = (await watchedPaths(dir, path.join(dir, 'dist-config/site.yml'))).map((p) => path.relative(dir, p).split(path.sep).join('/')).sort();
  assert.equal(watched, ['blog', 'blog/authors.yml', 'blog/tags.yml', 'dist-config', 'dist-config/sidebars.yml', 'docs', 'docs/tags.yml', 'src/pages', 'static']);
});

/** The site root with `content` naming its tags and authors files as `extra` says (YAML lines under docs and blog). */
function withNamedFiles(docs: string, blog: string): string {
  const dir = siteRoot();
  fs.writeFileSync(path.join(dir, 'dist-config/site.yml'), `${configText}
content:
  docs:
    - { id: default, path: docs, routeBasePath: docs, sidebarPath: sidebars.yml, ${docs} }
  blog: { path: blog, routeBasePath: blog, ${blog} }
  pages: { path: src/pages }
  static: [static]
`);
  return dir;
}

read('should read a tags file the configuration names outside every content folder, by its own path, as Docusaurus resolves it', async () => {
  const dir = withNamedFiles('tags: ../tags.yml', 'tags: ../tags.yml, authors: ../gedeeld/auteurs.yml');
  fs.writeFileSync(path.join(dir, 'tags.yml'), minimalTags);
  fs.mkdirSync(path.join(dir, 'gedeeld'));
  fs.writeFileSync(path.join(dir, 'gedeeld/auteurs.yml'), minimalAuthors);
  // Beside the named file, nothing of its folder is read.
  fs.writeFileSync(path.join(dir, 'gedeeld/los.md'), page('Los'));
  const sources = await readSources(dir, path.join(dir, 'dist-config/site.yml'));
  const paths = sources.files.map((f) => f.path);
  assert.ok(paths.includes('tags.yml'), paths.join(' '));
  assert.ok(paths.includes('gedeeld/auteurs.yml'), paths.join(' '));
  assert.not.ok(paths.includes('gedeeld/los.md'), paths.join(' '));
  assert.is(paths.filter((p) => p === 'tags.yml').length, 1, 'read once, though three areas name it');
  assert.equal(sources.problems.filter((p) => p.severity === 'error'), []);
});

read('should not follow a symbolic link to a named file, nor a link to its folder', async () => {
  const dir = withNamedFiles('tags: ../tags.yml', 'authors: ../gedeeld/auteurs.yml');
  const outside = temporaryFolder('areas-read-buiten-');
  fs.writeFileSync(path.join(outside, 'tags.yml'), minimalTags);
  fs.writeFileSync(path.join(outside, 'auteurs.yml'), minimalAuthors);
  fs.symlinkSync(path.join(outside, 'tags.yml'), path.join(dir, 'tags.yml'));
  fs.symlinkSync(outside, path.join(dir, 'gedeeld'));
  const sources = await readSources(dir, path.join(dir, 'dist-config/site.yml'));
  const paths = sources.files.map((f) => f.path);
  assert.not.ok(paths.includes('tags.yml'), paths.join(' '));
  assert.not.ok(paths.includes('gedeeld/auteurs.yml'), paths.join(' '));
  assert.equal(sources.problems.filter((p) => p.code === 'symlink-ignored').map((p) => path.basename(p.file)).sort(), ['gedeeld', 'tags.yml']);
});

read('should never read a named file outside the site; the configuration is an error at the field', async () => {
  const parent = temporaryFolder('areas-read-ouder-');
  const dir = path.join(parent, 'site');
  fs.cpSync(withNamedFiles('tags: ../../tags.yml', ''), dir, { recursive: true, verbatimSymlinks: true });
  fs.writeFileSync(path.join(parent, 'tags.yml'), minimalTags);
  const sources = await readSources(dir, path.join(dir, 'dist-config/site.yml'));
  assert.not.ok(sources.files.some((f) => f.path.includes('..') || f.path === 'tags.yml'), sources.files.map((f) => f.path).join(' '));
  const problems = analyse(sources, 'production').problems.filter((p) => p.code === 'config-invalid');
  assert.is(problems.length, 1, problems.map((p) => p.message).join('\n'));
  assert.match(problems[0]?.message ?? '', /\.\.\/\.\.\/tags\.yml.*buiten de map van de site/);
  assert.is(problems[0]?.line, fs.readFileSync(path.join(dir, 'dist-config/site.yml'), 'utf8').split('\n').findIndex((l) => l.includes('../../tags.yml')) + 1);
});

read.run();
