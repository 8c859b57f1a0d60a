/**
 * Rules the build and the browser bundle each keep a copy of, because the
 * bundle imports nothing outside theme/client and a stage imports nothing
 * from the theme: the copies must stay the same.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { normalisePath as buildPath } from '../../pipeline/stages/shared/paths.ts';
import { normalisePath as clientPath } from '../../theme/client/paths.ts';
import { shellText } from '../../pipeline/stages/publish/feeds.ts';
import { labels } from '../../theme/client/labels.ts';

const shared = suite('shared rules');

shared('should normalise every path the same in the client router as in the build', () => {
  for (const p of ['/', '/x', '/x.html', '/x/index.html', '/index.html', '/404.html', '/a/b.html', '/.html', '/a.html/index.html']) {
    assert.is(clientPath(p), buildPath(p), p);
  }
  const segment = fc.constantFrom('a', 'index', 'index.html', 'x.html', '404.html', '.html', '', 'b');
  fc.assert(fc.property(fc.array(segment, { maxLength: 4 }), (parts) => {
    const p = `/${parts.join('/')}`;
    assert.is(clientPath(p), buildPath(p), p);
  }), { numRuns: 500 });
});

shared('should give the feed stylesheet the words of the shell', () => {
  assert.equal(shellText, { skipToContent: labels.skipToContent, breadcrumbs: labels.breadcrumbs, home: labels.home, tags: labels.tags });
});

shared.run();
