/**
 * Effect edge: render mermaid diagrams to SVG with one headless Chromium page
 * (puppeteer-core + Debian's chromium). SVGs are cached on disk by the hash of
 * the diagram source, so unchanged diagrams are never rendered twice.
 * Returns null when no browser is available; pages then draw diagrams lazily.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Diagram } from '../markdown.ts';
import type { OutputFile } from '../build.ts';
import { mermaidConfig } from '../../theme/client/mermaid-config.ts';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

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

/** Chromium with mermaid loaded into one page. */
interface Session {
  readonly draw: (id: string, definition: string) => Promise<{ svg?: string | undefined; error?: string | undefined }>;
  readonly close: () => Promise<void>;
}

async function openSession(): Promise<Session> {
  const { default: puppeteer } = await import('puppeteer-core');
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-mermaid-'));
  // One page, no site isolation: one process instead of five keeps the build's memory down.
  const lean = ['--single-process', '--no-zygote', '--disable-extensions', '--disable-dev-shm-usage', '--disable-site-isolation-trials', '--renderer-process-limit=1'];
  const browser = await puppeteer.launch({ executablePath: chromiumPath, headless: true, userDataDir, args: [...chromiumArgs, ...lean] });
  const close = async () => {
    await browser.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  };
  try {
    const page = await browser.newPage();
    await page.setContent('<!DOCTYPE html><html><body></body></html>');
    await page.addScriptTag({ path: path.join(mermaidDist, 'mermaid.min.js') });
    await page.evaluate((config: object) => {
      (window as unknown as { mermaid: { initialize(o: object): void } }).mermaid.initialize(config);
    }, mermaidConfig);
    const draw = (id: string, definition: string) => page.evaluate(async (id: string, definition: string) => {
      const mermaid = (window as unknown as { mermaid: { render(id: string, d: string): Promise<{ svg: string }>; parse(d: string): Promise<unknown> } }).mermaid;
      try {
        await mermaid.parse(definition);
        const { svg } = await mermaid.render(id, definition);
        return { svg, error: undefined };
      } catch (e) {
        document.getElementById(id)?.remove();
        document.getElementById(`d${id}`)?.remove();
        return { svg: undefined, error: String((e as Error).message ?? e).split('\n').slice(0, 3).join(' ').trim() };
      }
    }, id, definition);
    return { draw, close };
  } catch (e) {
    await close();
    throw e;
  }
}

/**
 * Draws diagrams one after another in one Chromium page. `draw` may be called
 * early, while the content is still being parsed (pipeline/io/parse-ahead.ts):
 * Chromium starts at the first diagram missing from the cache and works on the
 * other core meanwhile. `finish` then gives exactly the diagrams of the parsed
 * content, drawing whatever was not sent early, and closes the browser.
 */
export class DiagramDrawer {
  private session: Promise<Session> | null = null;
  private readonly drawn = new Map<string, Promise<Diagram>>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly cacheDir: string) {}

  /** Whether some diagram is being drawn (it was not in the cache). */
  get drawing(): boolean {
    return this.drawn.size > 0;
  }

  private file(hash: string): string {
    return path.join(this.cacheDir, `${hash}.svg`);
  }

  private cached(hash: string): Diagram | null {
    return fs.existsSync(this.file(hash)) ? { svg: fs.readFileSync(this.file(hash), 'utf8') } : null;
  }

  /** Starts drawing a diagram that is not in the cache (in the background; failures come out in `finish`). */
  draw(hash: string, source: string): void {
    if (this.drawn.has(hash) || browserOnly() || !fs.existsSync(chromiumPath) || fs.existsSync(this.file(hash))) return;
    this.session ??= openSession();
    const session = this.session;
    const result = this.queue.then(async () => {
      const { svg, error } = await (await session).draw(`mermaid-${hash}`, source);
      const diagram: Diagram = typeof svg === 'string' ? { svg } : { error: error ?? 'onbekende fout' };
      if ('svg' in diagram) {
        // Write then rename: a build running at the same time never reads half a file.
        fs.mkdirSync(this.cacheDir, { recursive: true });
        const file = this.file(hash);
        fs.writeFileSync(`${file}.${process.pid}.tmp`, diagram.svg);
        fs.renameSync(`${file}.${process.pid}.tmp`, file);
      }
      return diagram;
    });
    // The next diagram waits for this one, failed or not. That handler also keeps a failure from
    // going unhandled while the main thread parses; finish() awaits the real result.
    this.queue = result.catch(() => {});
    this.drawn.set(hash, result);
  }

  async finish(sources: ReadonlyMap<string, string>): Promise<Map<string, Diagram> | null> {
    try {
      const diagrams = new Map<string, Diagram>();
      if (sources.size > 0 && browserOnly()) return null;
      for (const [hash, source] of sources) {
        const known = this.drawn.has(hash) ? null : this.cached(hash);
        if (known) diagrams.set(hash, known);
        else {
          if (!fs.existsSync(chromiumPath)) return null;
          this.draw(hash, source);
        }
      }
      for (const [hash] of sources) {
        const pending = this.drawn.get(hash);
        if (pending && !diagrams.has(hash)) diagrams.set(hash, await pending);
      }
      // Keep the order of `sources`, whatever came from where.
      return new Map([...sources.keys()].map((hash) => [hash, diagrams.get(hash) as Diagram]));
    } finally {
      await this.close();
    }
  }

  private async close(): Promise<void> {
    const session = this.session;
    this.session = null;
    if (!session) return;
    await this.queue;
    await session.then((s) => s.close(), () => {});
  }
}

const require = createRequire(import.meta.url);
const mermaidDist = path.dirname(require.resolve('mermaid/dist/mermaid.min.js'));

/** The installed (pinned) mermaid version, which names the folder of the browser copy. */
export const mermaidVersion: string = (JSON.parse(fs.readFileSync(path.join(mermaidDist, '..', 'package.json'), 'utf8')) as { version: string }).version;

const browserFolder = `assets/mermaid-${mermaidVersion}`;
const browserEntry = 'mermaid.esm.min.mjs';

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
