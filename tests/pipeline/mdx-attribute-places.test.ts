/**
 * Problems inside JSX written as an attribute's value (`title={<…/>}`,
 * `summary={<…/>}`, `fallback={<…/>}`) are reported at the element the
 * attribute is on, in the file it is written in, not at 1:1.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { renderMarkdown } from '../../pipeline/stages/markdown.ts';
import { parseMarkdownBody } from '../../pipeline/stages/parse.ts';
import { codes, ctx, render } from './mdx-page.ts';

const places = suite('mdx: problems in attribute values at their place');

places('an event handler in an Admonition title is reported at the Admonition', () => {
  const { problems } = render(`import Admonition from '@theme/Admonition';

Tekst.

<Admonition type="tip" title={<span>Kijk <img src="/x.png" onError="alert(1)"/></span>}>

Inhoud.

</Admonition>
`);
  assert.equal(codes(problems), ['5:1 error unsafe-html']);
  assert.match(problems[0]!.message, /event handler/);
});

places('a javascript: link in a Details summary in a sentence is reported at the Details, with its column', () => {
  const { problems } = render(`import Details from '@theme/Details';

Tekst.

Een zin met <Details summary={<a href="javascript:alert(1)">Meer</a>}>inhoud</Details> erin.
`);
  assert.equal(codes(problems), ['5:13 error unsafe-html']);
  assert.match(problems[0]!.message, /javascript:/);
});

places('a warning from a BrowserOnly fallback is at the BrowserOnly, after its own warning', () => {
  const { problems } = render(`import BrowserOnly from '@docusaurus/BrowserOnly';

Tekst.

  <BrowserOnly fallback={<p style={{color: 'red'}}>Laden…</p>}>{() => null}</BrowserOnly>
`);
  assert.equal(codes(problems), ['5:3 warning mdx-browser-only', '5:3 warning mdx-style-ignored']);
});

places('in a partial, the problem names the partial and the element\'s line there', () => {
  const text = `Eerst tekst.

<Details summary={<a href="javascript:void(0)">Open</a>}>

Meer.

</Details>
`;
  const partials = new Map([['docs/_deel.mdx', { path: 'docs/_deel.mdx', display: 'docs/_deel.mdx', text: `import Details from '@theme/Details';\n\n${text}`, tree: parseMarkdownBody(`import Details from '@theme/Details';\n\n${text}`, 'mdx') }]]);
  const md = "import Deel from './_deel.mdx';\n\n<Deel />\n";
  const { problems } = renderMarkdown({ tree: parseMarkdownBody(md, 'mdx'), path: 'docs/pagina.mdx', display: 'docs/pagina.mdx', permalink: '/docs/pagina', tocMin: 2, tocMax: 3, source: md }, { ...ctx, partials });
  assert.equal(problems.map((p) => `${p.file} ${p.line}:${p.column} ${p.code}`), ['docs/_deel.mdx 5:1 unsafe-html']);
});

places.run();
