/**
 * Effect edge: render mermaid diagrams to SVG with one headless Chromium page
 * (puppeteer-core + Debian's chromium-headless-shell or chromium), driven from
 * a worker thread (mermaid-worker.ts). SVGs are cached on disk by the hash of
 * the diagram source, in a folder named after what else shapes them
 * (`diagramCacheDir`), so unchanged diagrams are never rendered twice.
 * Returns null when no browser is available or it cannot start; pages then
 * draw diagrams lazily.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import type { Diagram } from '../stages/markdown.ts';
import type { OutputFile } from '../types.ts';
import { mermaidConfig } from '../../theme/shared/mermaid-config.ts';
import { startWorker } from './workers/worker.ts';
import { removeDeadOwnerFolders } from './dead-owner-folders.ts';
import { chromiumPath } from '../chromium.ts';

const headlessShell = '/usr/lib/chromium/chromium-headless-shell';

/**
 * The Chromium that draws the diagrams: Debian's chromium-headless-shell when
 * it is installed. That is Chromium's old headless mode without the browser
 * around it: for the 26 diagrams of the site it peaks at 230 instead of
 * 378 MB and needs a fifth less CPU (docs/performance.md). Without it the
 * full chromium draws. The shell measures text in whole pixels, so the two
 * give slightly different diagram sizes; each gives the same output every time.
 */
export const diagramChromiumPath = process.env.CHROMIUM_PATH ?? (fs.existsSync(headlessShell) ? headlessShell : chromiumPath);

/**
 * `ONTWIKKELAARSPORTAAL_MERMAID=browser` leaves every diagram to the browser, as
 * on a machine without Chromium (and without a cache): the build warns
 * (`mermaid-unavailable`) and the pages load mermaid themselves. For trying out
 * and testing that path (tests/e2e/mermaid-fallback.test.ts).
 */
export const browserOnly = (): boolean => process.env.ONTWIKKELAARSPORTAAL_MERMAID === 'browser';

/** The mermaid SVGs for `sources`: cached, or drawn now. Null when no browser is available. */
export async function renderDiagrams(sources: ReadonlyMap<string, string>, cacheDir: string): Promise<Map<string, Diagram> | null> {
  return new DiagramDrawer(cacheDir).finish(sources);
}

/**
 * Whether `text` may fence a mermaid block: an opening fence named mermaid at
 * the start of a line, or after the marks of a list or quote. Cheap and loose
 * (a fence inside another code block counts too): it only decides whether
 * Chromium starts early (`DiagramDrawer.expect`).
 */
