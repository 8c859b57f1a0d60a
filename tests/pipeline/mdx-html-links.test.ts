/**
 * An HTML link written as JSX (`<a href="…">`) in an MDX page: a link like a
 * Markdown one, resolved by the link job and seen by the link checker, as
 * Docusaurus' checker sees every link of a page.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { codes, html, render } from './mdx-page.ts';

const links = suite('mdx: HTML links in JSX');

links('should make an HTML link in JSX a link the checker sees, with a .md path resolved and its attributes kept', () => {
  const { content, problems } = render(`Lees <a href="./doel.md" className="knop">het doel</a> of <a href="/docs/bestaat-niet">niets</a>.
`);
  assert.equal(codes(problems), []);
  assert.is(html(content.body), '<p>Lees <a href="/docs/doel" class="knop">het doel</a> of <a href="/docs/bestaat-niet">niets</a>.</p>');
  assert.equal(content.links.map((l) => `${l.url} ${l.place.line}:${l.place.column}`), ['/docs/doel 1:6', '/docs/bestaat-niet 1:59']);
});

links.run();
