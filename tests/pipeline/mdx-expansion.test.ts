/**
 * What a page's templates, partials and repeated children may make
 * (pipeline/stages/markdown/expansion-budget.ts): the attack inputs that
 * multiply a file of under 1 KB into a billion nodes end as one
 * `mdx-expansion-limit` error, and random graphs of templates and partials
 * end as a page or that error, with what the page holds bounded by the
 * budget. The bound is asserted by counting the nodes of the page, not by
 * time. A hang cannot be stopped from inside the synchronous markdown stage,
 * so each test runs in a worker with a deadline far beyond its work (as
 * tests/pipeline/fuzz.test.ts does), after which the worker is terminated and
 * the test fails instead of hanging the suite.
 */
import { isMainThread, parentPort } from 'node:worker_threads';
import { deadlineWorker } from './deadline-worker.ts';
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Root as HastRoot } from 'hast';
import { renderMarkdown, type MarkdownContext } from '../../pipeline/stages/markdown.ts';
import { parseMarkdownBody } from '../../pipeline/stages/parse.ts';
import type { Partials } from '../../pipeline/types.ts';
import type { ExpansionLimits } from '../../pipeline/stages/markdown/expansion-budget.ts';
import { analyse, generate } from '../../pipeline/build.ts';
import type { Problem } from '../../pipeline/problem.ts';
import { configText, tree } from '../helpers.ts';
import { codes, ctx } from './mdx-page.ts';
import { themeCode } from '../../theme/theme-code.ts';

// ---------------------------------------------------------------------------
// A page with partials (content path → text) through the markdown stage

function page(md: string, partials: Record<string, string> = {}, limit?: ExpansionLimits) {
  const parsed: Partials = new Map(Object.entries(partials).map(([path, text]) => [path, { path, display: path, text, tree: parseMarkdownBody(text, 'mdx') }]));
  const context: MarkdownContext = { ...ctx, partials: parsed, mdx: { ...ctx.mdx!, ...(limit ? { expansionLimit: limit } : {}) } };
  return renderMarkdown({ tree: parseMarkdownBody(md, 'mdx'), path: 'docs/pagina.mdx', display: 'docs/pagina.mdx', permalink: '/docs/pagina', tocMin: 2, tocMax: 3, source: md }, context);
}

/** The nodes of a page's body (elements, text, components), counted with a stack of its own. */
function hastNodes(root: HastRoot): number {
  let count = 0;
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as { children?: unknown[] };
    count++;
    if (node.children) stack.push(...node.children);
  }
  return count;
}

const where = (problems: ReadonlyArray<Problem>) => problems.map((p) => `${p.file} ${p.line}:${p.column} ${p.severity} ${p.code}`);

/** Ten uses per level, nine levels deep: a billion `<b>` from under 1 KB. */
const exponentialTemplate = [...Array(9).keys()].map((i) => `export const A${i} = () => <>${`<A${i + 1}/>`.repeat(10)}</>`).join('\n')
  + '\nexport const A9 = () => <b>x</b>\n\n<A0/>\n';

/** `_p0` places `_p1` ten times, and so on, nine deep. */
const partialBomb = Object.fromEntries([...Array(10).keys()].map((i) => [`docs/_p${i}.mdx`,
  i < 9 ? `import P from './_p${i + 1}.mdx';\n\n${'<P />\n\n'.repeat(10)}` : 'Tekst.\n']));

/** Each level doubles what is inside it, 28 levels: within the nesting limit of 32. */
const childrenDoubler = `export const D = ({children}) => <>{children}{children}</>\n\nTekst <span>${'<D>'.repeat(28)}x${'</D>'.repeat(28)}</span>\n`;

// ---------------------------------------------------------------------------
// The tests, each a function the worker runs

