/**
 * Effect edge: the box a site's components run in. Site code is trusted like
 * the build's own, but it runs in a child process of its own
 * (pipeline/io/workers/component-box-worker.ts), never in the build's:
 *
 * - started with a clean environment: `NODE_ENV`, `TZ`, `LANG` and the
 *   variables `siteCode.env` names, nothing else (so no token of the build's
 *   environment is in its `process.env` or its `/proc/self/environ`);
 * - with a heap limit (`--max-old-space-size`, `siteCode.memoryLimit`);
 * - with a time limit per module load and per render (`siteCode.timeLimit`):
 *   past it, the process and everything it started (its process group) is
 *   killed and a new one takes the next request;
 * - killed with the build: on SIGINT, SIGTERM or SIGHUP, on the build's exit,
 *   and, should the build be killed outright, by a thread of its own that
 *   watches its parent.
 *
 * A loop, a throw, or running out of memory is an answer naming the
 * component, never a hang or a crash of the build. The build never waits
 * synchronously for the box, so a signal is always handled at once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { error, startOfFile, type Problem } from '../problem.ts';
import { componentMapMark, type SiteComponentsOptions } from './site-component-bundle.ts';
import type { BoxAnswer, BoxRequest, LoadedComponent, PageFacts, RenderedIsland, SiteFacts } from './component-box-protocol.ts';
import type { SiteAsset } from './site-code-resolve.ts';
import { allowedEnvironment, endGroup, seconds, spawnSiteCode } from './sandbox.ts';

/** The compiled worker's file URL, set by bin/ontwikkelaarsportaal.mjs; absent when the TypeScript runs (tests). */
declare const COMPONENT_BOX_WORKER: string | undefined;

export interface BoxLimits {
  /** Per module load and per render, in milliseconds. */
  readonly timeLimit: number;
  /** The box's heap, in MB. */
  readonly memoryLimit: number;
  /** Names of variables of the build's environment the box gets besides `NODE_ENV`, `TZ` and `LANG`. */
  readonly env: ReadonlyArray<string>;
}

export const defaultLimits: BoxLimits = { timeLimit: 10_000, memoryLimit: 512, env: [] };

/** Starting node and bundling the components is the generator's own work: it gets longer than site code does. */
const startLimit = 60_000;

/** The box's environment: the allow-list of pipeline/io/sandbox.ts; React renders in production unless told otherwise. */
export const boxEnv = (named: ReadonlyArray<string>, from: NodeJS.ProcessEnv = process.env): Record<string, string> => allowedEnvironment(from, named);

/** What the box made of one render: the component's HTML, or why there is none (a Dutch clause). */
export type Rendered = { readonly html: string; readonly pluginData?: boolean } | { readonly error: string };

/** What the box made of one React page: its HTML and what it said of itself, or why there is none. */
export type RenderedPage = { readonly html: string; readonly page: PageFacts; readonly pluginData: boolean; readonly islands: ReadonlyArray<RenderedIsland> } | { readonly error: string };

/** What loading the site's code gave. */
export interface Loaded {
  readonly components: ReadonlyArray<LoadedComponent>;
  readonly pages: ReadonlyArray<{ readonly rel: string; readonly shown: string; readonly styles: ReadonlyArray<string> }>;
  /** The stylesheets the components and pages import, by id. */
  readonly sheets: ReadonlyMap<string, string>;
  readonly assets: ReadonlyArray<SiteAsset>;
  readonly problems: ReadonlyArray<Problem>;
  /** Every file the bundles read, absolute (pipeline/io/bundle-inputs.ts). */
  readonly inputs: ReadonlyArray<string>;
}

/** What the box answered, by request (`asked`): a box opened from a record answers these without running (pipeline/io/site-code-replay.ts). */
export type BoxAnswers = ReadonlyMap<string, Rendered | RenderedPage>;

/** A request as a key of `BoxAnswers`: what it asks, without its number. */
const asked = (request: ReadonlyArray<unknown>): string => JSON.stringify(request);

