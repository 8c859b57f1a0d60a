/**
 * The preview and development server, bound to 127.0.0.1: routing as the
 * production servers do it (docs/operations.md), the security headers of
 * pipeline/stages/server-config/csp.ts, and in development the live-reload endpoint.
 *
 * It normalises `.html` and `/index.html` (one page, one URL), answers unknown
 * paths with the not-found page and status 404, GET and HEAD only, one byte
 * range at most (pipeline/io/range.ts), and 304 for a current copy
 * (pipeline/io/preconditions.ts). The files come from pipeline/io/site-files.ts:
 * a built site on disk, read once, or the development build in memory.
 *
 * No request may end it: an error in a request answers 500 (or cuts that one
 * connection), also when it escapes asynchronously (pipeline/io/last-resort.ts).
 */
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { lookup } from 'mrmime';
import { normalisePath } from '../stages/links.ts';
import type { Header } from '../stages/server-config/csp.ts';
import { byteRange, ifRangeHolds } from './range.ts';
import { isNotModified } from './preconditions.ts';
import { diskFiles, memoryFiles, type MemorySite, type SiteFile, type SiteFiles } from './site-files.ts';
import { guardProcess, withinRequest } from './last-resort.ts';

export type { MemorySite } from './site-files.ts';

export interface ServerOptions {
  readonly root: string;
  readonly port: number;
  readonly host?: string;
  readonly dev: boolean;
  /**
   * Security headers for every response (pipeline/stages/server-config/csp.ts `securityHeaders`), as
   * production serves them. `npm run serve` and `npm start` both pass them; a function is
   * asked on every request (development: the configuration may change while it runs).
   */
  readonly headers?: ReadonlyArray<Header> | (() => ReadonlyArray<Header>);
  /**
   * Development: serve the latest build from memory instead of `root`, pages
   * rendered when first asked for. Saves writing 400 files after every save.
   */
  readonly memory?: () => MemorySite;
  /** Told about every error a request ran into (it was answered with 500); default: a line on stderr. */
  readonly onError?: (error: unknown, request: string) => void;
}

export interface RunningServer {
  readonly server: http.Server;
  readonly url: string;
  /** Tell every open tab to reload (development only). */
  readonly reload: () => void;
}

/** The methods a static site answers; everything else gets 405 with this list (OPTIONS: 204). */
const allowed = 'GET, HEAD';

/**
 * Connections waiting to be accepted. Node's default, 511, drops the connection
 * attempts of a burst of 1 000 clients, which then retry after 1, 3, 7 seconds
 * and time out; Linux caps it at net.core.somaxconn (4096 by default).
 */
const backlog = 4096;

/** Types mrmime lacks; the production servers send the same (dist-config/nginx.conf). */
const extraTypes: Readonly<Record<string, string>> = { ico: 'image/x-icon' };

/** The Content-Type of a file: text in UTF-8, as nginx's `charset_types` sends it. */
function contentType(file: string): string {
  const type = extraTypes[/\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase() ?? ''] ?? lookup(file) ?? 'application/octet-stream';
  return /^text\/|[+/](json|xml)$/.test(type) ? `${type}; charset=utf-8` : type;
}

const cacheControl = (pathname: string): string =>
  // Content-hashed assets never change; everything else (HTML, the search index, feeds) must be revalidated.
  pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';

/**
 * Reloads the page when the server says so. A page kept in the back/forward cache would keep
 * its stream open, and six of those take every connection a browser allows to one host (the
 * seventh page never loads): the stream closes when the page is hidden and reopens when it is shown.
 */
const reloadScript = `(() => {
  let source;
  const listen = () => {
    source = new EventSource('/__dev/events');
    source.addEventListener('reload', () => location.reload());
  };
  listen();
  addEventListener('pagehide', () => source.close());
  addEventListener('pageshow', (event) => { if (event.persisted) listen(); });
})();`;

/** The request path, or null when the request may not reach a file (traversal, dotfiles, NUL, bad escapes). */
function sitePath(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  // No NUL, no `..`, no backslash, no dotfiles, except /.well-known/.
  const refused = decoded.includes('\0') || decoded.includes('\\')
    || decoded.split('/').some((seg, i) => seg === '..' || (seg.startsWith('.') && !(i === 1 && seg === '.well-known')));
  return refused ? null : decoded;
}

/** Sends bytes `start` to `end` of a file, or only the headers for HEAD. */
async function sendBody(req: http.IncomingMessage, res: http.ServerResponse, file: SiteFile, start: number, end: number): Promise<void> {
  res.setHeader('Content-Length', end - start + 1);
  if (req.method === 'HEAD' || end < start) {
    res.end();
    return;
  }
  const body = file.bytes(start, end);
  if (body instanceof Uint8Array) {
    res.end(body);
    return;
  }
  await pipeline(body, res).catch((error: unknown) => {
    // The client went away mid-file: nothing to answer, nothing wrong with the server.
    if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
  });
}

