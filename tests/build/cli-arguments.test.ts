/**
 * The command line's own help, and mistakes in its arguments: said in Dutch
 * with the usage, exit code 2, and nothing built. An unknown option used to
 * end as an internal error (exit 70) with node's English message.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { root } from '../helpers.ts';

const test = suite('build: the command line\'s arguments');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-cli-args-'));
test.after(() => fs.rmSync(work, { recursive: true, force: true }));

const cli = (...args: string[]) => spawnSync(process.execPath, [path.join(root, 'bin/ontwikkelaarsportaal.mjs'), ...args], { cwd: work, encoding: 'utf8' });

test('--help and -h print the commands and options, and exit 0', () => {
  for (const flag of ['--help', '-h']) {
    const run = cli(flag);
    assert.is(run.status, 0, flag);
    assert.match(run.stdout, /^Gebruik: ontwikkelaarsportaal \[commando\] \[opties\]/);
    for (const word of ['build', 'check', 'dev', 'serve', 'server-config', '--content', '--config', '--out', '--port', '--format', '--debug']) assert.ok(run.stdout.includes(word), word);
  }
});

test('an unknown option, a missing value and an unknown command are said in Dutch, with the usage, exit 2', () => {
  const cases: ReadonlyArray<readonly [ReadonlyArray<string>, string]> = [
    [['build', '--snel'], 'Onbekende optie "--snel".'],
    [['dev', '--port'], 'De optie "--port" mist een waarde'],
    [['build', '--debug=ja'], 'De optie "--debug" mist een waarde, of krijgt er een die ze niet neemt.'],
    [['bouw'], 'Onbekend commando "bouw".'],
  ];
  for (const [args, message] of cases) {
    const run = cli(...args);
    assert.is(run.status, 2, args.join(' '));
    assert.ok(run.stderr.startsWith(message), run.stderr);
    assert.ok(run.stderr.includes('Gebruik: ontwikkelaarsportaal'), 'with the usage');
    assert.not.match(run.stderr, /onverwacht gestopt|Unknown option/);
  }
  assert.not.ok(fs.existsSync(path.join(work, 'dist')), 'nothing built');
});

test.run();