type Event =
  | { readonly kind: 'answer'; readonly answer: BoxAnswer }
  | { readonly kind: 'exit'; readonly outOfMemory: boolean; readonly how: string }
  | { readonly kind: 'timeout' };

/** One running box process, its answers queued until asked for. */
class Live {
  private readonly queue: Event[] = [];
  private waiter: ((event: Event) => void) | null = null;
  private stderr = '';
  private ended = false;

  constructor(readonly child: ChildProcess) {
    child.stderr?.on('data', (chunk: Buffer) => {
      // Only the end matters: V8's last words when the heap ran out.
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-4096);
    });
    child.on('message', (answer: BoxAnswer) => this.push({ kind: 'answer', answer }));
    const ended = (code: number | null, signal: NodeJS.Signals | null) => {
      if (this.ended) return;
      this.ended = true;
      this.kill();
      this.push({ kind: 'exit', outOfMemory: /heap out of memory|Reached heap limit|Allocation failed/i.test(this.stderr), how: signal ?? `code ${String(code)}` });
    };
    // 'close' waits for stderr; should a grandchild hold it open, 'exit' and a moment do.
    child.on('close', ended);
    child.on('exit', (code, signal) => setTimeout(() => ended(code, signal), 500).unref());
    child.on('error', () => ended(null, null));
  }

  private push(event: Event): void {
    const waiter = this.waiter;
    if (waiter) {
      this.waiter = null;
      waiter(event);
    } else this.queue.push(event);
  }

  /** The next answer, the process's end, or a timeout after `ms`. */
  next(ms: number): Promise<Event> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        resolve({ kind: 'timeout' });
      }, ms);
      this.waiter = (event) => {
        clearTimeout(timer);
        resolve(event);
      };
    });
  }

  send(request: BoxRequest): void {
    if (!this.ended && this.child.connected) this.child.send(request);
  }

  /** Kills the process and its group (whatever a component started). Synchronous: safe in a signal handler. */
  kill(): void {
    live.delete(this);
    endGroup(this.child.pid);
    if (live.size === 0) stopWatchingSignals();
  }
}

/** Every box process alive now, for the signal and exit handlers. */
const live = new Set<Live>();
const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const killAll = (): void => {
  for (const box of [...live]) box.kill();
};
/**
 * Kills the boxes first; when nothing else handles the signal (`check`
 * without a writer), the build then ends by it as if unhandled.
 */
const onSignal = (signal: NodeJS.Signals): void => {
  killAll();
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
};
let watching = false;

function watchSignals(): void {
  if (watching) return;
  watching = true;
  process.on('exit', killAll);
  // First in line: the writer's handler ends the process, and the boxes must be gone by then.
  for (const signal of signals) process.prependListener(signal, onSignal);
}

function stopWatchingSignals(): void {
  if (!watching) return;
  watching = false;
  process.off('exit', killAll);
  for (const signal of signals) process.off(signal, onSignal);
}

function spawnBox(limits: BoxLimits): Live {
  const worker = { source: path.join(import.meta.dirname, 'workers/component-box-worker.ts'), compiled: typeof COMPONENT_BOX_WORKER === 'string' ? COMPONENT_BOX_WORKER : undefined };
  const box = new Live(spawnSiteCode(worker, limits));
  live.add(box);
  watchSignals();
  return box;
}

/** Why a process ended, as a Dutch clause. */
const endedWhy = (event: Exclude<Event, { kind: 'answer' }>, what: string, limits: BoxLimits): string =>
  event.kind === 'timeout' ? `${what} niet binnen ${seconds(limits.timeLimit)} (de grens van siteCode.timeLimit; een oneindige lus?)`
    : event.outOfMemory ? `gebruikt bij ${what === 'laadt' ? 'het laden' : 'het renderen'} meer dan ${limits.memoryLimit} MB geheugen (de grens van siteCode.memoryLimit)`
      : `stopte het proces van de componenten bij ${what === 'laadt' ? 'het laden' : 'het renderen'} (${event.how})`;

