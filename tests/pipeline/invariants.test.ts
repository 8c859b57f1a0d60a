/**
 * Properties of the whole pure pipeline (analyse + generate, no rendering)
 * over generated content trees: kennisbank and communities docs in nested
 * folders, blog posts, tags, authors, links between them, drafts, unlisted
 * pages and broken frontmatter.
 */
import path from 'node:path';
import { portalLayout } from '../../pipeline/layout.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { analyse, generate, type Analysis, type Generated } from '../../pipeline/build.ts';
import { docPermalink, pagePermalink, postPermalink } from '../../pipeline/stages/resolve/permalinks.ts';
import type { Problem } from '../../pipeline/problem.ts';
import { configText, effects, tree } from '../helpers.ts';
import type { Mode, SidebarItem } from '../../pipeline/types.ts';

const posix = path.posix;

function pipeline(files: Record<string, string>, mode: Mode = 'production', config = configText): { analysis: Analysis; generated: Generated } {
  const analysis = analyse(tree(files, config), mode);
  return { analysis, generated: generate(analysis, effects, { render: false }) };
}

/**
 * `fc.assert`, but a failure shows the assertion that failed inside the
 * property (with its diff) next to the shrunk counterexample and seed.
 */
function holds<Ts extends [unknown, ...unknown[]]>(property: fc.IProperty<Ts>, numRuns: number): void {
  const details = fc.check(property, { numRuns });
  if (!details.failed) return;
  const report = fc.defaultReportMessage(details) ?? '';
  const inner = details.errorInstance;
  if (inner instanceof Error) {
    inner.message = `${inner.message}\n\n${report}`;
    throw inner;
  }
  assert.unreachable(`${String(inner)}\n\n${report}`);
}

const wellFormed = (p: Problem): string | null =>
  p.message.trim() === '' ? 'empty message'
    : /undefined|\[object Object\]/.test(p.message) ? `message "${p.message}"`
      : !(Number.isInteger(p.line) && p.line >= 1 && Number.isInteger(p.column) && p.column >= 1) ? `place ${p.line}:${p.column}`
        : p.file === '' ? 'no file'
          : null;

// ---------------------------------------------------------------------------
// A generated content tree

type Visibility = 'listed' | 'draft' | 'unlisted' | 'draft-unlisted';

interface LinkSpec { readonly target: number; readonly kind: 'md' | 'absolute' | 'broken' | 'anchor' }

interface EntrySpec {
  readonly kind: 'doc' | 'post' | 'page';
  /** Path inside content/. */
  readonly file: string;
  readonly permalink: string;
  readonly title: string;
  readonly visibility: Visibility;
  readonly tags: ReadonlyArray<string>;
  readonly authors: ReadonlyArray<string>;
  readonly brokenFrontmatter: boolean;
  readonly truncate: boolean;
  readonly position: number | undefined;
  readonly links: ReadonlyArray<LinkSpec>;
}

const visibility: fc.Arbitrary<Visibility> = fc.oneof(
  { weight: 5, arbitrary: fc.constant('listed' as const) },
  { weight: 2, arbitrary: fc.constant('draft' as const) },
  { weight: 2, arbitrary: fc.constant('unlisted' as const) },
  { weight: 1, arbitrary: fc.constant('draft-unlisted' as const) },
);
const links = fc.array(fc.record({ target: fc.nat(), kind: fc.constantFrom('md', 'absolute', 'broken', 'anchor') }), { maxLength: 3 });
const tagKeys = fc.subarray(['api', 'security', 'onbekend']);
const common = {
  visibility,
  tags: tagKeys,
  brokenFrontmatter: fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  links,
};

const docArb = fc.record({
  plugin: fc.constantFrom('kennisbank', 'communities'),
  folder: fc.constantFrom('', 'apis', 'apis/tools', 'data', 'data/linked-data', 'beveiliging'),
  name: fc.constantFrom('index', 'a', 'b', 'intro', 'gids'),
  position: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
  ...common,
});
const postArb = fc.record({
  day: fc.integer({ min: 0, max: 800 }),
  authors: fc.subarray(['ada', 'bob']),
  truncate: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  ...common,
});
const pageArb = fc.record({ name: fc.constantFrom('index', 'contact', 'over', 'team/index'), ...common });

const day = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);

