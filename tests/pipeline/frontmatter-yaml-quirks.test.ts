import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseYaml } from '../../pipeline/stages/parse/yaml.ts';
import { repairYamlQuirks } from '../../pipeline/stages/parse/yaml-quirks.ts';
import { valueOf, problemsOf } from '../../pipeline/result.ts';
import { codes, post, run } from '../helpers.ts';

const quirks = suite('frontmatter: YAML that Docusaurus reads and the YAML specification does not');
const nbsp = '\u00a0';

/** What js-yaml 3 (Docusaurus' parser, through gray-matter) gives for these texts, checked by hand. */
const asDocusaurus: ReadonlyArray<readonly [string, string, unknown]> = [
  ['a quoted string continuing at column 0', 'title: X\ndescription: "Een lange\ntekst die doorloopt"\ntags: [a]\n', { title: 'X', description: 'Een lange tekst die doorloopt', tags: ['a'] }],
  ['a single-quoted string continuing at column 0', "title: X\ndescription: 'Een lange\ntekst'\n", { title: 'X', description: 'Een lange tekst' }],
  ['a nested quoted string continuing at its key\'s column', 'last_update:\n  author: "Jan\n  Jansen"\n', { last_update: { author: 'Jan Jansen' } }],
  ['a list item continuing at column 0', 'tags:\n- "a\nb"\n', { tags: ['a b'] }],
  ['a flow list continuing at column 0', 'tags: [api,\nweb]\ntitle: X\n', { tags: ['api', 'web'], title: 'X' }],
  ['a quoted string continuing after no-break spaces', `description: "Een\n${nbsp}${nbsp}tekst"\n`, { description: `Een ${nbsp}${nbsp}tekst` }],
  ['a flow list continuing after no-break spaces', `tags: [api,\n${nbsp}${nbsp}web]\n`, { tags: ['api', `${nbsp}${nbsp}web`] }],
  ['a list indented with a tab', 'tags:\n\t- api\ntitle: X\n', { tags: ['api'], title: 'X' }],
  ['a key indented with a tab (no indentation to js-yaml)', 'a:\n\tb: 1\n', { a: null, b: 1 }],
  ['a key indented with spaces and a tab (the spaces count)', 'a:\n  b:\n  \t- c\n', { a: { b: ['c'] } }],
  ['a list item whose next line is indented with a tab', 'authors:\n\t- name: A\n\t  title: B\n', { authors: [{ name: 'A' }], title: 'B' }],
  ['a quote inside plain text, and a comment', "title: Jan's blog # opmerking\ndescription: \"a\nb\"\n", { title: "Jan's blog", description: 'a b' }],
];

for (const [name, text, expected] of asDocusaurus) {
  quirks(`reads ${name} as Docusaurus does, with a warning at the line`, () => {
    const result = parseYaml(text, 'content/x.md', 2);
    assert.equal(valueOf(result)?.data, expected);
    const problems = problemsOf(result);
    assert.ok(problems.length > 0);
    assert.ok(problems.every((p) => p.code === 'yaml-quirk' && p.severity === 'warning'), JSON.stringify(problems));
  });
}

quirks('names the quirk and the line of the file', () => {
  const problems = problemsOf(parseYaml(`title: X\ndescription: "Een\nlang"\ntags:\n  - "a\n${nbsp}${nbsp}b"\n`, 'content/x.md', 2));
  assert.equal(problems.map((p) => p.line), [4, 7]);
  assert.match(problems[0]?.message ?? '', /aanhalingstekens/);
  assert.match(problems[1]?.message ?? '', /harde spatie \(U\+00A0\)/);
});

quirks('names a tab-indented line with its own words', () => {
  const problems = problemsOf(parseYaml('title: X\ntags:\n\t- api\n', 'content/x.md', 2));
  assert.equal(problems.map((p) => [p.code, p.line]), [['yaml-quirk', 4]]);
  assert.match(problems[0]?.message ?? '', /met een tab/);
});

quirks('keeps positions: a field after the repaired line points at its own line and column', () => {
  const tabbed = valueOf(parseYaml('title: X\ntags:\n\t\t- api\n\t- web\n', 'content/x.md', 2));
  assert.equal(tabbed?.locate(['tags', 0]), { line: 4, column: 5 });
  assert.equal(tabbed?.locate(['tags', 1]), { line: 5, column: 4 });
  const yaml = valueOf(parseYaml('title: X\ndescription: "Een\nlang"\nslug: /a\n', 'content/x.md', 2));
  assert.equal(yaml?.locate(['slug']), { line: 5, column: 1 });
  const flow = valueOf(parseYaml('tags: [api,\nweb]\n', 'content/x.md', 2));
  assert.equal(flow?.locate(['tags', 1]), { line: 3, column: 1 });
});

quirks('leaves YAML alone that both parsers refuse, and YAML that is fine', () => {
  assert.is(repairYamlQuirks('title: X\ndescription: |\n  "regel\nvolgende: 1\n'), null);
  assert.is(repairYamlQuirks('title: X\ndescription: "Een\n  lang"\n'), null);
  const unclosed = parseYaml('title: "X\ntags: [a]\n', 'content/x.md', 2);
  assert.equal(problemsOf(unclosed).map((p) => p.code).filter((c) => c !== 'yaml-syntax'), []);
  assert.is(valueOf(unclosed)?.ok, false);
});

quirks('a post with such front matter builds, with the warning', () => {
  const g = run({ 'blog/2024-01-02-x.md': post('title: X\nauthors: [ada]\ndescription: "Een lange\nbeschrijving"') });
  assert.ok(codes(g).includes('yaml-quirk'));
  assert.not.ok(codes(g).includes('yaml-syntax'));
});

quirks('the repair only indents lines with spaces (or drops tabs and what follows them from the indentation), keeps every line, and never makes YAML with errors pass as something else', () => {
  const piece = fc.constantFrom('title', 'tags', ':', ': ', '- ', '"', "'", '[', ']', '{', '}', ',', ' ', '  ', nbsp, '\t', '\n', '\n', 'a', 'b c', '#', '|', '\\');
  fc.assert(fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
    const text = pieces.join('');
    const repaired = repairYamlQuirks(text);
    if (repaired) {
      const before = text.split('\n');
      const after = repaired.text.split('\n');
      assert.is(after.length, before.length);
      after.forEach((line, i) => {
        const was = before[i] ?? '';
        const indented = line.endsWith(was) && /^ *$/.test(line.slice(0, line.length - was.length));
        const untabbed = /^ *\t/.test(was) && line === `${/^ */.exec(was)![0]}${was.replace(/^[ \t]+/, '')}`;
        assert.ok(indented || untabbed, JSON.stringify([was, line]));
      });
    }
    // Never throws, and a value only comes with no yaml-syntax problem.
    const result = parseYaml(text, 'content/x.md', 2);
    if (problemsOf(result).some((p) => p.code === 'yaml-syntax')) assert.is(valueOf(result)?.ok, false);
  }), { numRuns: 400 });
});

quirks.run();
