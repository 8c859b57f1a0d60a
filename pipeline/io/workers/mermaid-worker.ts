/**
 * Worker thread that drives Chromium for pipeline/io/mermaid.ts: one page with
 * mermaid loaded, drawing the diagrams it is sent one after another. Chromium
 * starts as soon as the worker does, while the main thread is still parsing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { chromiumArgs } from '../../chromium.ts';
import { browserEntry, diagramChromiumPath, mermaidDist, mermaidVersion, profilePrefix, type Session, type WorkerReply, type WorkerRequest } from '../mermaid.ts';
import { mermaidConfig } from '../../../theme/shared/mermaid-config.ts';
import { patchMermaid, patchWarning } from '../mermaid-patch.ts';

/** The made-up address of the page with mermaid: every request to it is answered from node_modules. */
const origin = 'http://mermaid.invalid';

async function openChromium(): Promise<Session> {
  const { default: puppeteer } = await import('puppeteer-core');
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), profilePrefix(process.pid)));
  // One page, no site isolation: one process instead of five keeps the build's memory down.
  const lean = ['--single-process', '--no-zygote', '--disable-extensions', '--disable-dev-shm-usage', '--disable-site-isolation-trials', '--renderer-process-limit=1'];
  // Over a pipe (fds 3 and 4) instead of a debugging port: Chromium ends when the pipe closes, so it dies
  // with the build however the build ends, a SIGKILL included (it runs in a process group of its own,
  // and no signal of ours reaches it then).
  const browser = await puppeteer.launch({
    executablePath: diagramChromiumPath, headless: diagramChromiumPath.endsWith('headless-shell') ? 'shell' : true, pipe: true, userDataDir, args: [...chromiumArgs, ...lean],
  }).catch((e: unknown) => {
    fs.rmSync(userDataDir, { recursive: true, force: true });
    throw e;
  });
  // Nothing of the browser is kept, its profile is thrown away: ending the process frees its memory
  // at once, where closing it took 60 to 80 ms, mostly writing a profile nobody reads.
  const close = async () => {
    const chromium = browser.process();
    if (chromium && chromium.exitCode === null && chromium.signalCode === null) {
      const exited = new Promise((resolve) => chromium.once('exit', resolve));
      chromium.kill('SIGKILL');
      await exited;
    } else await browser.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  };
  try {
    const page = await browser.newPage();
    // mermaid's ES module build, served to the page from node_modules: its entry compiles in a third
    // of the time of the 3.5 MB classic bundle, and each diagram type loads only when first drawn.
    // One of its modules gets a speed fix (mermaid-patch.ts).
    await page.setRequestInterception(true);
    /** What the patch found in the module that holds assignWithDepth; null until that module is served. */
    let missing: ReadonlyArray<string> | null = null;
    page.on('request', (request) => {
      const url = request.url();
      const file = path.join(mermaidDist, decodeURIComponent(new URL(url).pathname));
      if (url === `${origin}/`) void request.respond({ status: 200, contentType: 'text/html', body: '<!DOCTYPE html><html><body></body></html>' });
      else if (url.startsWith(`${origin}/`) && file.startsWith(mermaidDist) && fs.existsSync(file)) {
        const patched = patchMermaid(fs.readFileSync(file));
        missing = patched.missing ?? missing;
        void request.respond({ status: 200, contentType: 'text/javascript', body: patched.body });
      } else void request.respond({ status: 404, body: '' });
    });
    await page.goto(`${origin}/`);
    await page.evaluate(async (entry: string, config: object) => {
      const { default: mermaid } = await import(entry) as { default: { initialize(o: object): void } };
      mermaid.initialize(config);
      (window as unknown as { mermaid: unknown }).mermaid = mermaid;
    }, `/${browserEntry}`, mermaidConfig);
    // The entry imports the module that holds assignWithDepth, so by now the patch applied or did not:
    // drawing goes on either way (the diagrams are the same), but another mermaid must not lose it unseen.
    const warning = patchWarning(mermaidVersion, missing);
    if (warning) console.warn(warning);
    const draw = (id: string, definition: string) => page.evaluate(async (id: string, definition: string) => {
      const mermaid = (window as unknown as { mermaid: { render(id: string, d: string): Promise<{ svg: string }> } }).mermaid;
      try {
        // render parses first and throws the error parse would.
        const { svg } = await mermaid.render(id, definition);
        return { svg };
      } catch (e) {
        document.getElementById(id)?.remove();
        document.getElementById(`d${id}`)?.remove();
        return { error: String((e as Error).message ?? e).split('\n').slice(0, 3).join(' ').trim() };
      }
    }, id, definition);
    return { draw, close };
  } catch (e) {
    await close();
    throw e;
  }
}

const port = parentPort;
if (port) {
  const chromium = openChromium();
  const reply = (message: WorkerReply) => port.postMessage(message);
  chromium.catch((e: unknown) => reply({ failed: String((e as Error).message ?? e) }));
  // One diagram at a time, in the order they were sent; closing waits for the last one.
  let queue: Promise<unknown> = chromium;
  port.on('message', (request: WorkerRequest) => {
    queue = queue.then(async () => {
      const session = await chromium;
      if ('close' in request) {
        await session.close();
        // Chromium is gone: the main thread goes on without waiting for this thread to end.
        reply({ closed: true });
        port.close();
      } else reply({ id: request.id, result: await session.draw(request.name, request.definition) });
    }).catch((e: unknown) => {
      // Chromium did not start or broke off: the main thread then draws nothing more (mermaid.ts).
      if ('close' in request) port.close();
      else reply({ failed: String((e as Error).message ?? e) });
    });
  });
}
