/**
 * A redirect page in Chromium, served with the production security headers
 * (the migrated Docusaurus fixture, whose client-redirects became redirect
 * pages): the meta refresh moves on to the new page under our
 * Content-Security-Policy, with no violation, and the page is axe-clean.
 */
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { axeViolations, closeBrowser, docusaurusSite } from './browser.ts';
import { builtSite } from '../docusaurus/site.ts';

const test = suite('redirect pages in Chromium');
test.after(closeBrowser);

test('should move on from an old path to the new page under the CSP, with no violation', async () => {
  const site = await docusaurusSite();
  const page = await site.page();
  const violations: string[] = [];
  await page.evaluateOnNewDocument(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP: ${e.violatedDirective} ${e.blockedURI}`));
  });
  page.on('console', (m) => { if (m.type() === 'error') violations.push(m.text()); });
  const arrived = page.waitForFunction(() => location.pathname === '/docs/koppelingen', { timeout: 10_000 });
  await page.goto(`${site.origin}/handleiding`);
  await arrived;
  await page.waitForSelector('main h1');
  assert.is(new URL(page.url()).pathname, '/docs/koppelingen');
  assert.equal(violations.filter((v) => v.startsWith('CSP')), []);
  await page.close();
});

test('should be axe-clean', async () => {
  const site = await docusaurusSite();
  const built = await builtSite();
  // The refresh would leave before axe runs: the page's own HTML without it, served from the same origin.
  const html = fs.readFileSync(path.join(built.out, 'handleiding/index.html'), 'utf8');
  assert.match(html, /http-equiv="refresh"/);
  const page = await site.page();
  await page.goto(`${site.origin}/404.html`);
  await page.setContent(html.replace(/<meta http-equiv="refresh"[^>]*>/, ''));
  assert.is(await page.$eval('main a', (a) => a.getAttribute('href')), '/docs/koppelingen');
  assert.equal(await axeViolations(page), []);
  await page.close();
});

test.run();
