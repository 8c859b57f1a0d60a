/**
 * Code blocks, admonitions, media and diagrams of the built Docusaurus fixture
 * (docs/schrijven/) in the browser, under the production CSP: the line
 * numbers are on screen but neither in the text the copy button copies nor
 * in the accessibility tree, magic comments are gone, and axe finds nothing
 * on each page.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'puppeteer-core';
import { axeViolations, closeBrowser, docusaurusSite } from './browser.ts';

const test = suite('e2e: code blocks, admonitions and media on the Docusaurus fixture');

test.after(closeBrowser);

async function open(route: string): Promise<Page> {
  const site = await docusaurusSite();
  const page = await site.page();
  await page.goto(`${site.origin}${route}`, { waitUntil: 'load' });
  return page;
}

test('line numbers show from the start given, and are neither copied nor read', async () => {
  const page = await open('/docs/schrijven/codeblokken');
  const blocks = await page.$$eval('.code-block pre', (pres) => pres.map((pre) => ({
    // What the copy button copies (theme/client/code-copy.ts).
    copied: pre.innerText,
    numbers: [...pre.querySelectorAll('.line')].map((line) => getComputedStyle(line, '::before').content),
  })));
  assert.is(blocks[0]!.copied, 'const appels = 3;\nconst peren = 4;\nconst fruit = appels + peren;');
  assert.equal(blocks[0]!.numbers.map((c) => c.replace(/\s/g, '')), ['counter(line)/""', 'counter(line)/""', 'counter(line)/""']);
  assert.is(blocks[1]!.copied.split('\n')[0], 'def groet(naam):');
  assert.not.match(blocks.map((b) => b.copied).join('\n'), /\d\s*const|highlight-start|highlight-end/);
  // The accessibility tree holds the code, not the numbers (a bare 1, 12, … would be one).
  type AxNode = { name?: string; children?: AxNode[] };
  const names: string[] = [];
  const collect = (node: AxNode | null) => { if (!node) return; if (node.name) names.push(node.name); node.children?.forEach(collect); };
  collect(await page.accessibility.snapshot({ interestingOnly: false }) as AxNode | null);
  assert.ok(names.some((n) => n.includes('appels')), 'the code is in the tree');
  const numbers = (list: string[]) => list.filter((n) => /^(1|2|3|12|13|14|15)$/.test(n));
  assert.equal(numbers(names), []);
  // Without the empty alternative text the same numbers are in the tree: the check above can see them.
  await page.addStyleTag({ content: '.code-block code.line-numbers .line::before { content: counter(line); }' });
  names.length = 0;
  collect(await page.accessibility.snapshot({ interestingOnly: false }) as AxNode | null);
  assert.ok(numbers(names).length > 0, 'numbers without alternative text are read');
  await page.reload({ waitUntil: 'load' });
  // The numbers are drawn: the first line of the second block starts further right than its text would alone.
  const offsets = await page.$$eval('.code-block pre code.line-numbers', (codes) => codes.map((code) => {
    const line = code.querySelector('.line span');
    return line ? line.getBoundingClientRect().left - code.getBoundingClientRect().left : 0;
  }));
  assert.ok(offsets.every((o) => o > 10), `the code starts after its number (${offsets.join(', ')})`);
  assert.equal(await axeViolations(page), []);
  await page.close();
});

for (const route of ['/docs/schrijven/admonities', '/docs/schrijven/media', '/docs/schrijven/html', '/docs/schrijven/diagram']) {
  test(`axe finds nothing on ${route}`, async () => {
    const page = await open(route);
    assert.equal(await axeViolations(page), []);
    await page.close();
  });
}

test.run();