/** Sends a file (whole, one range, or 304/416), with its validators and Accept-Ranges. */
async function sendFile(req: http.IncomingMessage, res: http.ServerResponse, file: SiteFile): Promise<void> {
  const lastModified = file.modified?.toUTCString();
  if (file.etag) res.setHeader('ETag', file.etag);
  if (lastModified) res.setHeader('Last-Modified', lastModified);
  if (isNotModified(req.method ?? 'GET', req.headers, file)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Type', contentType(file.path));
  res.setHeader('Accept-Ranges', 'bytes');
  const ifRange = req.headers['if-range'];
  const range = ifRangeHolds(typeof ifRange === 'string' ? ifRange : undefined, { etag: file.etag, lastModified })
    ? byteRange(req.headers.range, file.size)
    : { kind: 'whole' as const };
  if (range.kind === 'unsatisfiable') {
    res.statusCode = 416;
    res.setHeader('Content-Range', `bytes */${file.size}`);
    res.end();
    return;
  }
  if (range.kind === 'whole') return sendBody(req, res, file, 0, file.size - 1);
  res.statusCode = 206;
  res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
  return sendBody(req, res, file, range.start, range.end);
}

export function startServer(options: ServerOptions): Promise<RunningServer> {
  const clients = new Set<http.ServerResponse>();
  let find: SiteFiles;
  try {
    // A site in memory never reads the disk: `root` may hold anything.
    find = options.memory ? memoryFiles(options.memory) : diskFiles(path.resolve(options.root));
  } catch (e) {
    return Promise.reject(e);
  }
  const securityHeaders = (): ReadonlyArray<Header> => (typeof options.headers === 'function' ? options.headers() : options.headers ?? []);
  const onError = options.onError ?? ((error: unknown, request: string) => {
    process.stderr.write(`Interne fout bij ${request}: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  });

  const notFound = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const page = await find('/404.html');
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    if (page) return sendBody(req, res, page, 0, page.size - 1);
    const text = Buffer.from('Pagina niet gevonden');
    res.setHeader('Content-Length', text.length);
    res.end(req.method === 'HEAD' ? undefined : text);
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    for (const [name, value] of securityHeaders()) res.setHeader(name, value);
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') {
      res.setHeader('Allow', allowed);
      if (method === 'OPTIONS') {
        res.statusCode = 204;
        res.end();
        return;
      }
      res.statusCode = 405;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end('Deze methode wordt niet ondersteund: alleen GET en HEAD.\n');
      return;
    }
    // Only the path counts: a request target such as `//host/x` or `http://host/x` is not a different host.
    const url = new URL(`http://localhost/${(req.url ?? '/').replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').replace(/^\/+/, '')}`);
    if (options.dev && url.pathname === '/__dev/reload.js') {
      res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
      res.end(reloadScript);
      return;
    }
    if (options.dev && url.pathname === '/__dev/events') {
      // Same origin: the CSP's `connect-src 'self'` allows the live-reload stream as it is.
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
      res.write(': verbonden\n\n');
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    const decoded = sitePath(url.pathname);
    if (decoded === null) return notFound(req, res);
    const normalised = normalisePath(url.pathname);
    if (normalised !== url.pathname) {
      // Never `//host`: that would be a redirect to another site.
      res.writeHead(301, { Location: `${normalised.replace(/^\/+/, '/')}${url.search}` });
      res.end();
      return;
    }
    res.setHeader('Cache-Control', cacheControl(url.pathname));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const file = await find(decoded);
    if (!file) return notFound(req, res);
    await sendFile(req, res, file);
  };

  const server = http.createServer((req, res) => {
    const fail = (error: unknown): void => {
      try {
        onError(error, `${req.method} ${req.url}`);
        // Answered already (the error came later, from a timer or a promise): the answer stands.
        if (res.writableEnded) return;
        if (res.headersSent) {
          // Part of an answer is out: only cutting the connection tells the client it is incomplete.
          res.destroy();
          return;
        }
        for (const name of res.getHeaderNames()) res.removeHeader(name);
        for (const [name, value] of securityHeaders()) res.setHeader(name, value);
        res.statusCode = 500;
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end('Interne fout van de previewserver.\n');
      } catch {
        // Even the 500 failed (a broken header function, a closed socket): end this connection only.
        res.destroy();
      }
    };
    withinRequest(fail, () => {
      handle(req, res).catch(fail);
    });
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', backlog, () => {
      server.off('error', reject);
      server.once('close', guardProcess());
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : options.port;
      resolvePromise({
        server,
        url: `http://localhost:${port}`,
        reload: () => { for (const client of clients) client.write('event: reload\ndata: {}\n\n'); },
      });
    });
  });
}
