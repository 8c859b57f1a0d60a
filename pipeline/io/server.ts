/**
 * The preview and development server: sirv over the output folder, bound to
 * 127.0.0.1. Normalises `.html` and `/index.html` (spec section 2), answers
 * unknown paths with the not-found page and status 404, and in development
 * serves the live-reload endpoint.
 */
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import sirv from 'sirv';
import { lookup } from 'mrmime';
import { normalisePath } from '../stages/links.ts';
import type { Header } from '../stages/csp.ts';

export interface ServerOptions {
  readonly root: string;
  readonly port: number;
  readonly host?: string;
  readonly dev: boolean;
  /**
   * Security headers for every response (pipeline/stages/csp.ts `securityHeaders`), as
   * production serves them; `npm run serve` passes them. Development leaves them out.
   */
  readonly headers?: ReadonlyArray<Header>;
  /**
   * Development: serve the latest build from memory instead of `root`, pages
   * rendered when first asked for. Saves writing 400 files after every save.
   */
  readonly memory?: () => MemorySite;
}

export interface MemorySite {
  /** Output path (`assets/styles-ab12.css`) → bytes. */
  readonly files: ReadonlyMap<string, string | Uint8Array>;
  /** Output path (`kennisbank/index.html`) → the page, rendered on the first request. */
  readonly onRequest: ReadonlyMap<string, () => string | Uint8Array>;
}

/** The file a request path names in a memory site, the way sirv looks up files on disk. */
function fromMemory(site: MemorySite, pathname: string): { path: string; data: string | Uint8Array } | null {
  const base = decodeURIComponent(pathname).replace(/^\/+/, '');
  const candidates = base === '' || base.endsWith('/') ? [`${base}index.html`] : [base, `${base}.html`, `${base}/index.html`];
  for (const candidate of candidates) {
    const data = site.files.get(candidate) ?? site.onRequest.get(candidate)?.();
    if (data !== undefined) return { path: candidate, data };
  }
  return null;
}

/** Types sirv's table (mrmime) lacks; it would send an empty Content-Type. */
const extraTypes: Readonly<Record<string, string>> = { ico: 'image/x-icon' };

const cacheControl = (pathname: string): string =>
  // Content-hashed assets never change; everything else (HTML) must be revalidated.
  pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';

export interface RunningServer {
  readonly server: http.Server;
  readonly url: string;
  /** Tell every open tab to reload (development only). */
  readonly reload: () => void;
}

const reloadScript = `(() => {
  const source = new EventSource('/__dev/events');
  source.addEventListener('reload', () => location.reload());
})();`;

/** The file on disk sirv serves for a path (`extensions: ['html']`), if any. */
function fileOnDisk(root: string, pathname: string): fs.Stats | null {
  const base = path.join(root, decodeURIComponent(pathname));
  for (const candidate of [base, `${base}.html`, path.join(base, 'index.html')]) {
    try {
      const stats = fs.statSync(candidate);
      if (stats.isFile()) return stats;
    } catch { /* try the next one */ }
  }
  return null;
}

/**
 * What sirv leaves out (RFC 9110): `If-Modified-Since` on its own answers 304
 * when the file is not newer, and a suffix range `bytes=-N` means the last N
 * bytes (sirv reads it as bytes 0 to N). Returns true when it answered.
 */
function conditionalAndRange(req: http.IncomingMessage, res: http.ServerResponse, stats: fs.Stats): boolean {
  const since = req.headers['if-modified-since'];
  if (since && !req.headers['if-none-match'] && (req.method === 'GET' || req.method === 'HEAD')) {
    const date = Date.parse(since);
    // HTTP dates have whole seconds.
    if (!Number.isNaN(date) && Math.floor(stats.mtimeMs / 1000) * 1000 <= date) {
      res.statusCode = 304;
      res.setHeader('Last-Modified', stats.mtime.toUTCString());
      res.end();
      return true;
    }
  }
  const suffix = /^bytes=-(\d+)$/.exec(String(req.headers.range ?? '').trim());
  if (suffix) {
    const length = Math.min(Number(suffix[1]), stats.size);
    if (length === 0) {
      res.statusCode = 416;
      res.setHeader('Content-Range', `bytes */${stats.size}`);
      res.end();
      return true;
    }
    req.headers.range = `bytes=${stats.size - length}-${stats.size - 1}`;
  }
  return false;
}

