/**
 * The dependency rules of docs/architecture.md, read from the code itself:
 * every source file under pipeline/, renderer/, theme/ and bin/, subfolders
 * included.
 *
 * - Every file stands on one floor (`floors` below: the ground of shared
 *   types and values, the stages, the renderer, the theme, the graph, the
 *   edges) and imports only from its own floor or a lower one.
 * - Inside the stages, an earlier stage imports nothing from a later one
 *   (`stageRooms`: parse, validate, resolve, markdown).
 * - A pure stage (pipeline/stages/) touches no disk, thread, process,
 *   browser, clock or randomness, and imports no renderer, theme, io edge,
 *   schedule, command line or the graph that calls it.
 * - Stages → (types) ← renderer ← theme: the renderer imports nothing from
 *   the theme, and the renderer and the theme import nothing from the stages,
 *   the edges or the graph, types included: what they share with the build
 *   lives on the ground floor (pipeline/types.ts, pipeline/published.ts).
 * - The client bundle (theme/client/) imports nothing outside theme/client
 *   but npm packages and theme/shared/, the modules the browser and the
 *   build share (search options, mermaid's settings); those import nothing
 *   outside theme/shared but npm packages.
 * - No circle of imports anywhere in the tree.
 *
 * Imports are read twice: esbuild strips the types and rollup's parser reads
 * the JavaScript (value imports, `import()`, and what the code calls), and the
 * import and export-from declarations are read from the source as well, so
 * that type-only imports count too.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { transformSync } from 'esbuild';
import { parseAst } from 'rollup/parseAst';

const root = path.resolve(import.meta.dirname, '..');

interface Import {
  /** As written: `../types.ts`, `node:fs`, `react`. */
  readonly specifier: string;
  /** Repo-relative file for a relative import, else null. */
  readonly target: string | null;
  readonly line: number;
}

/** Something a file's code does: `process.env`, `Date.now()`. */
interface Use {
  readonly what: string;
  readonly line: number;
}

interface SourceInfo {
  readonly imports: ReadonlyArray<Import>;
  readonly uses: ReadonlyArray<Use>;
}

const lineAt = (text: string, index: number): number => text.slice(0, Math.max(index, 0)).split('\n').length;

/** Where `needle` first occurs in the source (the line of the original, not of esbuild's output), or 0. */
const lineOf = (text: string, needle: string): number => {
  const at = text.indexOf(needle);
  return at < 0 ? 0 : lineAt(text, at);
};

function resolveFrom(file: string, specifier: string, known: ReadonlySet<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) if (known.has(candidate)) return candidate;
  return base;
}

