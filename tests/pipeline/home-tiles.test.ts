/**
 * The home tiles in dist-config/site.yml (`home.tiles`): each has a title, a
 * link and a text, and optionally a pictogram the theme draws and a short
 * badge. A wrong value is an error at its line, in Dutch, that says what the
 * field may hold.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { root } from '../helpers.ts';
import { parseData } from '../../pipeline/stages/parse.ts';
import { validateConfig } from '../../pipeline/stages/validate.ts';
import { problemsOf, valueOf } from '../../pipeline/result.ts';

const tiles = suite('home tiles');

const siteYml = fs.readFileSync(path.join(root, 'dist-config/site.yml'), 'utf8');
const validate = (text: string) => validateConfig(valueOf(parseData({ path: 'site.yml', display: 'dist-config/site.yml', text })));

/** site.yml with the first tile's `badge: uitgelicht` line replaced by `line` (or removed). */
const withBadge = (line: string | null) => {
  const original = '      badge: uitgelicht\n';
  assert.ok(siteYml.includes(original), 'the first tile has the badge "uitgelicht"');
  return siteYml.replace(original, line === null ? '' : `      badge: ${line}\n`);
};

tiles('should read the configured tiles, with their pictograms and badges', () => {
  const config = valueOf(validate(siteYml));
  const home = config?.home?.tiles ?? [];
  assert.ok(home.length >= 4);
  assert.equal(home.filter((t) => ['Kennisbank', 'Communities', 'Blog'].includes(t.title)).map((t) => Boolean(t.pictogram)), [true, true, true]);
  assert.is(home[0]?.badge, 'uitgelicht');
});

tiles('should accept a tile without a badge', () => {
  const result = validate(withBadge(null));
  assert.equal(problemsOf(result), []);
  assert.is(valueOf(result)?.home?.tiles[0]?.badge, undefined);
});

for (const [name, value] of [['too long', 'een label dat veel te lang is'], ['empty', '""'], ['two lines', '"beta\\nnieuw"'], ['a number', '3']] as const) {
  tiles(`should refuse a badge that is ${name}, in Dutch, at its line`, () => {
    const text = withBadge(value);
    const problems = problemsOf(validate(text));
    assert.is(problems.length, 1, problems.map((p) => p.message).join('\n'));
    const [problem] = problems;
    assert.is(problem?.code, 'config-invalid');
    assert.is(problem?.severity, 'error');
    assert.match(problem?.message ?? '', '`home.tiles.0.badge`');
    assert.match(problem?.message ?? '', 'een kort label op één regel van hoogstens 20 tekens');
    assert.is(problem?.line, text.split('\n').findIndex((l) => l.startsWith(`      badge: ${value}`)) + 1);
  });
}

tiles('should refuse a pictogram the theme does not draw, naming the ones it does', () => {
  const text = siteYml.replace('      pictogram: blog\n', '      pictogram: raket\n');
  const [problem, ...rest] = problemsOf(validate(text));
  assert.equal(rest, []);
  assert.match(problem?.message ?? '', /`home\.tiles\.\d+\.pictogram`/);
  assert.match(problem?.message ?? '', '"kennisbank" of "tutorial" of "api" of "opensource" of "communities" of "blog"');
});

tiles('should refuse a tile link that would run script', () => {
  const text = siteYml.replace('      href: /blog\n      text:', '      href: javascript:alert(1)\n      text:');
  const problems = problemsOf(validate(text));
  assert.is(problems.length, 1);
  assert.match(problems[0]?.message ?? '', /`home\.tiles\.\d+\.href`/);
});

tiles.run();