/**
 * The site's components in a box: loaded, then rendered one request at a
 * time. Opened from a record of an earlier build whose site code is the same
 * (`replay`), the box answers what the record holds and starts its process
 * only for a request the record lacks.
 */
export class ComponentBox {
  private box: Live | null = null;
  private nextId = 0;
  /** Components that looped or ran out of memory: their other uses fail at once, with the same reason. */
  private readonly broken = new Map<string, string>();
  /** What this build asked and got (failures left out): the record of the next build. */
  private readonly got = new Map<string, Rendered | RenderedPage>();
  private ran = false;

  private constructor(private readonly options: SiteComponentsOptions, private readonly limits: BoxLimits, private readonly site: SiteFacts, private readonly skip: string[],
    private readonly known: BoxAnswers = new Map()) {}

  /**
   * Starts a box and loads the components: their keys and the problems of
   * loading them. A module that loops or runs out of memory while it loads
   * is a problem of its file; the box starts again without it. With
   * `replay`, what an earlier load gave and its answers, nothing starts yet.
   */
  static async open(options: SiteComponentsOptions, limits: BoxLimits, site: SiteFacts, replay?: { readonly loaded: Loaded; readonly answers: BoxAnswers }): Promise<{ box: ComponentBox } & Loaded> {
    if (replay) return { box: new ComponentBox(options, limits, site, [], replay.answers), ...replay.loaded };
    const box = new ComponentBox(options, limits, site, []);
    return { box, ...await box.start() };
  }

  /** Whether a box process ran in this build (a replayed box starts one only for what its record lacks). */
  get started(): boolean {
    return this.ran;
  }

  /** What this build asked and the box answered, failures left out. */
  get answers(): BoxAnswers {
    return this.got;
  }

  /** The answer to `request` from the record, kept for the next one; undefined when the box must be asked. */
  private remembered(request: string): Rendered | RenderedPage | undefined {
    const known = this.known.get(request);
    if (known !== undefined) this.got.set(request, known);
    return known;
  }

  /** How a file of the components folder (`pages:` and a file of the pages folder, or the component map) is named in messages. */
  private shown(rel: string): string {
    const display = this.options.display ?? path.basename(path.resolve(this.options.content));
    if (rel === componentMapMark) return path.posix.join(display, this.options.componentMap ?? '');
    return rel.startsWith('pages:') ? path.posix.join(display, this.options.pages?.folder ?? '', rel.slice('pages:'.length))
      : path.posix.join(display, this.options.folder ?? '', rel);
  }

  private async start(): Promise<Loaded & { problems: Problem[] }> {
    const problems: Problem[] = [];
    this.ran = true;
    for (;;) {
      const box = spawnBox(this.limits);
      box.send({ type: 'load', options: this.options, skip: this.skip, site: this.site });
      let loading: string | null = null;
      for (;;) {
        const event = await box.next(loading === null ? startLimit : this.limits.timeLimit);
        if (event.kind === 'answer' && event.answer.type === 'loading') {
          loading = event.answer.rel;
          continue;
        }
        if (event.kind === 'answer' && event.answer.type === 'ready') {
          this.box = box;
          const { components, pages, sheets, assets, inputs } = event.answer;
          return { components, pages, sheets: new Map(sheets), assets, problems: [...problems, ...event.answer.problems], inputs };
        }
        box.kill();
        const why = event.kind === 'answer' ? (event.answer.type === 'broken' ? event.answer.message : 'onverwacht antwoord') : null;
        if (loading === null || why !== null) {
          problems.push(error('site-component-invalid', this.shown(''), startOfFile,
            `De code van de site (${this.shown('')}) kon niet worden geladen: ${why ?? endedWhy(event as Exclude<Event, { kind: 'answer' }>, 'laadt', this.limits)}. Herstel de code, of haal mdx.components en de map met pagina's uit de siteconfiguratie.`));
          return { components: [], pages: [], sheets: new Map(), assets: [], problems, inputs: [] };
        }
        const shown = this.shown(loading);
        problems.push(error('site-component-invalid', shown, startOfFile,
          `De code in ${shown} ${endedWhy(event as Exclude<Event, { kind: 'answer' }>, 'laadt', this.limits)}. Herstel de code, of zet het component uit de componentenmap.`));
        this.skip.push(loading);
        break;
      }
    }
  }

