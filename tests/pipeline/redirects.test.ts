/**
 * The redirects stage (pipeline/stages/publish/redirects.ts) and the servers' redirect
 * rules (pipeline/stages/server-config/redirect-rules.ts), pure: chains go straight to their
 * end, extensions expand over the pages, every redirect ends at a page, and
 * nothing a site.yml holds can reach a server configuration unchecked.
 */
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { redirectPage, redirectsOf, isRedirectPath, type RedirectInput } from '../../pipeline/stages/publish/redirects.ts';
import { redirectBlockLines, withRedirectBlock } from '../../pipeline/stages/server-config/redirect-rules.ts';
import { problemsOf, valueOf } from '../../pipeline/result.ts';

const test = suite('redirects');

const pages = ['/', '/kennisbank', '/kennisbank/apis', '/blog'];
const input = (redirects: NonNullable<RedirectInput['config']['redirects']>): RedirectInput =>
  ({ config: { redirects }, configFile: 'dist-config/site.yml', pages, files: new Set(['/bestanden/gids.pdf']) });

test('should take `from` as a string or a list, without trailing slash or .html, each old path once', () => {
  const result = redirectsOf(input({ rules: [{ from: ['/oud/', '/ouder.html'], to: '/kennisbank/' }, { from: '/oud', to: '/kennisbank' }] }));
  assert.equal(problemsOf(result), []);
  assert.equal(valueOf(result), [{ from: '/oud', to: '/kennisbank' }, { from: '/ouder', to: '/kennisbank' }]);
});

test('should send every step of a chain straight to its end, and allow a file as target', () => {
  const result = redirectsOf(input({ rules: [{ from: '/a', to: '/b' }, { from: '/b', to: '/kennisbank/apis' }, { from: '/gids', to: '/bestanden/gids.pdf' }] }));
  assert.equal(problemsOf(result), []);
  assert.equal(valueOf(result), [{ from: '/a', to: '/kennisbank/apis' }, { from: '/b', to: '/kennisbank/apis' }, { from: '/gids', to: '/bestanden/gids.pdf' }]);
});

test('should report a loop, a missing target, an old path that is a page, and an unsafe path, each at its place', () => {
  const codes = (redirects: Parameters<typeof input>[0]) => problemsOf(redirectsOf(input(redirects))).map((p) => p.code);
  assert.equal(codes({ rules: [{ from: '/a', to: '/b' }, { from: '/b', to: '/a' }] }), ['redirect-loop', 'redirect-loop']);
  assert.equal(codes({ rules: [{ from: '/a', to: '/a/' }] }), ['redirect-loop']);
  assert.equal(codes({ rules: [{ from: '/a', to: '/weg' }] }), ['redirect-target-missing']);
  assert.equal(codes({ rules: [{ from: '/blog/', to: '/kennisbank' }] }), ['redirect-from-page']);
  assert.equal(codes({ rules: [{ from: '/a', to: '/kennisbank' }, { from: '/a', to: '/blog' }] }), ['redirect-duplicate']);
  for (const bad of ['oud', '/a b', '/a?b', '/a#b', '/a%2F', '//evil.example', '/a/../b', '/"x', '/a;b', '/{x}', '/$1', 'https://evil.example/']) {
    assert.equal(codes({ rules: [{ from: bad, to: '/kennisbank' }] }), ['redirect-path-invalid'], bad);
    assert.equal(codes({ rules: [{ from: '/ok', to: bad }] }), ['redirect-path-invalid'], bad);
  }
});

test('should expand fromExtensions and toExtensions over the pages, never over a page or a configured old path', () => {
  const result = redirectsOf({ ...input({ rules: [{ from: '/blog.php', to: '/kennisbank' }], fromExtensions: ['php', '.html'], toExtensions: ['xml'] }), pages: [...pages, '/feed.xml'] });
  assert.equal(problemsOf(result), []);
  assert.equal(valueOf(result), [
    { from: '/blog.php', to: '/kennisbank' },
    { from: '/feed', to: '/feed.xml' },
    { from: '/feed.xml.php', to: '/feed.xml' },
    { from: '/kennisbank.php', to: '/kennisbank' },
    { from: '/kennisbank/apis.php', to: '/kennisbank/apis' },
  ]);
});

