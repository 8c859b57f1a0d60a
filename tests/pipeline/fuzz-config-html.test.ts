/**
 * HTML from the site configuration (navbar and sidebar `html` items) and the
 * footer's text, written by someone hostile: every page, read back with
 * parse5 as a browser reads it, has no script, no event attribute, no meta
 * refresh and no script or disguised address; what the safe schema removed
 * is a warning at the item's value in site.yml or the sidebars file.
 */
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'parse5';
import { analyse, generate, type Generated } from '../../pipeline/build.ts';
import { configText, tree } from '../helpers.ts';
import { themeCode } from '../../theme/theme-code.ts';

const effects = { highlighter: null, diagrams: new Map(), theme: { css: '/assets/styles.css', js: '/assets/shell.js', files: new Map() }, themeFiles: [], themeCode };

interface Hostile {
  readonly navbar: string;
  readonly sidebar: string;
  readonly footer: string;
}

/** The site with `hostile` in a navbar html item, a sidebar html item and the footer's copyright. */
function build({ navbar, sidebar, footer }: Hostile): Generated {
  const config = `${configText
    .replace(/^navbar:\n {2}items:\n/m, (m) => `${m}    - { type: html, value: ${JSON.stringify(navbar)} }\n`)
    .replace(/^( {2}copyright: ).*$/m, (_, key: string) => `${key}${JSON.stringify(footer)}`)}
content:
  docs:
    - { id: kennisbank, path: kennisbank, sidebars: per-folder }
    - { id: communities, path: communities, sidebars: wrapped }
    - { id: default, path: docs, routeBasePath: docs, label: Documentatie, sidebarPath: sidebars.yml }
`;
  const sidebars = `handleiding:\n  - intro\n  - type: html\n    value: ${JSON.stringify(sidebar)}\n`;
  const sources = { ...tree({ 'docs/intro.md': '---\ntitle: Inleiding\n---\n\nWelkom.\n' }, config), configData: [{ path: 'sidebars.yml', display: 'dist-config/sidebars.yml', text: sidebars }] };
  return generate(analyse(sources, 'production', { today: '2026-01-01' }), effects, { render: true });
}

interface Node5 {
  readonly nodeName: string;
  readonly tagName?: string;
  readonly attrs?: ReadonlyArray<{ readonly name: string; readonly value: string }>;
  readonly childNodes?: ReadonlyArray<Node5>;
  readonly content?: Node5;
}

const urlAttributes = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'data', 'srcset', 'cite', 'background']);

/** What a browser would run or follow off the site in `html`, as parse5 reads it; null when nothing. */
function danger(html: string): string | null {
  const visit = (node: Node5): string | null => {
    if (node.tagName === 'script') {
      const type = node.attrs?.find((a) => a.name === 'type')?.value;
      const src = node.attrs?.some((a) => a.name === 'src');
      const body = (node.childNodes ?? []).length;
      if (!(src && body === 0) && type !== 'application/ld+json') return '<script> with inline code';
    }
    if (node.tagName === 'meta' && node.attrs?.some((a) => a.name === 'http-equiv' && /refresh/i.test(a.value))) return '<meta http-equiv=refresh>';
    for (const { name, value } of node.attrs ?? []) {
      if (/^on/i.test(name)) return `<${node.tagName} ${name}>`;
      if (!urlAttributes.has(name)) continue;
      // Independent of the rule under test: what browsers ignore taken out, then the scheme, and a path that becomes //host.
      const read = value.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
      if (/^(javascript|vbscript|data):/.test(read)) return `<${node.tagName} ${name}="${value}">`;
      if (/^[/\\][/\\]/.test(read) && !/^\/\/[^/\\\s]/.test(value)) return `<${node.tagName} ${name}="${value}"> (another host)`;
    }
    for (const child of [...(node.childNodes ?? []), ...(node.content ? [node.content] : [])]) {
      const found = visit(child);
      if (found) return found;
    }
    return null;
  };
  return visit(parse(html) as unknown as Node5);
}

/** The rendered pages, each as parse5 reads it, with what is wrong in it. */
function pageDangers(g: Generated): string[] {
  return g.files.filter((f) => f.path.endsWith('.html') && typeof f.data === 'string')
    .flatMap((f) => { const found = danger(String(f.data)); return found ? [`${f.path}: ${found}`] : []; });
}

const hostileParts = [
  '<script>alert(1)</script>', '<img src="/x.png" alt="" onerror="alert(1)">', '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<style>body{display:none}</style>', '<a href="javascript:alert(1)">a</a>', '<a href="java&#x09;script:alert(1)">b</a>',
  '<a href="/\\evil.example">c</a>', '<a href="\\\\evil.example">d</a>', '<svg onload="alert(1)"></svg>', '<iframe src="https://evil.example"></iframe>',
  '<a href="data:text/html,<script>alert(1)</script>">e</a>', '<details open ontoggle="alert(1)"><summary>f</summary></details>',
  '<object data="javascript:alert(1)"></object>', '<base href="https://evil.example/">', '<form action="javascript:alert(1)"><button>g</button></form>',
  '<scr<script>ipt>alert(1)</script>', '<!--<script>alert(1)</script>-->', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<strong>Nieuw</strong>', '<a href="/blog">Blog</a>', '<span class="x">tekst</span>',
];
const hostile = fc.array(fc.oneof(fc.constantFrom(...hostileParts), fc.string({ maxLength: 12 })), { minLength: 1, maxLength: 4 }).map((parts) => parts.join(''));

const config = suite('configuration HTML');

config('should leave no script, handler, meta refresh or script address in any page, whatever the navbar, sidebar and footer hold', () => {
  fc.assert(fc.property(fc.record({ navbar: hostile, sidebar: hostile, footer: hostile }), (input) => {
    const found = pageDangers(build(input));
    if (found.length) throw new Error(found.slice(0, 5).join('\n'));
  }), { numRuns: 12, seed: 20260101 });
});

config('should warn at the value of a navbar and a sidebar html item whose HTML was cut, and keep what is safe', () => {
  const all = hostileParts.slice(0, 5).join('');
  const g = build({ navbar: `<b>Navbar</b>${all}`, sidebar: `<i>Zijbalk</i>${all}`, footer: '<script>alert(1)</script>' });
  const warned = g.problems.filter((p) => p.code === 'unsafe-config-html').sort((a, b) => a.file.localeCompare(b.file));
  // The navbar item is the first under `navbar: items:`, written as `    - { type: html, value: … }`.
  const navbarLine = configText.split('\n').findIndex((l) => l === 'navbar:') + 3;
  assert.equal(warned.map((p) => [p.severity, p.file, p.line, p.column]), [['warning', 'dist-config/sidebars.yml', 4, 5], ['warning', 'dist-config/site.yml', navbarLine, 21]]);
  for (const p of warned) assert.match(p.message, /<script>/);
  assert.equal(pageDangers(g), []);
  const page = String(g.files.find((f) => f.path === 'docs/intro/index.html')?.data ?? '');
  assert.match(page, /<b>Navbar<\/b>/);
  assert.match(page, /<i>Zijbalk<\/i>/);
  // The footer's copyright is text: its markup shows as text, escaped.
  assert.match(page, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
});

config.run();
