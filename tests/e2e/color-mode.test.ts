/**
 * The colour-mode toggle. Our configuration fixes light with no switch, so
 * this suite builds a small site with the switch enabled, once with
 * "respect system preference" and once without.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { analyse, generate } from '../../pipeline/build.ts';
import { loadTheme } from '../../pipeline/io/theme.ts';
import { writeSite } from '../../pipeline/io/write.ts';
import { startServer } from '../../pipeline/io/server.ts';
import { chromiumArgs, chromiumPath } from '../../pipeline/chromium.ts';
import { configText, effects, tree } from '../helpers.ts';
import { nextMode } from '../../theme/client/color-mode.ts';

const unit = suite('colour mode: cycle');
unit('should cycle system → light → dark → system when the system preference is respected', () => {
  assert.is(nextMode(null, true, false), 'light');
  assert.is(nextMode('light', true, false), 'dark');
  assert.is(nextMode('dark', true, false), null);
});
unit('should toggle dark ↔ light otherwise', () => {
  assert.is(nextMode('light', false, false), 'dark');
  assert.is(nextMode('dark', false, false), 'light');
  assert.is(nextMode(null, false, true), 'light');
});
unit.run();

async function serveSite(respectSystem: boolean) {
  const config = configText.replace(/disableSwitch: true\n  respectPrefersColorScheme: false/, `disableSwitch: false\n  respectPrefersColorScheme: ${respectSystem}`);
  const { theme, files } = await loadTheme();
  const g = generate(analyse(tree({ 'kennisbank/a.md': '---\ntitle: A\n---\n\nTekst.\n' }, config), 'production'), { ...effects, theme, themeFiles: files }, { render: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kleurmodus-'));
  await writeSite(path.join(dir, 'site'), g.files);
  const server = await startServer({ root: path.join(dir, 'site'), port: 0, dev: false });
  server.server.unref();
  return { origin: server.url.replace('localhost', '127.0.0.1'), close: () => { server.server.close(); fs.rmSync(dir, { recursive: true, force: true }); } };
}

const browserSuite = suite('e2e: colour mode toggle');
let browser: Browser;
let profile = '';
browserSuite.before(async () => {
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'kleurmodus-chromium-'));
  browser = await puppeteer.launch({ executablePath: chromiumPath, headless: true, userDataDir: profile, args: chromiumArgs });
});
browserSuite.after(async () => {
  await browser.close();
  fs.rmSync(profile, { recursive: true, force: true });
});

browserSuite('should cycle system → light → dark, follow the OS live, and sync across tabs', async () => {
  const site = await serveSite(true);
  const tab = await browser.newPage();
  await tab.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
  await tab.goto(`${site.origin}/kennisbank/a`, { waitUntil: 'load' });
  const theme = () => tab.$eval('html', (el) => el.getAttribute('data-theme'));
  assert.is(await theme(), 'dark', 'system: follows the OS');
  await tab.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
  await tab.waitForFunction(() => document.documentElement.dataset.theme === 'light', { timeout: 3000, polling: 100 });
  await tab.click('[data-color-mode-toggle]');
  assert.is(await tab.evaluate(() => localStorage.getItem('theme')), 'light');
  await tab.click('[data-color-mode-toggle]');
  assert.is(await theme(), 'dark');
  const other = await browser.newPage();
  await other.goto(`${site.origin}/kennisbank/a`, { waitUntil: 'load' });
  assert.is(await other.$eval('html', (el) => el.getAttribute('data-theme')), 'dark', 'applied on load in a new tab');
  await tab.bringToFront();
  await tab.click('[data-color-mode-toggle]');
  assert.is(await tab.evaluate(() => localStorage.getItem('theme')), null, 'system is stored as nothing');
  await other.bringToFront();
  await other.waitForFunction(() => document.documentElement.dataset.theme === 'light', { timeout: 3000, polling: 100 });
  await tab.close();
  await other.close();
  site.close();
});

browserSuite('should toggle dark ↔ light without the system preference, and ignore a foreign stored value', async () => {
  const site = await serveSite(false);
  const tab = await browser.newPage();
  await tab.evaluateOnNewDocument(() => { if (!sessionStorage.getItem('seen')) { localStorage.setItem('theme', '<script>'); sessionStorage.setItem('seen', '1'); } });
  await tab.goto(`${site.origin}/kennisbank/a`, { waitUntil: 'load' });
  assert.is(await tab.$eval('html', (el) => el.getAttribute('data-theme')), 'light');
  assert.is(await tab.evaluate(() => localStorage.getItem('theme')), null, 'foreign value replaced');
  await tab.click('[data-color-mode-toggle]');
  assert.is(await tab.$eval('html', (el) => el.getAttribute('data-theme')), 'dark');
  await tab.click('[data-color-mode-toggle]');
  assert.is(await tab.$eval('html', (el) => el.getAttribute('data-theme')), 'light');
  await tab.close();
  site.close();
});

browserSuite.run();