  /** One component's HTML for `props` (its children stand as the children's mark), or why there is none. */
  async render(key: string, props: Readonly<Record<string, unknown>>, children: boolean, hydrate = false): Promise<Rendered> {
    const request = asked(['render', key, props, children, hydrate]);
    const known = this.remembered(request) as Rendered | undefined;
    if (known !== undefined) return known;
    const broken = this.broken.get(key);
    if (broken !== undefined) return { error: broken };
    if (!this.box) await this.start();
    const box = this.box;
    if (!box) return { error: 'kon niet worden geladen' };
    const id = this.nextId++;
    box.send({ type: 'render', id, key, props, children, ...(hydrate ? { hydrate } : {}) });
    for (;;) {
      const event = await box.next(this.limits.timeLimit);
      if (event.kind === 'answer') {
        if (event.answer.type === 'rendered' && event.answer.id === id) {
          const rendered = { html: event.answer.html, pluginData: event.answer.pluginData };
          this.got.set(request, rendered);
          return rendered;
        }
        if (event.answer.type === 'failed' && event.answer.id === id) return { error: `faalde bij het renderen: ${event.answer.message}` };
        continue;
      }
      box.kill();
      this.box = null;
      const why = endedWhy(event, 'rendert', this.limits);
      this.broken.set(key, why);
      return { error: why };
    }
  }

  /** A React page (`rel` in the pages folder) rendered at `pathname` (for hydration when it is an island), or why it could not be. */
  renderPage(rel: string, pathname: string, hydrate = false): Promise<RenderedPage> {
    return this.pageLike(asked(['render-page', rel, pathname, hydrate]), (id) => ({ type: 'render-page', id, rel, pathname, ...(hydrate ? { hydrate } : {}) }));
  }

  /** The component of a route a plugin added (`rel` as a page), rendered at `pathname` with the route's props (for hydration when it is an island). */
  renderRoute(rel: string, pathname: string, props: Readonly<Record<string, unknown>>, hydrate = false): Promise<RenderedPage> {
    return this.pageLike(asked(['render-route', rel, pathname, props, hydrate]), (id) => ({ type: 'render-route', id, rel, pathname, props, ...(hydrate ? { hydrate } : {}) }));
  }

  private async pageLike(asking: string, request: (id: number) => BoxRequest): Promise<RenderedPage> {
    const known = this.remembered(asking) as RenderedPage | undefined;
    if (known !== undefined) return known;
    if (!this.box) await this.start();
    const box = this.box;
    if (!box) return { error: 'kon niet worden geladen' };
    const id = this.nextId++;
    box.send(request(id));
    for (;;) {
      const event = await box.next(this.limits.timeLimit);
      if (event.kind === 'answer') {
        if (event.answer.type === 'page-rendered' && event.answer.id === id) {
          const rendered = { html: event.answer.html, page: event.answer.page, pluginData: event.answer.pluginData, islands: event.answer.islands };
          this.got.set(asking, rendered);
          return rendered;
        }
        if (event.answer.type === 'failed' && event.answer.id === id) return { error: `faalde bij het renderen: ${event.answer.message}` };
        continue;
      }
      box.kill();
      this.box = null;
      return { error: endedWhy(event, 'rendert', this.limits) };
    }
  }

  /** Ends the box process (and its group). */
  close(): void {
    this.box?.kill();
    this.box = null;
  }
}