const siteArb = fc.record({
  docs: fc.uniqueArray(docArb, { maxLength: 18, selector: (d) => `${d.plugin}/${d.folder}/${d.name}` }),
  posts: fc.array(postArb, { maxLength: 14 }),
  pages: fc.uniqueArray(pageArb, { maxLength: 3, selector: (p) => p.name }),
  categories: fc.subarray(['apis', 'data', 'apis/tools', 'beveiliging']),
}).map(({ docs, posts, pages, categories }) => {
  const entries: EntrySpec[] = [
    ...docs.map((d): EntrySpec => {
      const id = d.folder ? `${d.folder}/${d.name}` : d.name;
      return {
        kind: 'doc', file: `${d.plugin}/${id}.md`, permalink: docPermalink(portalLayout.docs.find((a) => a.id === d.plugin)!, `${id}.md`), title: `${d.plugin} ${id}`,
        visibility: d.visibility, tags: d.tags, authors: [], brokenFrontmatter: d.brokenFrontmatter, truncate: true, position: d.position, links: d.links,
      };
    }),
    ...posts.map((p, i): EntrySpec => ({
      kind: 'post', file: `blog/${day(p.day)}-p${i}.md`, permalink: postPermalink(day(p.day), `p${i}`), title: `P${i}`,
      visibility: p.visibility, tags: p.tags, authors: p.authors, brokenFrontmatter: p.brokenFrontmatter, truncate: p.truncate, position: undefined, links: p.links,
    })),
    ...pages.map((p): EntrySpec => ({
      kind: 'page', file: `pages/${p.name}.md`, permalink: pagePermalink(p.name), title: `Pagina ${p.name}`,
      visibility: p.visibility, tags: p.tags, authors: [], brokenFrontmatter: p.brokenFrontmatter, truncate: true, position: undefined, links: p.links,
    })),
  ];
  return { entries, categories };
});
type SiteSpec = typeof siteArb extends fc.Arbitrary<infer A> ? A : never;

function linkText(from: EntrySpec, link: LinkSpec, entries: ReadonlyArray<EntrySpec>): string {
  const target = entries[link.target % entries.length] ?? from;
  switch (link.kind) {
    case 'md': {
      const rel = posix.relative(posix.dirname(from.file), target.file);
      return `[${target.title}](${rel.startsWith('.') ? rel : `./${rel}`})`;
    }
    case 'absolute': return `[${target.title}](${target.permalink})`;
    case 'anchor': return `[${target.title}](${target.permalink}#kop)`;
    case 'broken': return `[weg](${target.permalink}-bestaat-niet)`;
  }
}

function files(spec: SiteSpec): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of spec.entries) {
    const fm = [
      `title: ${JSON.stringify(e.title)}`,
      ...(e.kind === 'post' ? [`authors: [${e.authors.join(', ')}]`] : []),
      ...(e.tags.length ? [`tags: [${e.tags.join(', ')}]`] : []),
      ...(e.position !== undefined ? [`sidebar_position: ${e.position}`] : []),
      ...(e.brokenFrontmatter ? ['description: [niet afgesloten'] : []),
      // Always written, so that flipping a flag moves no line.
      `draft: ${e.visibility.startsWith('draft')}`,
      `unlisted: ${e.visibility.endsWith('unlisted')}`,
    ].join('\n');
    const body = [
      'Inleiding.',
      ...(e.truncate && e.kind === 'post' ? ['<!-- truncate -->'] : []),
      '## Kop',
      ...e.links.map((l) => linkText(e, l, spec.entries)),
    ].join('\n\n');
    out[e.file] = `---\n${fm}\n---\n\n${body}\n`;
  }
  for (const folder of spec.categories) out[`kennisbank/${folder}/_category_.json`] = JSON.stringify({ label: `Categorie ${folder}`, position: folder.length });
  return out;
}

/** Content paths that must stay out of every list in this mode. */
const hiddenFiles = (spec: SiteSpec, mode: Mode) => new Set(spec.entries
  .filter((e) => e.visibility.endsWith('unlisted') || (mode === 'production' && e.visibility.startsWith('draft')))
  .map((e) => e.file));

// ---------------------------------------------------------------------------
// Random text for the robustness property

