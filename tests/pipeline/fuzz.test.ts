/**
 * fast-check feeds hostile content to the pure pipeline
 * (`analyse` + `generate`, rendering included, on in-memory trees like
 * tests/helpers.ts) and checks that it always ends with problems as data:
 *
 *  - no exception escapes, whatever the input;
 *  - every problem is well formed (a known code, a message, a 1-based place);
 *  - every output path is relative and normalised, without `..`, so nothing
 *    can be written outside dist/ (pipeline/io/write.ts `targetPath`);
 *  - no page gets an inline script, an event-handler attribute or a
 *    `javascript:` address (the CSP invariant);
 *  - the output grows with the input, no faster (`outputBound`), and
 *    structures nested or delimited beyond the parser's limits are refused
 *    before they reach it.
 *
 * The work is fixed, not the time: each property makes a set number of runs
 * on inputs of bounded size, so a loaded machine makes the test slower, never
 * different. How fast the pipeline is belongs in `npm run bench`. A hang
 * cannot be stopped from inside a synchronous pipeline, so the properties run
 * in a worker thread with a deadline far beyond their work, after which the
 * worker is terminated and the test fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import { posix } from 'node:path';
import { isMainThread, parentPort } from 'node:worker_threads';
import { deadlineWorker } from './deadline-worker.ts';
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { visit } from 'unist-util-visit';
import { analyse, generate, type Generated } from '../../pipeline/build.ts';
import { targetPath } from '../../pipeline/io/write.ts';
import { parseMarkdownBody } from '../../pipeline/stages/parse.ts';
import { splitFrontmatter } from '../../pipeline/stages/parse/frontmatter.ts';
import { limits } from '../../pipeline/stages/parse/limits.ts';
import { safeDecode } from '../../pipeline/stages/markdown.ts';
import type { AssetFile, SourceTree } from '../../pipeline/io/read.ts';
import { hasErrors, type Problem } from '../../pipeline/problem.ts';
import { configText, effects, root, tree } from '../helpers.ts';

// ---------------------------------------------------------------------------
// The pipeline on an in-memory tree, and the invariants of its result

const png = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'));

/** With the shell script, as the real pages have it. */
const shellEffects = { ...effects, theme: { ...effects.theme, js: '/assets/shell.js' } };

interface Input {
  readonly files: Record<string, string>;
  readonly config?: string;
  readonly assets?: ReadonlyArray<string>;
  readonly render?: boolean;
}

function pipeline(input: Input): Generated {
  const base = tree(input.files, input.config ?? configText);
  const assets: AssetFile[] = (input.assets ?? []).map((p) => ({ path: p, display: `content/${p}`, bytes: png }));
  const sources: SourceTree = { ...base, assets };
  return generate(analyse(sources, 'production', { today: '2026-01-01' }), shellEffects, { render: input.render ?? true });
}