const cases: Record<string, () => void> = {
  'an exponential template is one mdx-expansion-limit error at its use, and the page stays within the budget': () => {
    assert.ok(exponentialTemplate.length < 1024, `${exponentialTemplate.length} bytes`);
    const { content, problems } = page(exponentialTemplate);
    assert.equal(codes(problems), ['12:1 error mdx-expansion-limit']);
    assert.match(problems[0]!.message, /<A\d> maakt de pagina groter dan 100\.000 elementen/);
    assert.ok(hastNodes(content.body) <= 100_000, `${hastNodes(content.body)} nodes`);
  },

  'a partial bomb is one mdx-expansion-limit error in the partial whose use crossed the budget': () => {
    const { content, problems } = page("import P from './_p0.mdx';\n\n<P />\n", partialBomb);
    assert.is(problems.length, 1, where(problems).join('\n'));
    assert.is(problems[0]!.code, 'mdx-expansion-limit');
    assert.match(problems[0]!.file, /^docs\/_p\d\.mdx$/);
    assert.match(problems[0]!.message, /<P> \(docs\/_p\d\.mdx\) maakt de pagina groter/);
    assert.ok(hastNodes(content.body) <= 2 * 100_000, `${hastNodes(content.body)} nodes`);
  },

  'a children doubler nested 28 deep is one mdx-expansion-limit error at the inner use that crossed the budget': () => {
    const { content, problems } = page(childrenDoubler);
    assert.is(problems.length, 1, where(problems).join('\n'));
    assert.is(problems[0]!.code, 'mdx-expansion-limit');
    // The copies keep the place of the <D> they copy: one of the 28 on line 3.
    assert.is(problems[0]!.line, 3);
    assert.ok(problems[0]!.column > 13 && problems[0]!.column < 13 + 28 * 3, `column ${problems[0]!.column}`);
    assert.ok(hastNodes(content.body) <= 2 * 100_000, `${hastNodes(content.body)} nodes`);
  },

  'partials placed through each other deeper than the depth limit are one error, at the use one level too deep': () => {
    const chain = Object.fromEntries([...Array(40).keys()].map((i) => [`docs/_d${i}.mdx`, `import D from './_d${i + 1}.mdx';\n\nNiveau ${i}.\n\n<D />\n`]));
    chain['docs/_d40.mdx'] = 'Bodem.\n';
    const { content, problems } = page("import D from './_d0.mdx';\n\n<D />\n", chain);
    assert.equal(where(problems), ['docs/_d31.mdx 5:1 error mdx-expansion-limit']);
    assert.match(problems[0]!.message, /meer dan 32 niveaus diep/);
    const html = JSON.stringify(content.body);
    assert.ok(html.includes('Niveau 31.') && !html.includes('Niveau 32.'));
  },

  'templates that use each other deeper than the depth limit are one error': () => {
    const md = [...Array(5).keys()].map((i) => `export const T${i} = () => <em><T${i + 1} /></em>`).join('\n') + '\nexport const T5 = () => <b>x</b>\n\n<T0 />\n';
    assert.equal(codes(page(md, {}, { nodes: 100_000, depth: 3 }).problems), ['8:1 error mdx-expansion-limit']);
    assert.equal(codes(page(md, {}, { nodes: 100_000, depth: 6 }).problems), []);
  },

  'what a page may make is set in site.yml under mdx.expansionLimit': () => {
    const files = {
      'kennisbank/sjablonen.mdx': `---\ntitle: Sjablonen\n---\n\nexport const Vijf = () => <>${'<b>x</b>'.repeat(5)}</>\nexport const Tien = () => <><Vijf /><Vijf /></>\n\n<Tien />\n`,
    };
    const problemsWith = (config: string) => generate(analyse(tree(files, config), 'production', { today: '2026-01-01' }),
      { highlighter: null, diagrams: new Map(), theme: { css: '/assets/styles.css', js: null, files: new Map() }, themeFiles: [], themeCode }, { render: false })
      .problems.filter((p) => p.code === 'mdx-expansion-limit').map((p) => `${p.file} ${p.line}:${p.column}`);
    assert.equal(problemsWith(configText), []);
    assert.equal(problemsWith(`${configText}\nmdx:\n  expansionLimit:\n    nodes: 12\n`), ['content/kennisbank/sjablonen.mdx 8:1']);
  },

  'random graphs of templates and partials end as a page or one mdx-expansion-limit error, and the page holds no more than the budget allows': () => {
    fc.assert(fc.property(graph, ({ md, partials, limit }) => {
      const { content, problems } = page(md, partials, limit);
      const errors = problems.filter((p) => p.severity === 'error');
      assert.ok(errors.length === 0 || (errors.length === 1 && errors[0]!.code === 'mdx-expansion-limit'), where(problems).join('\n'));
      // What the page writes itself is under 200 nodes; the budget bounds the rest (hast has a line break between blocks).
      const nodes = hastNodes(content.body);
      assert.ok(nodes <= 2 * (limit.nodes + 200), `${nodes} nodes for a budget of ${limit.nodes}`);
    }), { numRuns: 150, seed: 41 });
  },
};

