import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { splitFrontmatter } from '../../../pipeline/stages/parse/frontmatter.ts';

const frontmatter = suite('parse: frontmatter');

frontmatter('should leave text without frontmatter unchanged', () => {
  assert.equal(splitFrontmatter('# Kop\n').body, '# Kop\n');
  assert.equal(splitFrontmatter('# Kop\n'), { yaml: '', yamlLine: 2, body: '# Kop\n' });
});

frontmatter('should split the YAML from the body and keep the body on its own lines', () => {
  const text = '---\ntitle: X\ndescription: Y\n---\n\n## Kop\n';
  const { yaml, yamlLine, body } = splitFrontmatter(text);
  assert.is(yaml, 'title: X\ndescription: Y');
  assert.is(yamlLine, 2);
  assert.is(body.split('\n').length, text.split('\n').length);
  assert.is(body.split('\n')[5], '## Kop');
  assert.is(body.replace(/^\n+/, ''), '## Kop\n');
});

frontmatter('should read Windows line ends and trailing blanks after the dashes', () => {
  const { yaml, body } = splitFrontmatter('--- \r\ntitle: X\r\n---\t\r\nTekst\r\n');
  assert.is(yaml, 'title: X');
  assert.is(body, '\n\n\nTekst\r\n');
});

frontmatter('should read empty frontmatter, and frontmatter that ends the file', () => {
  assert.equal(splitFrontmatter('---\n---\nTekst\n'), { yaml: '', yamlLine: 2, body: '\n\nTekst\n' });
  assert.equal(splitFrontmatter('---\ntitle: X\n---'), { yaml: 'title: X', yamlLine: 2, body: '\n\n' });
});

frontmatter('should take only frontmatter at the very start of the file', () => {
  const text = '\n---\ntitle: X\n---\nTekst\n';
  assert.equal(splitFrontmatter(text), { yaml: '', yamlLine: 2, body: text });
  const rule = 'Tekst\n\n---\n\nMeer\n\n---\n';
  assert.is(splitFrontmatter(rule).body, rule);
});

frontmatter.run();