/** Import and export-from declarations as written, type-only ones included; each starts a line, as every declaration here does. */
const declaration = /^[ \t]*(?:import|export)[ \t]+(type[ \t]+)?((?:[\w$]+[ \t]*,[ \t]*)?(?:\{[^}]*\}|\*(?:[ \t]+as[ \t]+[\w$]+)?|[\w$]+))[ \t]*from[ \t]*(['"])([^'"\r\n]+)\3/gm;
const sideEffectImport = /^[ \t]*import[ \t]*(['"])([^'"\r\n]+)\1/gm;

type Node = { readonly type: string; readonly [key: string]: unknown };
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
const identifier = (node: unknown, name: string): boolean => isNode(node) && node.type === 'Identifier' && node.name === name;
const member = (node: unknown, object: string, property: string): boolean =>
  isNode(node) && node.type === 'MemberExpression' && identifier(node.object, object) && identifier(node.property, property) && node.computed === false;

function walk(node: unknown, visit: (node: Node) => void): void {
  if (Array.isArray(node)) for (const child of node) walk(child, visit);
  else if (isNode(node)) {
    visit(node);
    for (const key in node) if (key !== 'type') walk(node[key], visit);
  }
}

/** What one file imports and does. */
function sourceInfo(file: string, text: string, known: ReadonlySet<string>): SourceInfo {
  const imports: Import[] = [];
  const add = (specifier: string, line: number) =>
    imports.push({ specifier, target: resolveFrom(file, specifier, known), line });
  for (const m of text.matchAll(declaration)) add(m[4]!, lineAt(text, m.index));
  for (const m of text.matchAll(sideEffectImport)) add(m[2]!, lineAt(text, m.index));

  const uses: Use[] = [];
  const { code } = transformSync(text, {
    loader: file.endsWith('.tsx') ? 'tsx' : file.endsWith('.mjs') ? 'js' : 'ts', jsx: 'automatic', legalComments: 'none',
    tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true } },
  });
  walk(parseAst(code), (node) => {
    if (node.type === 'ImportExpression') {
      const source = node.source;
      const specifier = isNode(source) && source.type === 'Literal' && typeof source.value === 'string' ? source.value : '(computed)';
      add(specifier, lineOf(text, specifier));
    } else if (node.type === 'MemberExpression' && identifier(node.object, 'process')) {
      uses.push({ what: 'process', line: lineOf(text, 'process') });
    } else if (node.type === 'CallExpression' && (member(node.callee, 'Date', 'now') || member(node.callee, 'performance', 'now'))) {
      const what = member(node.callee, 'Date', 'now') ? 'Date.now()' : 'performance.now()';
      uses.push({ what, line: lineOf(text, what.slice(0, -2)) });
    } else if ((node.type === 'NewExpression' && identifier(node.callee, 'Date') && (node.arguments as unknown[]).length === 0)
      || (node.type === 'CallExpression' && identifier(node.callee, 'Date'))) {
      uses.push({ what: 'the current date (Date without an argument)', line: lineOf(text, 'Date(') });
    } else if (node.type === 'CallExpression' && member(node.callee, 'Math', 'random')) {
      uses.push({ what: 'Math.random()', line: lineOf(text, 'Math.random') });
    }
  });
  return { imports, uses };
}

// ---------------------------------------------------------------------------
// The rules, on a tree of files (repo-relative path → source).

const inFolder = (file: string, folder: string): boolean => file.startsWith(`${folder}/`);
const isStage = (file: string) => inFolder(file, 'pipeline/stages');

/** Modules a stage must not use: the disk, threads, processes and the browser. */
const effectModules = new Set(['fs', 'fs/promises', 'worker_threads', 'child_process', 'puppeteer-core', 'puppeteer']);
const effectModule = (specifier: string) => effectModules.has(specifier.replace(/^node:/, ''));

/**
 * The floors of the tree, lowest first; a file stands on the first floor that
 * holds it. An import may go down or stay level, never up.
 *
 * - ground: what every room shares: the types, the codecs, problems and
 *   results, the layout of the content, the published paths, the stores the
 *   schedule hands the stages (memo.ts), the content hash and which Chromium
 *   to start, and the safety vocabulary (pipeline/safety/: the URL rule, the
 *   safe elements and attributes, the static values of MDX) that content,
 *   configuration and the renderer all pass through. It imports nothing above
 *   itself, so it can import nothing else.
 * - stages: the pure functions of the graph.
 * - renderer: route → HTML, with the pages the theme hands it.
 * - theme: the pages, the shell, the MDX components, the client bundle (which
 *   has a stricter rule of its own) and the tool that draws the theme's images.
 * - graph: pipeline/build.ts, which puts the stages, the renderer and the
 *   theme together.
 * - edges: disk, threads, browsers and servers (io/), the schedule (schedule/),
 *   the command lines (cli/, bin/). Nothing below calls them.
 */
const ground = new Set(['types', 'model', 'problem', 'result', 'layout', 'published', 'memo', 'content-hash', 'chromium', 'internal-error'].map((name) => `pipeline/${name}.ts`));
const floors: ReadonlyArray<{ readonly name: string; readonly holds: (file: string) => boolean }> = [
  { name: 'ground', holds: (file) => ground.has(file) || inFolder(file, 'pipeline/safety') },
  { name: 'stages', holds: (file) => inFolder(file, 'pipeline/stages') },
  { name: 'renderer', holds: (file) => inFolder(file, 'renderer') },
  { name: 'theme', holds: (file) => inFolder(file, 'theme') },
  { name: 'graph', holds: (file) => file === 'pipeline/build.ts' },
  { name: 'edges', holds: (file) => ['pipeline/io', 'pipeline/schedule', 'pipeline/cli', 'bin'].some((f) => inFolder(file, f)) },
];
const floorOf = (file: string): number => floors.findIndex((f) => f.holds(file));

/** The stages in the order the graph runs them; each has its file and its folder (`parse.ts`, `parse/`). Helpers beside them (shared/, highlight/, publish/) belong to none. */
const stageRooms = ['parse', 'validate', 'resolve', 'markdown'];
const roomOf = (file: string): number => stageRooms.findIndex((room) => file === `pipeline/stages/${room}.ts` || inFolder(file, `pipeline/stages/${room}`));

/** Imports that break a rule today, each with the reason it may for now; the test says when one is no longer there. */
const pendingToday: ReadonlySet<string> = new Set([]);
const arrow = (file: string, target: string) => `${file} → ${target}`;

/** Code that only the edges, the schedule and the composition may call. */
const edges = ['renderer', 'theme', 'pipeline/io', 'pipeline/schedule', 'pipeline/cli'];
const isEdgeOrComposition = (target: string) => edges.some((e) => inFolder(target, e)) || target === 'pipeline/build.ts';

/** Pipeline code the renderer and the theme never import: the stages, the edges, the schedule, the command lines and the graph. */
const isBuildCode = (target: string) => ['pipeline/stages', 'pipeline/io', 'pipeline/schedule', 'pipeline/cli'].some((f) => inFolder(target, f)) || target === 'pipeline/build.ts';

const named = (file: string, i: Import) => `${file}:${i.line} imports ${i.specifier}${i.target && i.target !== i.specifier ? ` (${i.target})` : ''}`;

interface Violations {
  readonly stageEffects: string[];
  readonly stageImports: string[];
  readonly rendererImportsTheme: string[];
  readonly pagesImportBuildCode: string[];
  readonly clientImports: string[];
  readonly unplaced: string[];
  readonly upward: string[];
  readonly laterStage: string[];
  readonly cycles: string[];
  /** Entries of `pending` that no file breaks any more. */
  readonly stalePending: string[];
}

function violations(tree: ReadonlyMap<string, string>, pending: ReadonlySet<string> = pendingToday): Violations {
  const known = new Set(tree.keys());
  const info = new Map([...tree].map(([file, text]) => [file, sourceInfo(file, text, known)] as const));
  const out: Violations = {
    stageEffects: [], stageImports: [], rendererImportsTheme: [], pagesImportBuildCode: [], clientImports: [],
    unplaced: [], upward: [], laterStage: [], cycles: [], stalePending: [],
  };
  const pendingSeen = new Set<string>();
  /** Whether the import is a listed exception; remembered, so a stale entry shows. */
  const isPending = (file: string, target: string) => pending.has(arrow(file, target)) && Boolean(pendingSeen.add(arrow(file, target)));
  for (const [file, { imports, uses }] of info) {
    const floor = floorOf(file);
    if (floor < 0) out.unplaced.push(`${file}: on no floor; add it to \`floors\` in tests/architecture.test.ts`);
    for (const i of imports) {
      if (!i.target || !known.has(i.target)) continue;
      const to = floorOf(i.target);
      if (floor >= 0 && to > floor && !isPending(file, i.target)) {
        out.upward.push(`${named(file, i)}: the ${floors[floor]!.name} floor imports from the ${floors[to]!.name} floor above it; move what both need down`);
      }
      const room = roomOf(file);
      if (room >= 0 && roomOf(i.target) > room && !isPending(file, i.target)) {
        out.laterStage.push(`${named(file, i)}: ${stageRooms[room]} runs before ${stageRooms[roomOf(i.target)]}; move what both need to a helper beside them or to pipeline/types.ts`);
      }
    }
    if (isStage(file)) {
      for (const i of imports) if (effectModule(i.specifier)) out.stageEffects.push(`${named(file, i)}: a stage reads no disk and starts no thread, process or browser`);
      for (const u of uses) out.stageEffects.push(`${file}:${u.line} uses ${u.what}: a stage reads no clock, environment or randomness; the caller passes such values in`);
      for (const i of imports) if (i.target && isEdgeOrComposition(i.target)) out.stageImports.push(`${named(file, i)}: a stage imports no renderer, theme, io edge, schedule, command line or the graph`);
    }
    if (inFolder(file, 'renderer')) {
      for (const i of imports) if (i.target && inFolder(i.target, 'theme')) out.rendererImportsTheme.push(`${named(file, i)}: the theme imports the renderer, never the reverse; pass the theme's parts in`);
    }
    if ((inFolder(file, 'renderer') || inFolder(file, 'theme')) && !inFolder(file, 'theme/client')) {
      for (const i of imports) {
        if (i.target && isBuildCode(i.target)) out.pagesImportBuildCode.push(`${named(file, i)}: pages import no build code, types included; shared types and values belong in pipeline/types.ts or pipeline/published.ts`);
      }
    }
    if (inFolder(file, 'theme/client') || inFolder(file, 'theme/shared')) {
      const allowed = inFolder(file, 'theme/client') ? ['theme/client', 'theme/shared'] : ['theme/shared'];
      for (const i of imports) {
        const outside = i.target ? !allowed.some((f) => inFolder(i.target!, f)) : i.specifier.startsWith('node:') || i.specifier.startsWith('/');
        if (outside) out.clientImports.push(`${named(file, i)}: the client bundle imports nothing outside ${allowed.join(' and ')} but npm packages`);
      }
    }
  }
  out.cycles.push(...cycles(new Map([...info].map(([file, { imports }]) => [
    file, imports.flatMap((i) => (i.target && known.has(i.target) && !pending.has(arrow(file, i.target)) ? [i.target] : [])),
  ] as const))));
  out.stalePending.push(...[...pending].filter((a) => !pendingSeen.has(a)));
  return out;
}

/** Every circle of imports, once each, as its path: `a.ts → b.ts → a.ts`. */
function cycles(graph: ReadonlyMap<string, ReadonlyArray<string>>): string[] {
  const found = new Map<string, string>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') {
        const circle = [...stack.slice(stack.indexOf(next)), next];
        const key = [...new Set(circle)].sort().join('\0');
        if (!found.has(key)) found.set(key, `import cycle: ${circle.join(' → ')}`);
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return [...found.values()];
}

function readTree(): Map<string, string> {
  const tree = new Map<string, string>();
  for (const dir of ['pipeline', 'renderer', 'theme', 'bin']) {
    for (const entry of fs.readdirSync(path.join(root, dir), { recursive: true }).map(String).sort()) {
      if (!/\.(tsx?|mjs)$/.test(entry)) continue;
      const file = `${dir}/${entry.split(path.sep).join('/')}`;
      tree.set(file, fs.readFileSync(path.join(root, file), 'utf8'));
    }
  }
  return tree;
}

// ---------------------------------------------------------------------------

const rules = suite('architecture: the rules catch what they name');

/** One breach of each rule, so that a reader that found nothing cannot pass for a clean tree. */
const breaches = new Map([
  ['pipeline/stages/a.ts', "import fs from 'node:fs';\nimport type { Page } from '../../theme/pages/page.tsx';\nimport { b } from './deep/b.ts';\nexport const a = () => Date.now() + process.pid;\n"],
  ['pipeline/stages/deep/b.ts', "import { a } from '../a.ts';\nexport const b = () => new Date();\n"],
  ['pipeline/stages/c.ts', "export { x } from '../io/read.ts';\nconst y = () => import('../schedule/schedule.ts');\n"],
  ['renderer/r.tsx', "import {\n  type Icon,\n  type Other,\n} from '../theme/shell/icons.tsx';\n"],
  ['theme/pages/page.tsx', "import { absolute } from '../../pipeline/stages/site-url.ts';\nimport type { Site } from '../../pipeline/stages/resolve.ts';\n"],
  ['theme/client/c.ts', "import MiniSearch from 'minisearch';\nimport { labels } from '../labels.ts';\nimport { ok } from './ok.ts';\nimport { shared } from '../shared/s.ts';\n"],
  ['theme/client/ok.ts', 'export const ok = 1;\n'],
  ['theme/shared/s.ts', "import { ok } from '../client/ok.ts';\nexport const shared = ok;\n"],
  ['theme/shell/x.tsx', "import { y } from './y.tsx';\nexport const x = 1;\n"],
  ['theme/shell/y.tsx', "import type { x } from './x.tsx';\nexport const y = 2;\n"],
  ['pipeline/published.ts', "import type { Site } from './stages/resolve.ts';\n"],
  ['pipeline/stages/resolve.ts', 'export interface Site { readonly name: string }\n'],
  ['pipeline/stages/validate/v.ts', "import { keySegment } from '../resolve/tag-slug.ts';\n"],
  ['pipeline/stages/resolve/tag-slug.ts', 'export const keySegment = (key: string) => key;\n'],
  ['pipeline/stages/parse/mdx-code-blocks.ts', "import { staticValue } from '../markdown/mdx-static.ts';\n"],
  ['pipeline/stages/markdown/mdx-static.ts', 'export const staticValue = 1;\n'],
  ['pipeline/loose.ts', 'export const loose = 1;\n'],
]);

/** Exceptions for the breaches above: one still there (left out of `laterStage`), one no file breaks any more. */
const breachExceptions = new Set([
  'pipeline/stages/parse/mdx-code-blocks.ts → pipeline/stages/markdown/mdx-static.ts',
  'pipeline/stages/validate/sidebars-file.ts → pipeline/stages/markdown/raw-html.ts',
]);

rules('should name the file and the import or call of each breach', () => {
  const v = violations(breaches, breachExceptions);
  assert.equal(v.stageEffects.map((m) => m.replace(/:.*? (imports|uses) /, ' $1 ').replace(/: a stage.*$/, '')), [
    'pipeline/stages/a.ts imports node:fs',
    'pipeline/stages/a.ts uses Date.now()',
    'pipeline/stages/a.ts uses process',
    'pipeline/stages/deep/b.ts uses the current date (Date without an argument)',
  ]);
  assert.equal(v.stageImports.map((m) => m.replace(/: a stage.*$/, '')), [
    'pipeline/stages/a.ts:2 imports ../../theme/pages/page.tsx (theme/pages/page.tsx)',
    'pipeline/stages/c.ts:1 imports ../io/read.ts (pipeline/io/read.ts)',
    'pipeline/stages/c.ts:2 imports ../schedule/schedule.ts (pipeline/schedule/schedule.ts)',
  ]);
  assert.equal(v.rendererImportsTheme.map((m) => m.replace(/: the theme.*$/, '')), ['renderer/r.tsx:1 imports ../theme/shell/icons.tsx (theme/shell/icons.tsx)']);
  assert.equal(v.pagesImportBuildCode.map((m) => m.replace(/: pages.*$/, '')), [
    'theme/pages/page.tsx:1 imports ../../pipeline/stages/site-url.ts (pipeline/stages/site-url.ts)',
    'theme/pages/page.tsx:2 imports ../../pipeline/stages/resolve.ts (pipeline/stages/resolve.ts)',
  ]);
  assert.equal(v.clientImports.map((m) => m.replace(/: the client.*$/, '')), [
    'theme/client/c.ts:2 imports ../labels.ts (theme/labels.ts)',
    'theme/shared/s.ts:1 imports ../client/ok.ts (theme/client/ok.ts)',
  ]);
  assert.equal(v.cycles, [
    'import cycle: pipeline/stages/a.ts → pipeline/stages/deep/b.ts → pipeline/stages/a.ts',
    'import cycle: theme/shell/x.tsx → theme/shell/y.tsx → theme/shell/x.tsx',
  ]);
  assert.equal(v.unplaced.map((m) => m.replace(/: on no floor.*$/, '')), ['pipeline/loose.ts']);
  assert.equal(v.upward.map((m) => m.replace(/ imports .*: the /, ': the ').replace(/ floor above it.*$/, '')), [
    'pipeline/stages/a.ts:2: the stages floor imports from the theme',
    'pipeline/published.ts:1: the ground floor imports from the stages',
  ]);
  assert.equal(v.laterStage.map((m) => m.replace(/: \w+ runs.*$/, '')), [
    'pipeline/stages/validate/v.ts:1 imports ../resolve/tag-slug.ts (pipeline/stages/resolve/tag-slug.ts)',
  ]);
  assert.equal(v.stalePending, ['pipeline/stages/validate/sidebars-file.ts → pipeline/stages/markdown/raw-html.ts']);
});

rules('should pass a clock value that is given, and a date made from one', () => {
  const v = violations(new Map([['pipeline/stages/d.ts', "export const day = (iso: string, now: Date) => [new Date(`${iso}T00:00:00Z`), now];\n"]]));
  assert.equal(v.stageEffects, []);
});

rules.run();

const code = suite('architecture: the code');
const tree = readTree();
const found = violations(tree);

code('should read the stages, their subfolders, the renderer and the theme', () => {
  const count = (folder: string) => [...tree.keys()].filter((f) => inFolder(f, folder)).length;
  assert.ok(count('pipeline/stages') >= 15, `${count('pipeline/stages')} stage files`);
  assert.ok(count('renderer') >= 4 && count('theme/client') >= 10 && count('theme/pages') >= 4);
  assert.ok(tree.has('bin/ontwikkelaarsportaal.mjs') && count('pipeline/io') >= 10);
});

code('should keep the pure stages free of disk, threads, processes, browsers, the clock and randomness', () => {
  assert.equal(found.stageEffects, []);
});

code('should keep the stages from importing the renderer, the theme, the io edges, the schedule, the command lines and the graph', () => {
  assert.equal(found.stageImports, []);
});

code('should let the theme import the renderer, never the renderer the theme', () => {
  assert.equal(found.rendererImportsTheme, []);
});

code('should keep the renderer and the theme from importing build code, types included', () => {
  assert.equal(found.pagesImportBuildCode, []);
});

code('should keep the client bundle inside theme/client and theme/shared, and theme/shared inside itself', () => {
  assert.equal(found.clientImports, []);
});

code('should put every file on a floor', () => {
  assert.equal(found.unplaced, []);
});

code('should import nothing from a higher floor', () => {
  assert.equal(found.upward, []);
});

code('should let no stage import a stage that runs after it', () => {
  assert.equal(found.laterStage, []);
});

code('should have no import cycle anywhere in the tree', () => {
  assert.equal(found.cycles, []);
});

code('should list as pending only imports that are still there', () => {
  assert.equal(found.stalePending, []);
});

code.run();