// ---------------------------------------------------------------------------
// Random graphs: page templates T0…, partials _q0…, each using later ones
// (a cycle is another error, mdx-partial-cycle or a template that makes itself)

type Item = { kind: 'text' } | { kind: 'children'; times: number } | { kind: 'use'; target: number; partial: boolean; wrap: boolean };

const item = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Item>({ kind: 'text' }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 }).map((times): Item => ({ kind: 'children', times })) },
  { weight: 4, arbitrary: fc.record({ target: fc.nat(5), partial: fc.boolean(), wrap: fc.boolean() }).map((u): Item => ({ kind: 'use', ...u })) },
);

const graph = fc.record({
  templates: fc.array(fc.array(item, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }),
  partials: fc.array(fc.record({ items: fc.array(item, { minLength: 1, maxLength: 6 }), doubler: fc.boolean() }), { maxLength: 5 }),
  limit: fc.record({ nodes: fc.integer({ min: 50, max: 3000 }), depth: fc.integer({ min: 1, max: 12 }) }),
}).map(({ templates, partials, limit }) => {
  const nT = templates.length;
  const nP = partials.length;
  /** The name a use of a later template or partial has, or null when there is none after `from`. */
  const target = (use: Extract<Item, { kind: 'use' }>, fromT: number, fromP: number): string | null => {
    if (use.partial && nP > fromP + 1) return `Q${fromP + 1 + (use.target % (nP - fromP - 1))}`;
    if (!use.partial && nT > fromT + 1) return `T${fromT + 1 + (use.target % (nT - fromT - 1))}`;
    return null;
  };
  const imports = (fromP: number) => [...Array(nP).keys()].filter((j) => j > fromP).map((j) => `import Q${j} from './_q${j}.mdx';\n`).join('');
  const templateBody = (items: Item[], i: number) => items.map((it) => {
    if (it.kind === 'text') return 'tekst';
    if (it.kind === 'children') return '{children}'.repeat(it.times);
    const name = target(it, i, -1);
    return name === null ? '<i>blad</i>' : it.wrap ? `<${name}><b>in</b></${name}>` : `<${name} />`;
  }).join('');
  const page = `${imports(-1)}${templates.map((items, i) => `export const T${i} = ({children}) => <>${templateBody(items, i)}</>\n`).join('')}\n<T0>begin</T0>\n\n${nP > 0 ? '<Q0 />\n' : ''}`;
  const partialFiles = Object.fromEntries(partials.map(({ items, doubler }, p) => [`docs/_q${p}.mdx`,
    `${imports(p)}${doubler ? 'export const L = ({children}) => <>{children}{children}</>\n' : ''}\n${items.map((it) => {
      if (it.kind !== 'use') return 'Tekst in een stuk.\n';
      const name = target({ ...it, partial: true }, nT, p);
      if (name === null) return 'Blad.\n';
      return doubler && it.wrap ? `<L>\n\n<${name} />\n\n</L>\n` : `<${name} />\n`;
    }).join('\n')}`]));
  return { md: page, partials: partialFiles, limit };
});

// ---------------------------------------------------------------------------
// The worker side: runs one case by name and says how it ended

if (!isMainThread) {
  parentPort?.on('message', (name: string) => {
    try {
      cases[name]!();
      parentPort?.postMessage({ name, ok: true });
    } catch (e) {
      parentPort?.postMessage({ name, ok: false, message: e instanceof Error ? `${e.message}\n${'details' in e ? String(e.details) : ''}` : String(e) });
    }
  });
}

// ---------------------------------------------------------------------------
// The main side: one uvu test per case, each with a hard deadline

if (isMainThread) {
  const expansion = suite('mdx: expansion budget');
  /** Per case: a hang, not a slow machine (each case takes seconds at most, on a loaded machine tens of them). */
  const deadlineMs = 120_000;
  type Reply = { name: string; ok: true } | { name: string; ok: false; message: string };
  const worker = deadlineWorker<Reply>(import.meta.url, deadlineMs, { maxOldGenerationSizeMb: 1024 });

  expansion.after(() => worker.close());

  for (const name of Object.keys(cases)) {
    expansion(name, async () => {
      const reply = await worker.run(name);
      if (reply === 'timeout') assert.unreachable(`not done within ${deadlineMs / 1000} s: the markdown stage hangs on this page`);
      else if (!reply.ok) assert.unreachable(reply.message);
    });
  }

  expansion.run();
}