export function startServer(options: ServerOptions): Promise<RunningServer> {
  const root = path.resolve(options.root);
  const clients = new Set<http.ServerResponse>();
  const assets = sirv(root, {
    dev: options.dev,
    etag: true,
    dotfiles: false,
    extensions: ['html'],
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', cacheControl(pathname));
      res.setHeader('X-Content-Type-Options', 'nosniff');
    },
  });
  const notFound = (res: http.ServerResponse) => {
    const file = path.join(root, '404.html');
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    const page = options.memory ? fromMemory(options.memory(), '/404.html')?.data : fs.existsSync(file) ? fs.readFileSync(file) : undefined;
    res.end(page ?? 'Pagina niet gevonden');
  };
  const server = http.createServer((req, res) => {
    if (!options.dev) for (const [name, value] of options.headers ?? []) res.setHeader(name, value);
    // Only the path counts: a request target such as `//host/x` or `http://host/x` is not a different host.
    const url = new URL(`http://localhost/${(req.url ?? '/').replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').replace(/^\/+/, '')}`);
    if (options.dev && url.pathname === '/__dev/reload.js') {
      res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
      res.end(reloadScript);
      return;
    }
    if (options.dev && url.pathname === '/__dev/events') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
      res.write(': verbonden\n\n');
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(url.pathname);
    } catch {
      notFound(res);
      return;
    }
    // No NUL, no `..`, no dotfiles (sirv's development mode would serve them), except /.well-known/.
    if (decoded.includes('\0') || decoded.includes('\\') || decoded.split('/').some((seg, i) => seg === '..' || (seg.startsWith('.') && !(i === 1 && seg === '.well-known')))) {
      notFound(res);
      return;
    }
    const normalised = normalisePath(url.pathname);
    if (normalised !== url.pathname) {
      // Never `//host`: that would be a redirect to another site.
      res.writeHead(301, { Location: `${normalised.replace(/^\/+/, '/')}${url.search}` });
      res.end();
      return;
    }
    // sirv sees the same normalised path (dot segments resolved), and sets 304 and Range itself.
    req.url = `${url.pathname}${url.search}`;
    res.setHeader('Cache-Control', cacheControl(url.pathname));
    const type = extraTypes[/\.([a-z0-9]+)$/i.exec(url.pathname)?.[1]?.toLowerCase() ?? ''];
    if (type) res.setHeader('Content-Type', type);
    if (options.memory) {
      const file = fromMemory(options.memory(), url.pathname);
      if (!file) return notFound(res);
      if (!type) res.setHeader('Content-Type', `${lookup(file.path) ?? 'application/octet-stream'}${/\.(html|css|js|json|xml|txt|svg)$/.test(file.path) ? '; charset=utf-8' : ''}`);
      res.end(req.method === 'HEAD' ? undefined : file.data);
      return;
    }
    // Only these two headers need the file's date or size before sirv runs: no extra stat otherwise.
    const needsStats = (req.headers['if-modified-since'] && !req.headers['if-none-match']) || /^\s*bytes=-/.test(String(req.headers.range ?? ''));
    const stats = needsStats ? fileOnDisk(root, url.pathname) : null;
    if (stats && conditionalAndRange(req, res, stats)) return;
    assets(req, res, () => notFound(res));
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : options.port;
      resolvePromise({
        server,
        url: `http://${options.host === '0.0.0.0' ? 'localhost' : 'localhost'}:${port}`,
        reload: () => { for (const client of clients) client.write('event: reload\ndata: {}\n\n'); },
      });
    });
  });
}
