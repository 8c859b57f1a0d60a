import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { analyse, generate } from '../../pipeline/build.ts';
import { configText, effects, tree } from '../helpers.ts';
import { unprocessable } from '../../pipeline/problem.ts';

const config = suite('blog-rules: a configuration given with --config');

/** The in-memory site of `tree`, its configuration read from `display` as `--config` would. */
const withConfig = (text: string, display: string) => {
  const sources = tree({}, text);
  return { ...sources, config: sources.config ? { ...sources.config, path: display.split('/').pop() ?? display, display } : null };
};

config('problems found after validation name the file that was given, not dist-config/site.yml', () => {
  const text = configText.replace(/docId: .*/, 'docId: bestaat-niet');
  const analysis = analyse(withConfig(text, 'elders/other.yml'), 'production');
  const g = generate(analysis, effects, { render: false });
  const p = g.problems.find((x) => x.code === 'config-doc-id');
  assert.ok(p, 'a config-doc-id problem');
  assert.is(p?.file, 'elders/other.yml');
  assert.ok(p!.line > 1);
});


config('a navbar item that fails to render is reported in the configuration file that was given', () => {
  const navbarError = Object.assign(new Error('Navbar-item "X" kon niet worden weergegeven'), { code: 'config-navbar-item' });
  assert.is(unprocessable('content/x.md', navbarError, 'elders/other.yml').file, 'elders/other.yml');
  const analysis = analyse(withConfig(configText, 'elders/other.yml'), 'production');
  assert.is(analysis.site?.configFile, 'elders/other.yml');
});

config.run();