export const fencesMermaid = (text: string): boolean => /^[ \t>*+\-\d.]*(?:`{3,}|~{3,})[ \t]*mermaid\b/m.test(text);

/**
 * The start of the name of a diagram Chromium's profile folder in the
 * temporary folder, for the build process `pid`. The pid tells a later build
 * whether the folder is still in use (`removeStaleProfiles`); the prefix is
 * ours alone, so no other program's folder is ever taken for one.
 */
export const profilePrefix = (pid: number): string => `ontwikkelaarsportaal-mermaid-chromium-${pid}-`;

/**
 * Removes the profile folders of diagram Chromiums whose build no longer runs.
 * A build killed outright (SIGKILL, power loss) takes its Chromium with it (the
 * pipe closes, mermaid-worker.ts) but cannot remove the folder; the next build does.
 */
export function removeStaleProfiles(tmpdir = os.tmpdir()): void {
  removeDeadOwnerFolders(tmpdir, 'ontwikkelaarsportaal-mermaid-chromium-');
}

/** Chromium with mermaid loaded into one page. */
export interface Session {
  readonly draw: (id: string, definition: string) => Promise<Diagram>;
  readonly close: () => Promise<void>;
}

/** Set by bin/ontwikkelaarsportaal.mjs when it bundles the CLI: the compiled mermaid-worker.ts. */
declare const MERMAID_WORKER: string | undefined;

/**
 * Chromium is driven from a worker thread (pipeline/io/workers/mermaid-worker.ts).
 * puppeteer talks to Chromium in hundreds of small messages, each answered
 * only when the event loop turns; on the main thread that waited for the
 * parser, a file at a time, and starting Chromium took three times as long.
 * The worker also loads puppeteer, off the main thread.
 */
function openSession(): Session {
  // The worker only passes messages on, and lives while Chromium makes the build's memory peak: a small
  // young generation keeps its garbage, and the peak, a few MB lower.
  const worker = startWorker(typeof MERMAID_WORKER === 'string' ? MERMAID_WORKER : undefined, new URL('./workers/mermaid-worker.ts', import.meta.url), {
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
  });
  const waiting = new Map<number, { resolve: (d: Diagram) => void; reject: (e: Error) => void }>();
  let failure: Error | null = null;
  const fail = (e: Error) => {
    failure ??= e;
    for (const { reject } of waiting.values()) reject(failure);
    waiting.clear();
  };
  // Closed when the worker says Chromium is gone, or when the worker ends (also when Chromium never
  // started). Its own end takes another 30 to 50 ms that nobody needs to wait for.
  let closed = () => {};
  const gone = new Promise<void>((resolve) => {
    closed = resolve;
    worker.once('exit', () => {
      fail(new Error('de mermaid-worker stopte'));
      resolve();
    });
  });
  worker.on('message', (message: WorkerReply) => {
    if ('closed' in message) return closed();
    if ('failed' in message) return fail(new Error(message.failed));
    waiting.get(message.id)?.resolve(message.result);
    waiting.delete(message.id);
  });
  worker.on('error', fail);
  let next = 0;
  return {
    draw: (id, definition) => new Promise((resolve, reject) => {
      if (failure) return reject(failure);
      const request: WorkerRequest = { id: next++, name: id, definition };
      waiting.set(request.id, { resolve, reject });
      worker.postMessage(request);
    }),
    close: async () => {
      worker.postMessage({ close: true } satisfies WorkerRequest);
      await gone;
      void worker.terminate();
    },
  };
}

/** What the main thread asks the worker: draw a diagram, or close Chromium and stop. */
export type WorkerRequest = { id: number; name: string; definition: string } | { close: true };
/** A drawn (or failed) diagram, Chromium that could not start, or Chromium gone after `close`. */
export type WorkerReply = { id: number; result: Diagram } | { failed: string } | { closed: true };

/**
 * Draws diagrams one after another in one Chromium page. `draw` may be called
 * early, while the content is still being parsed (pipeline/schedule/parse-ahead.ts):
 * Chromium starts at the first diagram missing from the cache (in a cold build
 * already at `expect`) and works on the other core meanwhile. `finish` then
 * gives exactly the diagrams of the parsed content, drawing whatever was not
 * sent early, and closes the browser.
 */
export class DiagramDrawer {
  private session: Session | null = null;
  private closing: Promise<void> | null = null;
  private readonly drawn = new Map<string, Promise<Diagram>>();

  constructor(private readonly cacheDir: string) {
    // Every build makes one drawer, whether it draws or not: the profiles of killed builds go at the next.
    removeStaleProfiles();
  }

  /** Whether Chromium was started for this drawer (and not closed yet). */
  get started(): boolean {
    return this.session !== null;
  }

  /**
   * Starts Chromium at once when this is the first build to draw (its cache
   * folder does not exist) and some text fences a mermaid block. Chromium and
   * mermaid then load on the core the main thread leaves free while it starts
   * parsing, instead of when the parser has found the first diagram (parsing
   * and drawing together take about 1.8 instead of 2.1 s).
   * Any other build starts it at the first diagram missing from the cache.
   */
  expect(texts: Iterable<string>): void {
    if (this.session || browserOnly() || !fs.existsSync(diagramChromiumPath) || fs.existsSync(this.cacheDir)) return;
    for (const text of texts) {
      if (!fencesMermaid(text)) continue;
      this.session = openSession();
      return;
    }
  }

  private file(hash: string): string {
    return path.join(this.cacheDir, `${hash}.svg`);
  }

  private cached(hash: string): Diagram | null {
    return fs.existsSync(this.file(hash)) ? { svg: fs.readFileSync(this.file(hash), 'utf8') } : null;
  }

  /** Starts drawing a diagram that is not in the cache (in the background; failures come out in `finish`). */
  draw(hash: string, source: string): void {
    if (this.drawn.has(hash) || browserOnly() || !fs.existsSync(diagramChromiumPath) || fs.existsSync(this.file(hash))) return;
    this.session ??= openSession();
    const result = this.session.draw(`mermaid-${hash}`, source).then((diagram) => {
      if ('error' in diagram) return diagram;
      // Write then rename: a build running at the same time never reads half a file.
      fs.mkdirSync(this.cacheDir, { recursive: true });
      const file = this.file(hash);
      fs.writeFileSync(`${file}.${process.pid}.tmp`, diagram.svg);
      fs.renameSync(`${file}.${process.pid}.tmp`, file);
      return diagram;
    });
    // Keeps a failure from going unhandled while the main thread parses; finish() awaits the real result.
    result.catch(() => {});
    this.drawn.set(hash, result);
  }

  /**
   * No more diagrams will be sent (every file that can hold one has been
   * parsed): Chromium closes as soon as it has drawn the last, and its memory
   * is free while the main thread parses on. `finish` still draws anything
   * missing, in a new session.
   */
  allSent(): void {
    this.closing ??= this.close();
  }

  /** Whether Chromium runs (or starts) now, on the core the main thread leaves free. */
  get running(): boolean {
    return this.session !== null;
  }

  /** Settles once Chromium is done for now: at once when it did not start, else once `allSent` has closed it. */
  idle(): Promise<void> {
    return this.closing ?? Promise.resolve();
  }

  async finish(sources: ReadonlyMap<string, string>): Promise<Map<string, Diagram> | null> {
    try {
      const diagrams = new Map<string, Diagram>();
      if (sources.size > 0 && browserOnly()) return null;
      for (const [hash, source] of sources) {
        const known = this.drawn.has(hash) ? null : this.cached(hash);
        if (known) diagrams.set(hash, known);
        else {
          if (!fs.existsSync(diagramChromiumPath)) return null;
          this.draw(hash, source);
        }
      }
      for (const [hash] of sources) {
        const pending = this.drawn.get(hash);
        if (!pending || diagrams.has(hash)) continue;
        // A diagram that cannot be drawn resolves with its error; a rejection means Chromium did not
        // start or stopped: then it is as if there were none (warning mermaid-unavailable).
        const diagram = await pending.catch(() => null);
        if (!diagram) return null;
        diagrams.set(hash, diagram);
      }
      // Keep the order of `sources`, whatever came from where.
      return new Map([...sources.keys()].map((hash) => [hash, diagrams.get(hash) as Diagram]));
    } finally {
      await this.close();
      await this.closing;
    }
  }

  private async close(): Promise<void> {
    const session = this.session;
    this.session = null;
    if (!session) return;
    await Promise.allSettled(this.drawn.values());
    await session.close();
  }
}

const require = createRequire(import.meta.url);
export const mermaidDist = path.dirname(require.resolve('mermaid/dist/mermaid.min.js'));

/** The installed (pinned) mermaid version, which names the folder of the browser copy. */
export const mermaidVersion: string = (JSON.parse(fs.readFileSync(path.join(mermaidDist, '..', 'package.json'), 'utf8')) as { version: string }).version;

/**
 * The folder of the drawn diagrams inside `cacheDir`: named after everything
 * besides a diagram's source that shapes its SVG (the mermaid version, the
 * theme's mermaid configuration, the patch applied in Chromium, and which
 * Chromium draws, since the headless shell measures text differently), so a
 * change to any of them draws every diagram afresh instead of serving old SVGs.
 */
export function diagramCacheDir(cacheDir: string): string {
  const patch = fs.readFileSync(path.join(import.meta.dirname, 'mermaid-patch.ts'), 'utf8');
  const key = createHash('sha256').update(JSON.stringify([mermaidVersion, mermaidConfig, patch, diagramChromiumPath])).digest('hex').slice(0, 16);
  return path.join(cacheDir, 'mermaid', key);
}

const browserFolder = `assets/mermaid-${mermaidVersion}`;
export const browserEntry = 'mermaid.esm.min.mjs';

/** Where pages load mermaid from when the browser draws their diagrams (no files read). */
export const mermaidBrowserUrl = `/${browserFolder}/${browserEntry}`;

let browserCopy: { url: string; files: OutputFile[] } | null = null;

/**
 * mermaid's ES module build (its entry and the chunks it imports, no source
 * maps) as files under `assets/mermaid-<version>/`, for pages whose diagrams
 * the browser draws (theme/client/mermaid-lazy.ts). Served from the site
 * itself, so the CSP's `script-src 'self'` allows it; about 3.6 MB that only a
 * page with such a diagram downloads, and only the chunks its diagram types need.
 */
export function mermaidBrowserFiles(): { url: string; files: OutputFile[] } {
  if (browserCopy) return browserCopy;
  const chunks = 'chunks/mermaid.esm.min';
  const names = [browserEntry, ...fs.readdirSync(path.join(mermaidDist, chunks)).filter((f) => f.endsWith('.mjs')).sort().map((f) => `${chunks}/${f}`)];
  const files = names.map((name) => ({ path: `${browserFolder}/${name}`, data: new Uint8Array(fs.readFileSync(path.join(mermaidDist, name))) }));
  browserCopy = { url: mermaidBrowserUrl, files };
  return browserCopy;
}
