/**
 * The one URL rule (pipeline/safety/urls.ts), and every place that writes or
 * checks an address following it: a script address or another host disguised
 * as a path is refused by each of them alike.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { refusedUrl, urlKind } from '../../pipeline/safety/urls.ts';
import { safeConfigHtml } from '../../pipeline/safety/html.ts';
import { unsafeUrlValue } from '../../renderer/body/html.ts';
import { safeHref } from '../../theme/mdx/DocCard.tsx';
import { sanitizedHtml } from '../../pipeline/io/safe-component.ts';

const disguised = ['/\\evil.example', '\\\\evil.example', '\\/evil.example', '///evil.example', '/\t/evil.example', '/\n/evil.example', ' //evil.example', '\t//evil.example', '/\\/evil.example'];
const script = ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', ' javascript:alert(1)', '\u0001javascript:alert(1)', 'vbscript:x', 'data:text/html,x'];
const fine = ['/blog', '/a\\b', './a.md', '#kop', '?q=1', 'https://example.org/', '//example.org/x', 'mailto:a@b.nl'];

const rule = suite('one URL rule');

rule('should read a path that a browser takes to another host as disguised, and nothing else', () => {
  for (const url of disguised) assert.equal(urlKind(url), { kind: 'disguised' }, JSON.stringify(url));
  for (const url of script) assert.is(urlKind(url).kind, 'script', JSON.stringify(url));
  for (const url of fine) assert.not.ok(refusedUrl(url), JSON.stringify(url));
});

rule('should be refused alike by the renderer, DocCard, site-component output and configuration HTML', () => {
  for (const url of [...disguised, ...script]) {
    const name = JSON.stringify(url);
    assert.ok(unsafeUrlValue('href', url), `renderer ${name}`);
    assert.is(safeHref(url), undefined, `DocCard ${name}`);
    const attribute = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    assert.not.match(sanitizedHtml(`<a href="${attribute}">x</a>`, ''), /href/, `site component ${name}`);
    const config = safeConfigHtml(`<a href="${attribute}">x</a>`);
    assert.not.match(config.html, /href/, `configuration HTML ${name}`);
    assert.ok(config.removed.length > 0, `configuration HTML warns for ${name}`);
  }
  for (const url of fine) {
    assert.not.ok(unsafeUrlValue('href', url), JSON.stringify(url));
    assert.match(safeConfigHtml(`<a href="${url}">x</a>`).html, /href/, JSON.stringify(url));
  }
});

rule.run();

const migrate = suite('migrate: configuration HTML');

migrate('should name a navbar html item whose HTML the build would cut, and no safe one', async () => {
  const { migrateSiteConfig } = await import('../../pipeline/cli/migrate/site-config.ts');
  const { notes } = migrateSiteConfig({
    title: 'Site', url: 'https://example.org/', baseUrl: '/',
    themeConfig: { navbar: { items: [
      { type: 'html', value: '<b>Veilig</b>' },
      { type: 'html', value: '<img src="/x.png" alt="" onerror="alert(1)"><meta http-equiv="refresh" content="0;url=https://evil.example">' },
    ] } },
  }, new Map(), [], '/site');
  const named = notes.filter((n) => n.includes('HTML-item'));
  assert.is(named.length, 1, notes.join('\n'));
  assert.match(named[0] ?? '', /onerror/);
  assert.match(named[0] ?? '', /<meta>/);
});

migrate.run();
