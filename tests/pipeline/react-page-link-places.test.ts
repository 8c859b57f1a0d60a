import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { placeInSource, reactPageContent } from '../../pipeline/stages/react-pages.ts';

const test = suite('react pages: a link\'s problem points at the place in the page\'s source');

const source = `import Link from '@docusaurus/Link';

export default function Team() {
  return <main>
    <Link to="/docs/intro">Begin</Link>
    <a href={'/blog'}>Blog</a>
    <Link to={\`/docs/\${'x'}\`}>Gebouwd</Link>
  </main>;
}
`;

test('a literal in double or single quotes is found at its opening quote', () => {
  assert.equal(placeInSource(source, '/docs/intro'), { line: 5, column: 14 });
  assert.equal(placeInSource(source, '/blog'), { line: 6, column: 14 });
});

test('a link the code builds, or a prefix of a longer literal, is at the start of the file', () => {
  assert.equal(placeInSource(source, '/docs/x'), { line: 1, column: 1 });
  assert.equal(placeInSource(source, '/docs'), { line: 1, column: 1 });
});

test('the content\'s links carry those places; without the source they stand at the start', () => {
  const html = '<main><a href="/docs/intro">Begin</a><a href="/blog">Blog</a></main>';
  assert.equal(reactPageContent(html, '/team/', 'src/pages/team.tsx', source).links.map((l) => [l.url, l.place.line, l.place.column]), [['/docs/intro', 5, 14], ['/blog', 6, 14]]);
  assert.equal(reactPageContent(html, '/team/', 'src/pages/team.tsx').links.map((l) => [l.place.line, l.place.column]), [[1, 1], [1, 1]]);
});

test.run();
