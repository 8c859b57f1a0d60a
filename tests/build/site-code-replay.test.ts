/**
 * The record of what the site's code made (pipeline/io/site-code-replay.ts):
 * given back only under the same key and while every file the bundles read
 * has the bytes it had; a damaged record, a changed or vanished input, or an
 * input changed while the load ran gives no record, never a wrong one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildCacheDir } from '../../pipeline/io/build-cache.ts';
import { loadStarted, readReplay, replayKey, saveReplay, type Replay } from '../../pipeline/io/site-code-replay.ts';
import { noIslands } from '../../pipeline/io/island-bundle.ts';
import { temporaryFolder } from '../helpers.ts';

const test = suite('build: the record of the site\'s code');

/** A site with one component and a package file, and a cache folder beside it. */
function setUp(): { content: string; cacheDir: string; component: string; pkg: string; replay: Replay } {
  const dir = temporaryFolder('site-code-replay-');
  const content = path.join(dir, 'site');
  const component = path.join(content, 'src/components/Kaart.tsx');
  const pkg = path.join(content, 'node_modules/kaartjes/index.js');
  fs.mkdirSync(path.dirname(component), { recursive: true });
  fs.mkdirSync(path.dirname(pkg), { recursive: true });
  fs.writeFileSync(component, 'export default function Kaart() { return <p>kaart</p>; }\n');
  fs.writeFileSync(pkg, 'export const x = 1;\n');
  const replay: Replay = {
    boxIslands: undefined,
    islands: { ...noIslands, files: [{ path: 'assets/islands-0123456789.js', data: 'export{};' }, { path: 'assets/beeld.bin', data: new Uint8Array([0, 255, 7]) }], inputs: [pkg] },
    loaded: { components: [{ key: 'Kaart', shown: 'site/src/components/Kaart.tsx', styles: [] }], pages: [], sheets: new Map([['kaart', '.kaart{}']]), assets: [], problems: [], inputs: [component] },
    answers: new Map([['["render","Kaart",{},false,false]', { html: '<p>kaart</p>' }]]),
  };
  return { content, cacheDir: path.join(dir, '.cache'), component, pkg, replay };
}

/** A file time a tick after the record's: as a save right after the record was written. */
const later = (file: string): void => {
  const stat = fs.statSync(file);
  fs.utimesSync(file, stat.atime, new Date(stat.mtimeMs + 5_000));
};

test('a saved record comes back whole under its key, with its files, answers and stylesheets', async () => {
  const { content, cacheDir, replay } = setUp();
  const key = replayKey(content, { folder: 'src/components' });
  saveReplay(cacheDir, key, replay, loadStarted() + 60_000_000_000n);
  const back = readReplay(cacheDir, key);
  assert.ok(back);
  assert.equal(back.loaded.components, replay.loaded.components);
  assert.equal([...back.loaded.sheets], [['kaart', '.kaart{}']]);
  assert.equal([...back.answers], [...replay.answers]);
  assert.equal(back.islands.files.map((f) => [f.path, Buffer.from(f.data).toString('hex')]), [['assets/islands-0123456789.js', Buffer.from('export{};').toString('hex')], ['assets/beeld.bin', '00ff07']]);
  assert.is(readReplay(cacheDir, `${key}x`), null, 'another key');
});

test('the key changes with what the load is given and with the names of the code files, not with Markdown', async () => {
  const { content } = setUp();
  const key = replayKey(content, { folder: 'src/components' });
  assert.is.not(replayKey(content, { folder: 'src/andere' }), key);
  fs.writeFileSync(path.join(content, 'docs.md'), '# Nieuw\n');
  assert.is(replayKey(content, { folder: 'src/components' }), key);
  // A new file can change what an import resolves to (`./Kaart` → Kaart.ts).
  fs.writeFileSync(path.join(content, 'src/components/Kaart.ts'), 'export {};\n');
  assert.is.not(replayKey(content, { folder: 'src/components' }), key);
});

test('a changed input, in the site or in its node_modules, or a vanished one gives no record; a touched one with the same bytes does', async () => {
  for (const change of ['site', 'package', 'gone', 'touched'] as const) {
    const { content, cacheDir, component, pkg, replay } = setUp();
    const key = replayKey(content, {});
    saveReplay(cacheDir, key, replay, loadStarted() + 60_000_000_000n);
    if (change === 'site') fs.writeFileSync(component, 'export default function Kaart() { return <p>anders</p>; }\n');
    if (change === 'package') fs.writeFileSync(pkg, 'export const x = 2;\n');
    if (change === 'gone') fs.rmSync(pkg);
    if (change === 'touched') later(component);
    assert.is(readReplay(cacheDir, key) !== null, change === 'touched', change);
  }
});

test('a load during which an input changed is not kept', async () => {
  const { content, cacheDir, replay } = setUp();
  const key = replayKey(content, {});
  // The load began before the inputs were last written.
  saveReplay(cacheDir, key, replay, 0n);
  assert.is(readReplay(cacheDir, key), null);
});

test('a damaged record is no record', async () => {
  const { content, cacheDir, replay } = setUp();
  const key = replayKey(content, {});
  saveReplay(cacheDir, key, replay, loadStarted() + 60_000_000_000n);
  const file = path.join(buildCacheDir(cacheDir), 'site-code.json');
  const text = fs.readFileSync(file, 'utf8');
  for (const damaged of [text.slice(0, text.length / 2), '', '{}', 'null', JSON.stringify({ key, inputs: [['x', 'y', 'z']] })]) {
    fs.writeFileSync(file, damaged);
    assert.is(readReplay(cacheDir, key), null, damaged.slice(0, 40));
  }
});

test.run();
