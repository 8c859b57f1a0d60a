/**
 * Browser test support: one production build of the real content, served on
 * 127.0.0.1 at a free port, and one headless Debian Chromium for all suites.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { runBuild } from '../../pipeline/cli.ts';
import { writeSite } from '../../pipeline/io/write.ts';
import { startServer } from '../../pipeline/io/server.ts';
import { chromiumArgs, chromiumPath } from '../../pipeline/io/mermaid.ts';
import { hasErrors } from '../../pipeline/problem.ts';
import { formatProblems } from '../../pipeline/report.ts';
import { root } from '../helpers.ts';

export interface TestSite {
  readonly origin: string;
  readonly dir: string;
  readonly routes: ReadonlyArray<string>;
  readonly browser: Browser;
  readonly page: () => Promise<Page>;
}

let shared: Promise<TestSite> | null = null;

async function start(): Promise<TestSite> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-e2e-'));
  const result = await runBuild({
    content: path.join(root, 'content'), config: path.join(root, 'dist-config/site.yml'),
    mode: 'production', render: true, cacheDir: path.join(root, '.cache'),
  });
  if (hasErrors(result.problems)) throw new Error(`De testbuild faalt:\n${formatProblems(result.problems, { colour: false })}`);
  writeSite(path.join(dir, 'site'), result.files);
  const server = await startServer({ root: path.join(dir, 'site'), port: 0, dev: false });
  const origin = server.url.replace('localhost', '127.0.0.1');
  const userDataDir = path.join(dir, 'chromium');
  const browser = await puppeteer.launch({ executablePath: chromiumPath, headless: true, userDataDir, args: chromiumArgs });
  process.once('exit', () => {
    server.server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    origin, dir, browser,
    routes: result.routes.map((r) => r.path),
    page: async () => {
      const page = await browser.newPage();
      await page.setViewport({ width: 1280, height: 900 });
      return page;
    },
  };
}

/** The shared site; the first suite that asks builds it. */
export const testSite = (): Promise<TestSite> => (shared ??= start());

/** Close the browser after the last suite (uvu runs files one after another in one process). */
export async function closeBrowser(): Promise<void> {
  if (shared) await (await shared).browser.close();
}
