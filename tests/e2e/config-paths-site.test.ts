/**
 * The pages of the Docusaurus fixture that its configuration's paths and links
 * shape, in the browser under the production CSP: a Markdown page whose
 * `# heading` sits in a `<div>` (one h1, the page's title), a doc with a tag
 * from the shared root tags.yml and its edit link, and a post with its edit
 * link. axe finds nothing, and no CSP violation happens.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { axeViolations, closeBrowser, docusaurusSite } from './browser.ts';

const test = suite('e2e: configuration paths on the Docusaurus fixture');

test.after(closeBrowser);

declare global {
  interface Window { __violations?: string[] }
}

for (const route of ['/contact', '/docs/aan-de-slag/installeren', '/blog/2026/01/05/welkom']) {
  test(`${route}: axe finds nothing and the CSP blocks nothing`, async () => {
    const site = await docusaurusSite();
    const page = await site.page();
    await page.evaluateOnNewDocument(() => {
      window.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__violations?.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'}`));
    });
    await page.goto(`${site.origin}${route}`, { waitUntil: 'load' });
    if (route === '/contact') {
      assert.equal(await page.$$eval('h1', (hs) => hs.map((h) => h.textContent?.trim())), ['Contact']);
      assert.match(await page.title(), /^Contact \|/);
    } else {
      assert.is(await page.$$eval('.edit-links a[target="_blank"]', (as) => as.length), 1);
    }
    assert.equal(await axeViolations(page), []);
    assert.equal(await page.evaluate(() => window.__violations ?? []), []);
    await page.close();
  });
}

test.run();