test('should end every redirect at a page and start none at a page, whatever the rules (property)', () => {
  const segment = fc.constantFrom('a', 'b', 'c', 'kennisbank', 'blog', 'apis');
  const path = fc.array(segment, { minLength: 0, maxLength: 2 }).map((s) => `/${s.join('/')}`);
  fc.assert(fc.property(fc.array(fc.record({ from: fc.oneof(path, fc.array(path, { maxLength: 3 })), to: path }), { maxLength: 8 }), (rules) => {
    const redirects = valueOf(redirectsOf(input({ rules }))) ?? [];
    const froms = new Set(redirects.map((r) => r.from));
    for (const r of redirects) {
      assert.ok(pages.includes(r.to), `${r.from} → ${r.to} ends at a page`);
      assert.not.ok(pages.includes(r.from), `${r.from} is no page`);
      assert.not.ok(froms.has(r.to), `${r.to} is not itself an old path`);
    }
    assert.is(froms.size, redirects.length, 'each old path once');
  }));
});

test('should accept only plain paths (isRedirectPath)', () => {
  for (const good of ['/', '/oud', '/oud/', '/a/b-c_d~e.f', '/v1.2/api']) assert.ok(isRedirectPath(good), good);
  for (const bad of ['', 'a', '//a', '/a//b', '/./a', '/a/..', '/é', '/a\\b', '/a\nb']) assert.not.ok(isRedirectPath(bad), JSON.stringify(bad));
});

test('should write a redirect page with meta refresh, canonical link, noindex and a visible Dutch link', () => {
  const html = redirectPage({ from: '/oud', to: '/kennisbank/apis' }, 'https://developer.overheid.nl/');
  assert.match(html, /<meta http-equiv="refresh" content="0; url=\/kennisbank\/apis">/);
  assert.match(html, /<link rel="canonical" href="https:\/\/developer\.overheid\.nl\/kennisbank\/apis">/);
  assert.match(html, /<meta name="robots" content="noindex">/);
  assert.match(html, /Deze pagina is verhuisd naar <a href="\/kennisbank\/apis">https:\/\/developer\.overheid\.nl\/kennisbank\/apis<\/a>/);
  assert.match(html, /<html lang="nl">/);
  assert.not.match(html, /<script/);
});

test('should write 301 rules for nginx and Caddy, chains followed, refused rules left out', () => {
  const config = { redirects: { rules: [{ from: ['/oud', '/a b'], to: '/kennisbank' }, { from: '/ouder/', to: '/oud' }, { from: '/x', to: '/x' }], fromExtensions: ['php', 'html', 'a"b'] } };
  assert.equal(redirectBlockLines('nginx', config).slice(1, -1), [
    'rewrite ^/oud/?$ /kennisbank permanent;',
    'rewrite ^/ouder/?$ /kennisbank permanent;',
    'rewrite ^(/[A-Za-z0-9_~-][A-Za-z0-9._~/-]*)\\.php$ $1 permanent;',
  ]);
  assert.equal(redirectBlockLines('caddy', config).slice(1, -1), [
    'redir /oud /kennisbank{query_suffix} 301',
    'redir /oud/ /kennisbank{query_suffix} 301',
    'redir /ouder /kennisbank{query_suffix} 301',
    'redir /ouder/ /kennisbank{query_suffix} 301',
    '@from_extension_0 path_regexp from_extension_0 ^(/[A-Za-z0-9_~-][A-Za-z0-9._~/-]*)\\.php$',
    'redir @from_extension_0 {re.from_extension_0.1}{query_suffix} 301',
  ]);
  assert.equal(redirectBlockLines('nginx', {}), [redirectBlockLines('nginx', {})[0], '# END redirects']);
});

test('should replace only the block, keeping its indentation', () => {
  const text = 'server {\n    a;\n    # BEGIN redirects\n    old;\n    # END redirects\n    b;\n}';
  const out = withRedirectBlock(text, 'nginx', { redirects: { rules: [{ from: '/oud', to: '/nieuw' }] } });
  assert.ok(out?.includes('\n    rewrite ^/oud/?$ /nieuw permanent;\n    # END redirects\n    b;\n}'), out ?? '');
  assert.not.ok(out?.includes('old;'));
  assert.is(withRedirectBlock('server {}', 'nginx', {}), null);
});

test.run();