const yamlChars = fc.constantFrom(...'ab :-[]{}"\'#&*!|>,?%@`\t\n\u0000é🙂\\'.split(''), '  ', ': ', '\n  - ', '---', '<!-- truncate -->');
const yamlish = fc.array(yamlChars, { maxLength: 60 }).map((xs) => xs.join(''));
const value = fc.oneof(
  yamlish,
  fc.constantFrom('true', 'ja', '12', '-1', '1e400', '.nan', 'null', '~', '[]', '{}', '[a, b]', '{a: 1}', '2024-13-45', '"x"', '|\n  blok', '&a x', '*a', '!!binary eA==', '!onbekend x', '- x'),
  fc.string({ maxLength: 20 }),
);
const key = fc.oneof(
  fc.constantFrom('title', 'description', 'slug', 'tags', 'authors', 'draft', 'unlisted', 'date', 'sidebar_position', 'sidebar_label',
    'displayed_sidebar', 'pagination_next', 'toc_min_heading_level', 'toc_max_heading_level', 'last_update', 'keywords', 'image', 'id'),
  fc.string({ minLength: 1, maxLength: 12 }),
);
const frontmatterish = fc.array(fc.tuple(fc.constantFrom('', '  ', '- '), key, value), { maxLength: 8 })
  .map((lines) => lines.map(([indent, k, v]) => `${indent}${k}: ${v}`).join('\n'));
const longLine = fc.integer({ min: 2_000, max: 40_000 }).chain((n) => fc.constantFrom(
  `---\ntitle: ${'x'.repeat(n)}\n---\n\nTekst.\n`,
  `---\ntitle: X\n${'k'.repeat(n)}: 1\n---\n\nTekst.\n`,
  `---\ntitle: X\ntags: [${'t'.repeat(n)}]\n---\n\n[link](/kennisbank/${'a'.repeat(n)})\n`,
  `---\ntitle: X\n---\n\n${'lang '.repeat(n / 5)}\n`,
  `${'-'.repeat(n)}\n`,
));
/** Anchors and aliases, defined or not: `*x` without `&x` is an unresolved alias. */
const aliases = fc.tuple(key, fc.constantFrom('x', 'a', 'titel'), fc.boolean(), fc.boolean()).map(([k, name, defined, inList]) =>
  `---\n${defined ? `anker: &${name} Tekst\n` : ''}${k}: ${inList ? `[*${name}]` : `*${name}`}\n---\n\nTekst.\n`);
const anyText = fc.oneof(
  aliases,
  fc.tuple(frontmatterish, yamlish).map(([fm, body]) => `---\n${fm}\n---\n\n${body}\n`),
  fc.tuple(yamlish, yamlish).map(([fm, body]) => `---\n${fm}\n---\n${body}`),
  frontmatterish,
  yamlish,
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
  fc.string({ maxLength: 100 }).map((s) => `---\ntitle: ${s}\0\n---\n\0${s}\n`),
  longLine,
);
const anyPath = fc.oneof(
  fc.constantFrom('kennisbank/index.md', 'communities/index.md', 'kennisbank/apis/index.md', 'kennisbank/apis/x.md', 'kennisbank/a/b/c/d.mdx',
    'blog/2024-01-02-x.md', 'blog/2024/01/02-y.md', 'blog/nieuws.md', 'pages/index.md', 'pages/zoeken.md', 'pages/blog.md', 'los.md',
    'tags.yml', 'blog/authors.yml', 'kennisbank/apis/_category_.json', 'kennisbank/_category_.yml', 'communities/x/_category_.json'),
  fc.tuple(fc.constantFrom('kennisbank', 'communities', 'blog', 'pages'), fc.stringMatching(/^[a-z0-9-]{1,8}$/)).map(([area, name]) => `${area}/${name}.md`),
);
const configArb = fc.oneof(
  { weight: 4, arbitrary: fc.constant(configText) },
  // Cut anywhere, often within the first lines (nothing but a comment is left, or a few fields).
  { weight: 2, arbitrary: fc.oneof(fc.nat({ max: 120 }), fc.nat({ max: configText.length })).map((n) => configText.slice(0, n)) },
  { weight: 2, arbitrary: fc.tuple(fc.nat(), frontmatterish).map(([i, junk]) => {
    const lines = configText.split('\n');
    lines.splice(i % lines.length, 1, junk);
    return lines.join('\n');
  }) },
  { weight: 1, arbitrary: anyText },
);

