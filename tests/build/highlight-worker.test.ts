/**
 * Issue 11: production builds highlight code in worker threads
 * (pipeline/io/highlight/workers.ts). Where the code is highlighted may only change
 * how long it takes: the markdown stage must give exactly what it gives with
 * an in-process highlighter, for blocks sent ahead and for blocks it asks for
 * that were not, and for every language rule (unknown, plain, written in
 * capitals).
 */
import { InternalError } from '../../pipeline/internal-error.ts';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { wasmBinaryPromise } from 'shiki/wasm';
import { readSources } from '../../pipeline/io/read.ts';
import { analyse, markdownJobs, markdownStage } from '../../pipeline/build.ts';
import { problemsOf, valueOf } from '../../pipeline/result.ts';
import { highlightAhead, markdownAhead } from '../../pipeline/schedule/schedule.ts';
import { createHighlighter, onigWasm } from '../../pipeline/io/highlight/shiki.ts';
import { HighlightWorkers } from '../../pipeline/io/highlight/workers.ts';
import { codeRequests, HighlighterFailure, highlightedLanguage, highlightGroups, highlightKey, type Highlighter, type HighlightRequest } from '../../pipeline/stages/highlight/requests.ts';
import { emptyBuildCache } from '../../pipeline/memo.ts';
import { root, tree } from '../helpers.ts';

/** The markdown stage's contents and problems, side by side. */
const markdownOf = (...args: Parameters<typeof markdownStage>) => {
  const result = markdownStage(...args);
  return { contents: valueOf(result) ?? new Map(), problems: problemsOf(result) };
};

const test = suite('build: highlighting in a worker thread');

const fences = [
  '```ts title="voorbeeld.ts" {2}\nconst a = 1;\nconst b: string = "x";\n```',
  '```JSON\n{ "a": 1 }\n```',
  '```json\n{ "a": 1 }\n```',
  '```TEXT\nplatte tekst\n```',
  '```txt\nplatte tekst\n```',
  '```plain\nplatte tekst\n```',
  '```ansi\n\u001b[31mrood\u001b[0m\n```',
  '```cobol-onbekend\nMOVE A TO B.\n```',
  '```bash\n\n```',
  '```yaml\nsleutel: waarde\n\n```',
  '```\nzonder taal\n```',
  '```markdown\n# Kop\n\n~~~python\nprint("hallo")\n~~~\n```',
  '```python\nprint("hallo")\n```',
];

const site = tree({
  'kennisbank/codeblokken.md': `---\ntitle: Codeblokken\n---\n\n${fences.join('\n\n')}\n`,
  'kennisbank/nog-een.md': `---\ntitle: Nog een\n---\n\n${fences.slice(0, 4).join('\n\n')}\n\n\`\`\`ts\nlet alleenHier = true;\n\`\`\`\n`,
});

test('every code block and warning comes out as with an in-process highlighter, ahead or asked for', async () => {
  const analysis = analyse(site, 'production');
  const inProcess = markdownOf(analysis, { highlighter: await createHighlighter(analysis.languages), diagrams: new Map() }, {});
  // Only the first file's blocks are sent ahead: the second file's are asked for when needed.
  const worker = new HighlightWorkers();
  try {
    const firstFile = analysis.site?.docs.find((d) => d.entry.file.path === 'kennisbank/codeblokken.md')?.entry.tree;
    assert.ok(firstFile);
    const highlighter = worker.start(analysis.languages, codeRequests([firstFile]));
    const viaWorker = markdownOf(analyse(site, 'production'), { highlighter, diagrams: new Map() }, {});
    assert.equal(JSON.stringify([...viaWorker.contents]), JSON.stringify([...inProcess.contents]));
    assert.equal(viaWorker.problems, inProcess.problems);
    assert.ok(inProcess.problems.some((p) => p.code === 'unknown-language'), 'the unknown language is warned about');
  } finally {
    await worker.close();
  }
});