const knownCodes = new Set([...fs.readFileSync(path.join(root, 'docs/errors.md'), 'utf8').matchAll(/^## ([a-z-]+)\s*$/gm)].map((m) => m[1]));

function problemFault(p: Problem): string | null {
  if (p.severity !== 'error' && p.severity !== 'warning') return `severity ${String(p.severity)}`;
  if (!knownCodes.has(p.code)) return `unknown code ${p.code}`;
  if (typeof p.message !== 'string' || p.message.trim() === '' || /undefined|\[object Object\]|\bNaN\b/.test(p.message)) return `message ${JSON.stringify(p.message)}`;
  if (!(Number.isInteger(p.line) && p.line >= 1 && Number.isInteger(p.column) && p.column >= 1)) return `place ${p.line}:${p.column}`;
  if (typeof p.file !== 'string' || p.file === '') return 'no file';
  return null;
}

const scriptElement = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const startTag = /<([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const attribute = /\s([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const urlAttributes = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'data', 'srcset']);

/** The first event-handler attribute or script address in real tags (never in text or attribute values). */
function scriptAttribute(html: string): string | null {
  for (const [tag, name = '', attributes = ''] of html.matchAll(startTag)) {
    for (const [, attr = '', a, b, c] of attributes.matchAll(attribute)) {
      const key = attr.toLowerCase();
      const value = (a ?? b ?? c ?? '').replace(/&#0*58;|&colon;/gi, ':').replace(/[\u0000-\u0020]/g, '').toLowerCase();
      if (key.startsWith('on')) return `<${name} ${attr}=…> in ${tag.slice(0, 120)}`;
      if (urlAttributes.has(key) && /^(javascript|vbscript|data):/.test(value)) return `<${name} ${attr}="${value.slice(0, 40)}">`;
    }
  }
  return null;
}

/** Throws with a readable reason when the result breaks an invariant. */
function holdsFor(g: Generated): void {
  for (const p of g.problems) {
    const fault = problemFault(p);
    if (fault) throw new Error(`malformed problem (${fault}): ${JSON.stringify(p)}`);
  }
  const seen = new Map<string, string | Uint8Array>();
  for (const f of g.files) {
    if (targetPath('/dist', f.path) === null) throw new Error(`output path leaves dist/ or is not normalised: ${JSON.stringify(f.path)}`);
    const earlier = seen.get(f.path);
    // The same image twice in content/ gives the same hashed asset: fine when the bytes agree.
    if (earlier !== undefined && Buffer.compare(Buffer.from(earlier), Buffer.from(f.data)) !== 0) throw new Error(`two different output files at ${f.path}`);
    seen.set(f.path, f.data);
    if (!f.path.endsWith('.html') || typeof f.data !== 'string') continue;
    for (const [element, attributes = '', body = ''] of f.data.matchAll(scriptElement)) {
      if (/\ssrc=/i.test(attributes) && body === '') continue;
      // Structured data is not script, as long as no text can close the element (`<` escaped).
      if (/\stype="application\/ld\+json"/.test(attributes) && !body.includes('<')) {
        JSON.parse(body);
        continue;
      }
      throw new Error(`inline script in ${f.path}: ${element.slice(0, 200)}`);
    }
    const bad = scriptAttribute(f.data);
    if (bad) throw new Error(`event handler or script address in ${f.path}: ${bad}`);
  }
}

/**
 * The most a run may write for `input`: the site around it (shell, lists,
 * sidebars, feeds, search index) and each input character some dozens of times
 * (escaped, and again in the title, table of contents and search index). More
 * is work that grows faster than the input.
 */
function outputBound(input: Input): number {
  const chars = Object.values(input.files).reduce((n, text) => n + text.length, 0) + (input.config ?? configText).length;
  return 1024 * 1024 + 64 * chars;
}

/** Runs the pipeline on `input` and checks the invariants of its result. */
function survives(input: Input): Generated {
  const g = pipeline(input);
  holdsFor(g);
  const written = g.files.reduce((n, f) => n + f.data.length, 0);
  if (written > outputBound(input)) throw new Error(`${written} characters of output for ${JSON.stringify(input).length} of input (at most ${outputBound(input)})`);
  return g;
}

// ---------------------------------------------------------------------------
// Generators

/** Text as the read edge would give it: any bytes decoded as UTF-8 (invalid sequences become U+FFFD), NULs, lone surrogates. */
const hostileText = (maxLength: number) => fc.oneof(
  fc.uint8Array({ maxLength }).map((b) => new TextDecoder('utf-8').decode(b)),
  fc.string({ unit: 'binary', maxLength }),
  fc.array(fc.constantFrom('\0', '\uD800', '\uDFFF', '\uFFFE', '\uFEFF', '\u202E', '\u2028', '\r', '\r\n', '\t', 'a', ' ', '\n', '---\n', ':', '#', '<', '>', '&', '"'), { maxLength }).map((xs) => xs.join('')),
);

const kinds = ['kennisbank/x.md', 'kennisbank/diep/y.md', 'communities/z.md', 'blog/2024-01-02-x.md', 'pages/x.md', 'tags.yml', 'blog/authors.yml', 'kennisbank/_category_.json', 'site.yml'] as const;

/** Puts `text` in one kind of file (site.yml replaces the configuration). */
const place = (kind: (typeof kinds)[number], text: string): Input =>
  kind === 'site.yml' ? { files: {}, config: text } : { files: { [kind]: text } };

const yamlTokens = [
  'title: ', 'slug: ', 'tags: ', 'authors: ', 'id: ', 'draft: ', 'sidebar_position: ', 'label: ', 'name: ', 'description: ', 'permalink: ',
  'x', 'api', '1', '-1', '1e999', '0x1F', 'true', 'null', '~', '"', "'", '\\', '\n', '\n  ', '\n- ', '- ', '  ', '\t', ': ', ':', ',', '[', ']', '{', '}',
  '&a ', '*a', '&b [*a, *a, *a, *a]', '<<: *a', '!!binary ', '!!js/function ', '!<tag:yaml.org,2002:str> ', '? ', '|', '>', '%YAML 1.1\n', '---\n', '...\n', '#', '@', '`',
  '"\\u0000"', '"\\x00"', '\0', '\uFEFF', 'é', '../', '/../../etc', '<script>alert(1)</script>',
];
const brokenYaml = fc.array(fc.constantFrom(...yamlTokens), { maxLength: 60 }).map((xs) => xs.join(''));

/** The real configuration with a few lines replaced by junk. */
const brokenConfig = fc.tuple(fc.array(fc.tuple(fc.nat(), brokenYaml), { minLength: 1, maxLength: 4 })).map(([edits]) => {
  const lines = configText.split('\n');
  for (const [at, junk] of edits) lines.splice(at % lines.length, 1, junk);
  return lines.join('\n');
});

const nested = (kind: string, depth: number): string => {
  switch (kind) {
    case 'list': return Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- x`).join('\n');
    case 'ordered': return Array.from({ length: depth }, (_, i) => `${'   '.repeat(i)}1. x`).join('\n');
    case 'quote': return `${'> '.repeat(depth)}x`;
    case 'one-line': return `${'- '.repeat(depth)}x`;
    case 'one-line-mixed': return `${Array.from({ length: depth }, (_, i) => ['1. ', '- ', '> '][i % 3]).join('')}x`;
    case 'mixed': return Array.from({ length: depth }, (_, i) => `${'> '.repeat(i % 3)}${'  '.repeat(i)}- x`).join('\n');
    case 'brackets': return `${'['.repeat(depth)}x${']('.repeat(depth)}`;
    case 'emphasis': return `${'*'.repeat(depth)}x${'_'.repeat(depth)}`;
    case 'html': return `${'<div>'.repeat(depth)}x${'</div>'.repeat(depth)}`;
    case 'html-lines': return `${'<div>\n\n'.repeat(depth)}x\n\n${'</div>\n\n'.repeat(depth)}`;
    case 'details': return `${'<details><summary>s</summary>\n\n'.repeat(depth)}x`;
    case 'admonition': return Array.from({ length: depth }, (_, i) => `${':'.repeat(3 + depth - i)}note`).join('\n\n');
    case 'headings': return Array.from({ length: depth }, () => `## Kop {#kop}\n`).join('\n');
    default: return 'x';
  }
};
const nestingKinds = ['list', 'ordered', 'quote', 'one-line', 'one-line-mixed', 'mixed', 'brackets', 'emphasis', 'html', 'html-lines', 'details', 'admonition', 'headings'] as const;

// Link and image targets with `..`, encodings and odd schemes.
const segment = fc.constantFrom('..', '.', '', 'a', 'b', 'kennisbank', 'x.md', 'y.md', 'img.png', '%2e%2e', '%2E%2E%2F', '..%2f', '%00', '%E0%A4%A', '%zz', '~', 'etc', 'passwd', '.git', 'index.md', '..\\..', 'Ä.md');
const target = fc.tuple(
  fc.constantFrom('', '', './', '/', '//', 'file:', 'file:///', 'javascript:', 'data:'),
  fc.array(segment, { minLength: 1, maxLength: 7 }),
  fc.constantFrom('', '', '#kop', '#', '?x=1', '#%E0'),
).map(([prefix, parts, suffix]) => `${prefix}${parts.join('/')}${suffix}`);

/** File names from any characters but `/` and NUL (the disk allows no others), never `.` or `..`. */
const oddName = fc.string({ unit: fc.constantFrom('a', 'Z', '0', ' ', '-', '_', '.', '#', '?', '%', '&', '"', "'", '<', '>', '\\', '`', '*', '[', ']', '(', ')', '{', '}', 'é', 'e\u0301', '\u202E', '\u200B', '😀', '\t', '\r', '\n', ':', ';', '='), minLength: 1, maxLength: 40 })
  .filter((n) => n !== '.' && n !== '..' && n.trim() !== '');

const payloads = [
  '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', "'><svg onload=alert(1)>", 'javascript:alert(1)', '</title><script>alert(1)</script>',
  '<!--', '-->', ']]>', '{{constructor.constructor("alert(1)")()}}', '${alert(1)}', '\u2028\u2029', '<a href="javascript:alert(1)">x</a>',
  '[x](javascript:alert(1))', '<iframe src=//evil>', '&lt;script&gt;', '\0', 'normaal',
];
const payload = fc.constantFrom(...payloads);

// ---------------------------------------------------------------------------
// Properties, by name, with the number of runs each makes

interface Outcome { readonly runs: number; readonly planned: number }

/** A reported failure again: `FUZZ_SEED=<seed of fast-check's report> node --import tsx tests/run.ts pipeline/fuzz`. */
const replay = process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {};

/** Runs `property` `numRuns` times, however long that takes; throws fast-check's report on a failure. */
function check<Ts extends [unknown, ...unknown[]]>(property: fc.IProperty<Ts>, numRuns: number): Outcome {
  const details = fc.check(property, { numRuns, ...replay });
  if (details.failed) {
    const inner = details.errorInstance;
    const report = fc.defaultReportMessage(details) ?? '';
    throw new Error(`${inner instanceof Error ? inner.message : String(inner)}\n\n${report.slice(0, 4000)}`);
  }
  return { runs: details.numRuns, planned: numRuns };
}

/** Runs per property: each takes a few seconds on an idle two-core machine, some tens of seconds on a busy one. */
const runs = {
  bytes: 100, yaml: 150, nesting: 40, longLines: 6, links: 100, names: 50, payloads: 60,
} as const;

/** Whether `kind` at `depth` (see `nested`) goes beyond what the parser is given: nesting or delimiters over the limits. */
const overLimits = (kind: string, depth: number): boolean =>
  ['list', 'ordered', 'quote', 'one-line', 'one-line-mixed', 'mixed', 'admonition', 'html', 'html-lines', 'details'].includes(kind) ? depth > limits.nesting
    : ['brackets', 'emphasis'].includes(kind) ? 2 * depth > limits.delimiters : false;

const properties: Record<string, () => Outcome> = {
  'random bytes, invalid UTF-8, NULs and lone surrogates in every kind of file': () => check(
    fc.property(fc.constantFrom(...kinds), fc.constantFrom('', '---\ntitle: X\n---\n\n', '---\n'), hostileText(2000), (kind, prefix, text) => {
      survives(place(kind, prefix + text));
    }), runs.bytes),

  'broken YAML in frontmatter, tags, authors, categories and the site configuration': () => check(
    fc.property(fc.constantFrom('doc', 'post', 'tags', 'authors', 'category', 'config'), brokenYaml, brokenConfig, (where, yaml, config) => {
      const input: Input = where === 'doc' ? { files: { 'kennisbank/x.md': `---\n${yaml}\n---\n\nTekst.\n` } }
        : where === 'post' ? { files: { 'blog/2024-01-02-x.md': `---\n${yaml}\n---\n\nIn.\n\n<!-- truncate -->\n` } }
          : where === 'tags' ? { files: { 'tags.yml': yaml } }
            : where === 'authors' ? { files: { 'blog/authors.yml': yaml } }
              : where === 'category' ? { files: { 'kennisbank/diep/_category_.json': yaml, 'kennisbank/diep/y.md': '---\ntitle: Y\n---\n' } }
                : { files: {}, config };
      survives(input);
    }), runs.yaml),

  'deeply nested lists, quotes, brackets, emphasis, HTML and YAML': () => check(
    fc.property(fc.constantFrom(...nestingKinds), fc.integer({ min: 1, max: 4000 }), fc.constantFrom('body', 'yaml'), (kind, depth, where) => {
      const file = where === 'body'
        ? `---\ntitle: X\n---\n\n${nested(kind, depth)}\n`
        : `---\ntitle: X\nk: ${'['.repeat(depth)}${']'.repeat(depth)}\nm:\n${Array.from({ length: Math.min(depth, 500) }, (_, i) => `${'  '.repeat(i + 1)}k${i}:`).join('\n')}\n---\n\nx\n`;
      const g = survives({ files: { 'kennisbank/x.md': file } });
      // Too deep or too many marks for the parser: refused before it, the file named, not parsed at all.
      if (where === 'body' && overLimits(kind, depth) && !g.problems.some((p) => (p.code === 'markup-too-complex' || p.code === 'file-too-large') && p.file === 'content/kennisbank/x.md')) {
        throw new Error(`${kind} ${depth} deep reached the parser: no markup-too-complex or file-too-large`);
      }
    }), runs.nesting),

  '10 MB lines and long lines just under the size limit': () => check(
    fc.property(fc.constantFrom('a', 'ab ', '[a](b) ', '*a ', '`a ', '<a ', '![', '\0', 'é'), fc.boolean(), (unit, huge) => {
      const chars = huge ? 10 * 1024 * 1024 : limits.fileChars - 64;
      const line = unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars);
      const g = survives({ files: { 'kennisbank/lang.md': `---\ntitle: Lang\n---\n\n${line}\n` }, render: !huge });
      if (huge && !g.problems.some((p) => p.code === 'file-too-large')) throw new Error('a 10 MB file is refused with file-too-large');
    }), runs.longLines),

  'links and images with .., encodings and odd schemes stay inside the content root': () => check(
    fc.property(fc.array(fc.tuple(fc.constantFrom('link', 'image', 'definition', 'html-img', 'html-a'), target), { minLength: 1, maxLength: 6 }), (refs) => {
      const body = refs.map(([kind, url], i) =>
        kind === 'link' ? `[link ${i}](<${url}>)`
          : kind === 'image' ? `![beeld ${i}](<${url}>)`
            : kind === 'definition' ? `[ref${i}]: <${url}>\n\n[ref ${i}][ref${i}]`
              : kind === 'html-img' ? `<img src="${url.replace(/"/g, '')}" alt="x" />`
                : `<a href="${url.replace(/"/g, '')}">x</a>`).join('\n\n');
      const docPath = 'kennisbank/a/b/doc.md';
      const text = `---\ntitle: Doc\n---\n\n## Kop\n\n${body}\n`;
      const g = survives({ files: { [docPath]: text, 'kennisbank/a/y.md': '---\ntitle: Y\n---\n' }, assets: ['kennisbank/a/img.png', 'img.png'] });
      // Every relative Markdown link or image that resolves above the content root is an error at its line.
      visit(parseMarkdownBody(splitFrontmatter(text).body), (node) => {
        if ((node.type !== 'link' && node.type !== 'image' && node.type !== 'definition') || !('url' in node)) return;
        const url = String(node.url);
        if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('/') || url.startsWith('#') || url === '') return;
        const file = safeDecode(url.split('#')[0] ?? '').split('?')[0] ?? '';
        const resolved = posix.normalize(posix.join(posix.dirname(docPath), file));
        if (!(resolved === '..' || resolved.startsWith('../'))) return;
        const line = node.position?.start.line;
        if (!g.problems.some((p) => p.code === 'link-outside-content' && p.line === line)) {
          throw new Error(`"${url}" on line ${line} leaves the content root but gives no link-outside-content`);
        }
      });
      // A build without errors (the only kind that is written) has no image from outside the content root.
      if (!hasErrors(g.problems)) {
        for (const f of g.files) {
          if (typeof f.data === 'string' && /\ssrc="[^"]*\.\.\//.test(f.data)) throw new Error(`a src with ../ in ${f.path}`);
        }
      }
    }), runs.links),

  'odd file names give safe output paths, the same output twice': () => check(
    fc.property(fc.array(fc.tuple(fc.constantFrom('kennisbank/', 'kennisbank/map/', 'blog/2024-03-04-', 'pages/', 'communities/'), oddName), { minLength: 1, maxLength: 4 }), oddName, (names, asset) => {
      const files: Record<string, string> = {};
      for (const [dir, name] of names) {
        files[`${dir}${name}.md`] = dir.startsWith('blog/')
          ? `---\ntitle: Post\n---\n\nIn.\n\n<!-- truncate -->\n\n![plaatje](<./${encodeURI(asset)}.png>)\n`
          : `---\ntitle: ${JSON.stringify(name)}\n---\n\n![plaatje](<./${encodeURI(asset)}.png>)\n`;
      }
      const input = { files, assets: names.map(([dir]) => `${dir.replace(/\d{4}-\d{2}-\d{2}-$/, '')}${asset}.png`) };
      const a = survives(input);
      const b = pipeline(input);
      const flat = (g: Generated) => g.files.map((f) => `${f.path}\n${typeof f.data === 'string' ? f.data : Buffer.from(f.data).toString('base64')}`);
      if (JSON.stringify(flat(a)) !== JSON.stringify(flat(b))) throw new Error('two runs on the same input differ');
    }), runs.names),

  'payloads in titles, labels, names, headings and links never become script': () => check(
    fc.property(fc.array(payload, { minLength: 8, maxLength: 8 }), (p) => {
      const files = {
        'tags.yml': `api:\n  label: ${JSON.stringify(p[0])}\n  description: ${JSON.stringify(p[1])}\nsecurity:\n  label: Security\n`,
        'blog/authors.yml': `ada:\n  name: ${JSON.stringify(p[2])}\n  title: ${JSON.stringify(p[3])}\n  url: ${JSON.stringify(p[4])}\n`,
        'kennisbank/x.md': `---\ntitle: ${JSON.stringify(p[5])}\ndescription: ${JSON.stringify(p[6])}\nsidebar_label: ${JSON.stringify(p[7])}\ntags: [api]\n---\n\n## ${p[0]}\n\n[${p[1]}](${p[3]}) ${p[2]}\n`,
        'blog/2024-01-02-x.md': `---\ntitle: ${JSON.stringify(p[4])}\nauthors: [ada]\ntags: [api]\n---\n\n${p[5]}\n\n<!-- truncate -->\n\n${p[6]}\n`,
      };
      survives({ files });
    }), runs.payloads),
};

// ---------------------------------------------------------------------------
// The worker side: run one property on request

if (!isMainThread) {
  parentPort?.on('message', (name: string) => {
    const started = performance.now();
    try {
      const outcome = (properties[name] as () => Outcome)();
      parentPort?.postMessage({ name, ok: true, ...outcome, ms: Math.round(performance.now() - started) });
    } catch (e) {
      parentPort?.postMessage({ name, ok: false, message: e instanceof Error ? e.message : String(e) });
    }
  });
}

// ---------------------------------------------------------------------------
// The main side: one uvu test per property, each with a hard deadline

if (isMainThread) {
  const fuzz = suite('fuzz: hostile content');
  /** Per property: a hang, not a slow machine (each property's runs take seconds, on a loaded machine tens of them). */
  const deadlineMs = 180_000;
  type Reply = { name: string; ok: true; runs: number; planned: number; ms: number } | { name: string; ok: false; message: string };
  const worker = deadlineWorker<Reply>(import.meta.url, deadlineMs);

  fuzz.after(() => worker.close());

  for (const name of Object.keys(properties)) {
    fuzz(`should survive: ${name}`, async () => {
      const reply = await worker.run(name);
      if (reply === 'timeout') assert.unreachable(`the property did not finish within ${deadlineMs / 1000} s: the pipeline hangs on some input`);
      else if (!reply.ok) assert.unreachable(reply.message);
      else {
        assert.is(reply.runs, reply.planned, 'every planned run was made');
        console.log(`\n  ${name}: ${reply.runs} runs, ${reply.ms} ms`);
      }
    });
  }

  fuzz.run();
}