// ---------------------------------------------------------------------------
// Frontmatter that is broken on purpose, field by field

interface Breakage { readonly field: string; readonly line: string }

const breakages = (kind: 'doc' | 'post' | 'page'): ReadonlyArray<Breakage> => [
  { field: 'title', line: 'title: [een, lijst]' },
  { field: 'draft', line: 'draft: ja' },
  { field: 'unlisted', line: 'unlisted: 3' },
  { field: 'tags', line: 'tags: api' },
  { field: 'description', line: 'description: [a, b]' },
  { field: 'slug', line: 'slug: 5' },
  { field: 'toc_max_heading_level', line: 'toc_max_heading_level: 9' },
  { field: 'keywords', line: 'keywords: {a: 1}' },
  ...(kind === 'doc' ? [{ field: 'sidebar_position', line: 'sidebar_position: eerste' }, { field: 'displayed_sidebar', line: 'displayed_sidebar: 12' }] : []),
  ...(kind === 'post' ? [{ field: 'authors', line: 'authors: 12' }, { field: 'date', line: 'date: 20240102' }] : []),
];

const brokenFileArb = fc.record({
  kind: fc.constantFrom('doc' as const, 'post' as const, 'page' as const),
  /** -1: valid, 0: YAML syntax error, 1: wrong fields, 2: title missing (the file name is the title, with a warning) plus wrong fields. */
  mode: fc.integer({ min: -1, max: 2 }),
  picks: fc.uniqueArray(fc.nat({ max: 9 }), { minLength: 1, maxLength: 4 }),
  order: fc.nat(),
});

// ---------------------------------------------------------------------------

const invariants = suite('invariants');

invariants('should never throw, whatever the frontmatter, bodies, data files or configuration, and give well-formed problems', () => {
  holds(fc.property(siteArb, fc.array(fc.tuple(anyPath, anyText), { maxLength: 8 }), configArb, fc.constantFrom<Mode>('production', 'development'),
    (spec, junk, config, mode) => {
      const input = { ...files(spec), ...Object.fromEntries(junk) };
      let result: ReturnType<typeof pipeline> | null = null;
      try {
        result = pipeline(input, mode, config);
      } catch (e) {
        assert.unreachable(`the pipeline threw ${e instanceof Error ? e.stack : String(e)}`);
      }
      const problems = result?.generated.problems ?? [];
      for (const p of problems) {
        const wrong = wellFormed(p);
        assert.not.ok(wrong, `${p.code} at ${p.file}:${p.line}:${p.column}: ${wrong}`);
      }
      // Never silently nothing: a build without a site (no routes) says why, with an error.
      if (!result?.analysis.site) assert.ok(problems.some((p) => p.severity === 'error'), 'no site was built, yet no error was reported');
    }), 80);
});