test('the real content renders the same through the worker', async () => {
  const sources = await readSources(path.join(root, 'content'), path.join(root, 'dist-config/site.yml'));
  const analysis = analyse(sources, 'production');
  const inProcess = markdownOf(analysis, { highlighter: await createHighlighter(analysis.languages), diagrams: null }, {});
  const fresh = analyse(sources, 'production');
  const worker = new HighlightWorkers();
  try {
    const ahead = highlightAhead(markdownJobs(fresh, null)!, emptyBuildCache());
    assert.ok(ahead.length > 100, `the content has many code blocks (${ahead.length})`);
    const viaWorker = markdownOf(fresh, { highlighter: worker.start(fresh.languages, ahead), diagrams: null }, {});
    assert.equal(JSON.stringify([...viaWorker.contents]), JSON.stringify([...inProcess.contents]));
  } finally {
    await worker.close();
  }
});

test('pages rendered as their code comes back from the threads are the pages of the markdown stage', async () => {
  const sources = await readSources(path.join(root, 'content'), path.join(root, 'dist-config/site.yml'));
  const analysis = analyse(sources, 'production');
  const inProcess = markdownOf(analysis, { highlighter: await createHighlighter(analysis.languages), diagrams: null }, {});
  const fresh = analyse(sources, 'production');
  const cache = emptyBuildCache();
  const worker = new HighlightWorkers();
  try {
    const highlighter = worker.start(fresh.languages, highlightAhead(markdownJobs(fresh, null)!, cache));
    let waits = 0;
    for (const progressed of markdownAhead(markdownJobs(fresh, null)!, highlighter, cache, (request) => worker.ready(request))) {
      if (!progressed) assert.ok(worker.nextAnswer(), `the threads answer (wait ${++waits})`);
    }
    assert.ok(waits > 0, 'it waited for the threads');
    const rendered = cache.markdown.misses;
    const viaWorker = markdownOf(fresh, { highlighter, diagrams: null }, { cache });
    assert.is(cache.markdown.misses, rendered, 'the stage rendered nothing more');
    assert.equal(JSON.stringify([...viaWorker.contents]), JSON.stringify([...inProcess.contents]));
    assert.equal(viaWorker.problems, inProcess.problems);
  } finally {
    await worker.close();
  }
});

test('a page is rendered once every block it shows is ready, not before', async () => {
  const analysis = analyse(site, 'production');
  const shiki = await createHighlighter(analysis.languages);
  const cache = emptyBuildCache();
  const entries = [...analysis.site!.docs, ...analysis.site!.posts, ...analysis.site!.pages];
  const withCode = entries.filter((e) => codeRequests([e.entry.tree]).length > 0).length;
  assert.is(withCode, 2);
  // At first only TypeScript is ready: the pages without code go, the two with code wait (both show
  // more than TypeScript); after two waits everything is ready.
  let all = false;
  const steps: Array<[boolean, number]> = [];
  const ready = (r: HighlightRequest) => all || r.lang === 'ts';
  for (const progressed of markdownAhead(markdownJobs(analysis, null)!, shiki, cache, ready)) {
    // A page per true step: a run of them is kept as one, with the count after the last.
    if (progressed && steps.at(-1)?.[0] === true) steps.pop();
    steps.push([progressed, cache.markdown.misses]);
    if (steps.filter(([p]) => !p).length === 2) all = true;
  }
  const rest = entries.length - withCode;
  assert.equal(steps, [[true, rest], [false, rest], [false, rest], [true, entries.length]]);
  const inProcess = markdownOf(analyse(site, 'production'), { highlighter: shiki, diagrams: null }, {});
  assert.equal(JSON.stringify([...markdownOf(analysis, { highlighter: shiki, diagrams: null }, { cache }).contents]), JSON.stringify([...inProcess.contents]));
});

test('the blocks sent ahead are exactly the calls the markdown stage makes', async () => {
  for (const sources of [site, await readSources(path.join(root, 'content'), path.join(root, 'dist-config/site.yml'))]) {
    const analysis = analyse(sources, 'production');
    const shiki = await createHighlighter(analysis.languages);
    const loaded = shiki.getLoadedLanguages();
    // Ahead first: the markdown stage changes the language of an unknown fence in the tree.
    const ahead = new Set(highlightAhead(markdownJobs(analysis, null)!, emptyBuildCache()).flatMap((r) => {
      const lang = highlightedLanguage(r.lang, loaded);
      return lang ? [highlightKey({ ...r, lang })] : [];
    }));
    const calls = new Set<string>();
    const recording: Highlighter = {
      getLoadedLanguages: () => shiki.getLoadedLanguages(),
      codeToHast: (code, options) => {
        calls.add(highlightKey({ lang: String(options.lang), meta: (options.meta as { __raw?: string }).__raw ?? '', code }));
        return shiki.codeToHast(code, options);
      },
    };
    markdownOf(analysis, { highlighter: recording, diagrams: null }, {});
    assert.ok(calls.size > 5);
    assert.equal([...ahead].sort(), [...calls].sort());
  }
});

