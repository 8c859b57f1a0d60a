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

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export async function renderDiagrams(sources: ReadonlyMap<string, string>, cacheDir: string): Promise<Map<string, Diagram> | null> {
  const diagrams = new Map<string, Diagram>();
  const missing: Array<[string, string]> = [];
  for (const [hash, source] of sources) {
    const file = path.join(cacheDir, `${hash}.svg`);
    if (fs.existsSync(file)) diagrams.set(hash, { svg: fs.readFileSync(file, 'utf8') });
    else missing.push([hash, source]);
  }
  if (missing.length === 0) return diagrams;
  if (!fs.existsSync(chromiumPath)) return null;

  const { default: puppeteer } = await import('puppeteer-core');
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-mermaid-'));
  const browser = await puppeteer.launch({ executablePath: chromiumPath, headless: true, userDataDir, args: chromiumArgs });
  try {
    const page = await browser.newPage();
    await page.setContent('<!DOCTYPE html><html><body></body></html>');
    const require = createRequire(import.meta.url);
    await page.addScriptTag({ path: require.resolve('mermaid/dist/mermaid.min.js') });
    await page.evaluate(() => {
      (window as unknown as { mermaid: { initialize(o: object): void } }).mermaid.initialize({
        startOnLoad: false, securityLevel: 'strict', theme: 'neutral', fontFamily: 'system-ui, sans-serif',
        flowchart: { htmlLabels: false }, sequence: { useMaxWidth: true },
      });
    });
    fs.mkdirSync(cacheDir, { recursive: true });
    for (const [hash, source] of missing) {
      const result = await page.evaluate(async (id: string, definition: string) => {
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
      }, `mermaid-${hash}`, source);
      const diagram: Diagram = typeof result.svg === 'string' ? { svg: result.svg } : { error: result.error ?? 'onbekende fout' };
      diagrams.set(hash, diagram);
      if ('svg' in diagram) {
        // Write then rename: a build running at the same time never reads half a file.
        const file = path.join(cacheDir, `${hash}.svg`);
        fs.writeFileSync(`${file}.${process.pid}.tmp`, diagram.svg);
        fs.renameSync(`${file}.${process.pid}.tmp`, file);
      }
    }
  } finally {
    await browser.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
  return diagrams;
}