invariants('should report every file with broken frontmatter, each broken field at its line, and no other file', () => {
  holds(fc.property(fc.array(brokenFileArb, { minLength: 1, maxLength: 8 }), (specs) => {
    const input: Record<string, string> = {};
    const expectFields = new Map<string, Map<string, number>>();
    const expectYaml = new Map<string, number>();
    const untitled = new Set<string>();
    specs.forEach((s, i) => {
      const file = s.kind === 'doc' ? `kennisbank/d${i}.md` : s.kind === 'post' ? `blog/2024-01-${String((i % 28) + 1).padStart(2, '0')}-p${i}.md` : `pages/p${i}.md`;
      const options = breakages(s.kind);
      // With the title left out (mode 2), a wrong title would not be a missing one.
      const candidates = s.mode === 2 ? options.filter((b) => b.field !== 'title') : options;
      const broken = s.mode >= 1 ? [...new Set(s.picks.map((n) => candidates[n % candidates.length] as Breakage))] : [];
      const skip = new Set(broken.map((b) => b.field));
      const good = [
        ...(s.mode === 2 || skip.has('title') ? [] : ['title: Goed']),
        ...(s.kind === 'post' && !skip.has('authors') ? ['authors: [ada]'] : []),
        'description: Een geldige beschrijving.',
      ].filter((l) => !skip.has(l.split(':')[0] ?? ''));
      const lines = [...good];
      // Broken lines at a generated place among the good ones.
      broken.forEach((b, j) => lines.splice((s.order + j) % (lines.length + 1), 0, b.line));
      if (s.mode === 0) lines.splice(s.order % (lines.length + 1), 0, 'tags: [niet afgesloten');
      const fields = new Map<string, number>();
      for (const b of broken) fields.set(b.field, lines.indexOf(b.line) + 2);
      if (s.mode === 2) untitled.add(`content/${file}`);
      const path = `content/${file}`;
      if (s.mode === 0) expectYaml.set(path, lines.length + 1);
      else if (fields.size) expectFields.set(path, fields);
      input[file] = `---\n${lines.join('\n')}\n---\n\nInleiding.\n\n<!-- truncate -->\n\nRest.\n`;
    });
    const { generated } = pipeline(input);
    const errors = generated.problems.filter((p) => p.severity === 'error' && (p.code === 'frontmatter-field' || p.code === 'yaml-syntax'));
    const reported = new Set(errors.map((p) => p.file));
    assert.equal([...reported].sort(), [...expectFields.keys(), ...expectYaml.keys()].sort(), 'exactly the broken files are reported');
    for (const file of untitled) assert.ok(generated.problems.some((p) => p.file === file && p.code === 'title-from-file-name' && p.severity === 'warning'), `${file}: the file name as title, with a warning`);
    for (const [file, lastLine] of expectYaml) {
      const yaml = errors.filter((p) => p.file === file && p.code === 'yaml-syntax');
      assert.ok(yaml.length > 0, `${file}: yaml-syntax reported`);
      for (const p of yaml) assert.ok(p.line >= 2 && p.line <= lastLine + 1, `${file}: yaml-syntax at line ${p.line}, inside the frontmatter`);
    }
    for (const [file, fields] of expectFields) {
      const found = errors.filter((p) => p.file === file);
      assert.ok(found.every((p) => p.code === 'frontmatter-field'), `${file}: only frontmatter-field`);
      assert.is(found.length, fields.size, `${file}: one problem per broken field`);
      const named = new Map(found.map((p) => [/`([^`]+)`/.exec(p.message)?.[1] ?? p.message, p.line] as const));
      assert.equal(new Map([...named].sort()), new Map([...fields].sort()), `${file}: every broken field, at its line`);
    }
  }), 100);
});

function sidebarRefs(items: ReadonlyArray<SidebarItem>): Array<{ href: string | null; label: string }> {
  return items.flatMap((item) => [{ href: item.href, label: item.label }, ...(item.type === 'category' ? sidebarRefs(item.items) : [])]);
}

invariants('should keep drafts (in production) and unlisted docs and posts out of every list, sidebar and neighbour link', () => {
  holds(fc.property(siteArb, fc.constantFrom<Mode>('production', 'development'), (spec, mode) => {
    const { analysis, generated } = pipeline(files(spec), mode);
    const hidden = hiddenFiles(spec, mode);
    const hiddenPermalinks = new Set(spec.entries.filter((e) => hidden.has(e.file)).map((e) => e.permalink));
    const where: string[] = [];
    const check = (list: string, items: ReadonlyArray<{ entry: { file: { path: string } } } | null>) => {
      for (const item of items) if (item && hidden.has(item.entry.file.path)) where.push(`${list}: ${item.entry.file.path}`);
    };
    for (const route of generated.routes) {
      switch (route.type) {
        case 'blog-list':
        case 'blog-tag-posts':
        case 'blog-author-posts':
          check(`${route.type} ${route.path}`, route.pagination.items);
          break;
        case 'blog-archive':
          for (const year of route.years) check(`archive ${year.year}`, year.posts);
          break;
        case 'blog-post':
          check(`newer/older of ${route.path}`, [route.newer, route.older]);
          break;
        case 'docs-tag-docs':
          check(`${route.type} ${route.path}`, route.docs);
          assert.is(route.tag.count, route.docs.length, `count of ${route.path}`);
          break;
        default:
          break;
      }
      if (mode === 'production') {
        const source = 'doc' in route ? route.doc : 'post' in route ? route.post : route.type === 'content-page' ? route.page : null;
        if (source?.draft) where.push(`route ${route.path} for draft ${source.entry.file.path}`);
      }
    }
    // Tag and author overviews count listed posts only.
    const pagesOf = (type: 'blog-tag-posts' | 'blog-author-posts', base: string) =>
      generated.routes.flatMap((r) => (r.type === type && (r.path === base || r.path.startsWith(`${base}/page/`)) ? r.pagination.items : []));
    for (const route of generated.routes) {
      if (route.type === 'blog-tags') for (const tag of route.tags) assert.is(tag.count, pagesOf('blog-tag-posts', tag.permalink).length, `count of ${tag.permalink}`);
      if (route.type === 'blog-authors') for (const { author, count } of route.authors) assert.is(count, pagesOf('blog-author-posts', author.permalink ?? '').length, `count of ${author.key}`);
      if (route.type === 'docs-tag-list') for (const tag of route.tags) assert.ok(tag.count > 0, `${tag.permalink} lists no docs`);
    }
    for (const sidebar of analysis.site?.sidebars ?? []) {
      for (const ref of sidebarRefs(sidebar.items)) {
        if (ref.href !== null && hiddenPermalinks.has(ref.href)) where.push(`sidebar ${sidebar.id}: ${ref.label} (${ref.href})`);
      }
    }
    assert.equal(where, [], 'hidden entries in lists');

    // Not vacuous: every listed post with valid frontmatter is on the blog list and in its year of the archive.
    const shown = spec.entries.filter((e) => e.kind === 'post' && !e.brokenFrontmatter && !hidden.has(e.file)).map((e) => e.file).sort();
    const onList = generated.routes.flatMap((r) => (r.type === 'blog-list' ? r.pagination.items.map((p) => p.entry.file.path) : [])).sort();
    const inArchive = generated.routes.flatMap((r) => (r.type === 'blog-archive' ? r.years.flatMap((y) => y.posts.map((p) => p.entry.file.path)) : [])).sort();
    assert.equal(onList, shown);
    assert.equal(inArchive, shown);
  }), 100);
});

invariants('should fail on the same errors whether or not some docs, posts and pages are unlisted', () => {
  // Unlisted pages are built and linkable, only left out of lists (docs/authoring.md); the flag alone must not break the build.
  holds(fc.property(siteArb, (spec) => {
    // Valid frontmatter only: an unterminated YAML list swallows the lines after it, flags included.
    const valid = { ...spec, entries: spec.entries.map((e) => ({ ...e, brokenFrontmatter: false })) };
    const listed = { ...valid, entries: valid.entries.map((e) => ({ ...e, visibility: e.visibility.startsWith('draft') ? 'draft' as const : 'listed' as const })) };
    const errors = (s: SiteSpec) => pipeline(files(s)).generated.problems.filter((p) => p.severity === 'error').map((p) => `${p.file}:${p.line}:${p.column} ${p.code} ${p.message}`);
    assert.equal(errors(valid), errors(listed));
  }), 100);
});

/** JSON with Maps and Sets spelled out and functions left out, for deep comparison of whole outputs. */
const snapshot = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) =>
  v instanceof Map ? { Map: [...v.entries()] } : v instanceof Set ? { Set: [...v] } : v);

invariants('should give the same routes, contents, sidebars and problems for the same input', () => {
  holds(fc.property(siteArb, fc.array(fc.tuple(anyPath, anyText), { maxLength: 3 }), fc.constantFrom<Mode>('production', 'development'), (spec, junk, mode) => {
    const input = { ...files(spec), ...Object.fromEntries(junk) };
    const first = pipeline(input, mode);
    const second = pipeline(input, mode);
    assert.is(snapshot(second.generated.problems), snapshot(first.generated.problems), 'problems');
    assert.is(snapshot(second.generated.routes), snapshot(first.generated.routes), 'routes');
    assert.is(snapshot(second.generated.contents), snapshot(first.generated.contents), 'contents');
    assert.is(snapshot(second.analysis.site?.sidebars), snapshot(first.analysis.site?.sidebars), 'sidebars');
    // generate leaves its input alone: once more from the same analysis gives the same again.
    const again = generate(first.analysis, effects, { render: false });
    assert.is(snapshot(again.problems), snapshot(first.generated.problems), 'problems from the same analysis');
    assert.is(snapshot(again.routes), snapshot(first.generated.routes), 'routes from the same analysis');
    assert.is(snapshot(again.contents), snapshot(first.generated.contents), 'contents from the same analysis');
  }), 50);
});

invariants.run();