test('a highlighter that fails stops the stage and caches nothing; an error for one block is a problem of its page', async () => {
  const analysis = analyse(site, 'production');
  const shiki = await createHighlighter(analysis.languages);
  const throwing = (error: Error): Highlighter => ({ getLoadedLanguages: () => shiki.getLoadedLanguages(), codeToHast: () => { throw error; } });
  const cache = emptyBuildCache();
  // An internal error of the build, marked with its stage and page (pipeline/internal-error.ts), that the command line ends the run on.
  assert.throws(() => markdownOf(analysis, { highlighter: throwing(new HighlighterFailure('de highlight-worker antwoordt niet')), diagrams: null }, { cache }), (e: unknown) => e instanceof InternalError && e.original instanceof HighlighterFailure);
  // The next build with the same cache and a working highlighter is exactly a build without a cache.
  const again = analyse(site, 'production');
  const next = markdownOf(again, { highlighter: shiki, diagrams: null }, { cache });
  const fresh = markdownOf(analyse(site, 'production'), { highlighter: shiki, diagrams: null }, {});
  assert.equal(JSON.stringify([...next.contents]), JSON.stringify([...fresh.contents]));
  assert.equal(next.problems, fresh.problems);
  assert.not.ok(next.problems.some((p) => p.code === 'content-unprocessable'));
  // A block shiki cannot highlight is the problem of its page, as before.
  const { problems } = markdownOf(analyse(site, 'production'), { highlighter: throwing(new Error('kapot')), diagrams: null }, {});
  assert.equal(problems.filter((p) => p.code === 'content-unprocessable').map((p) => p.file).sort(), ['content/kennisbank/codeblokken.md', 'content/kennisbank/nog-een.md']);
});

test('shiki loads the .wasm file it ships: the same bytes as its inlined copy', async () => {
  const file = await onigWasm();
  assert.ok(file.length > 100_000);
  assert.ok(file.equals(await wasmBinaryPromise));
});

test('a worker that is closed unused ends cleanly', async () => {
  const worker = new HighlightWorkers();
  await worker.close();
});

test('the threads share the blocks by grammar, costliest grammar first', () => {
  const loaded = ['typescript', 'ts', 'json', 'bash', 'sh', 'text'];
  const sizes: Record<string, { name: string; size: number }> = {
    typescript: { name: 'typescript', size: 1000 }, ts: { name: 'typescript', size: 1000 },
    json: { name: 'json', size: 50 }, bash: { name: 'shellscript', size: 400 }, sh: { name: 'shellscript', size: 400 },
    text: { name: 'text', size: 0 },
  };
  const block = (lang: string, code: string) => ({ lang, meta: '', code });
  const requests = [
    block('json', '{}'), block('sh', 'ls'), block('ts', 'let a = 1;'), block('cobol', 'MOVE A TO B.'),
    block('bash', 'echo hallo'), block('typescript', 'const b = 2;'), block('mermaid', 'graph LR'), block('json', '{"a": 1}'),
  ];
  const groups = highlightGroups(requests, loaded, (lang) => sizes[lang] ?? { name: lang, size: 0 });
  // An alias and its language share a group (one grammar, compiled once); mermaid is a diagram, not highlighted;
  // the unknown language becomes text; within a group the blocks keep the order the markdown stage asks for them.
  assert.equal(groups.map((g) => g.map((r) => `${r.lang}:${r.code}`)), [
    ['ts:let a = 1;', 'typescript:const b = 2;'],
    ['sh:ls', 'bash:echo hallo'],
    ['json:{}', 'json:{"a": 1}'],
    ['text:MOVE A TO B.'],
  ]);
  // Every thread plans the same groups from the same blocks.
  assert.equal(highlightGroups(requests, loaded, (lang) => sizes[lang] ?? { name: lang, size: 0 }), groups);
});

test.run();
