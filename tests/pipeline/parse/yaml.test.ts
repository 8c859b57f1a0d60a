import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseYaml } from '../../../pipeline/stages/parse/yaml.ts';
import { problemsOf, valueOf } from '../../../pipeline/result.ts';

const yaml = suite('parse: yaml');

yaml('should read the data with the place of each key, counted from the first line', () => {
  const result = parseYaml('title: X\ntags:\n  - api\n  - data\n', 'content/a.md', 2);
  assert.equal(problemsOf(result), []);
  const read = valueOf(result);
  assert.equal(read?.data, { title: 'X', tags: ['api', 'data'] });
  assert.is(read?.ok, true);
  assert.equal(read?.keys, [{ key: 'title', place: { line: 2, column: 1 } }, { key: 'tags', place: { line: 3, column: 1 } }]);
});

yaml('locate should point at a key, a list item, or as deep as the path exists', () => {
  const read = valueOf(parseYaml('title: X\nnav:\n  items:\n    - label: A\n    - label: B\n', 'site.yml'));
  assert.equal(read?.locate(['title']), { line: 1, column: 1 });
  assert.equal(read?.locate(['nav', 'items', 1]), { line: 5, column: 7 });
  assert.equal(read?.locate(['nav', 'items', 1, 'label']), { line: 5, column: 7 });
  assert.equal(read?.locate(['nav', 'missing', 'deeper']), { line: 2, column: 1 });
  assert.equal(read?.locate([]), { line: 1, column: 1 });
});

yaml('should report a syntax error at its line, with no data to decode', () => {
  const result = parseYaml('title: X\ntags: [api\n', 'content/a.md', 2);
  const problems = problemsOf(result);
  assert.ok(problems.length > 0);
  assert.equal(problems.map((p) => [p.code, p.file]), problems.map(() => ['yaml-syntax', 'content/a.md']));
  assert.ok((problems[0]?.line ?? 0) >= 2);
  assert.equal([valueOf(result)?.data, valueOf(result)?.ok], [null, false]);
});

yaml('should report a duplicate key', () => {
  const problems = problemsOf(parseYaml('title: X\ntitle: Y\n', 'content/a.md'));
  assert.equal(problems.map((p) => [p.code, p.line]), [['yaml-syntax', 2]]);
});

yaml('should report an alias without its anchor at the alias', () => {
  const result = parseYaml('title: X\ntags: *lijst\n', 'content/a.md', 2);
  assert.equal(problemsOf(result).map((p) => [p.code, p.line, p.column]), [['yaml-syntax', 3, 7]]);
  assert.match(problemsOf(result)[0]?.message ?? '', /alias \(\*naam\)/);
  assert.is(valueOf(result)?.ok, false);
});

yaml('should read empty YAML as no data, without problems', () => {
  const result = parseYaml('', 'content/a.md', 2);
  assert.equal(problemsOf(result), []);
  assert.equal([valueOf(result)?.data, valueOf(result)?.ok, valueOf(result)?.keys], [null, true, []]);
});

yaml.run();
