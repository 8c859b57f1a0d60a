/**
 * The security policy of the served site as one pure function of the site
 * configuration: the Content-Security-Policy and the other security headers.
 *
 * Used in three places that must agree: the preview server
 * (pipeline/io/server.ts, `npm run serve`), and the production server
 * configurations dist-config/nginx.conf and dist-config/Caddyfile, whose
 * generated header blocks `npm run server-config` rewrites from this module
 * (tests/pipeline/server-config.test.ts fails while they differ).
 *
 * Third-party origins come from the configuration only: the two analytics
 * services (`analytics.counter`, `analytics.tracker`), the search host when
 * the Typesense backend is on, and the two video hosts whose players load only
 * after a click (renderer/body/components.ts).
 */
import type { Analytics, SiteConfig } from '../../model.ts';

export type PolicyConfig = Pick<SiteConfig, 'search'> & { readonly analytics?: Analytics | undefined };

/** Video players the shell puts in an iframe after the reader clicks (renderer/body/components.ts). */
export const videoOrigins = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

const originOf = (url: string): string | null => {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
};

const unique = (xs: ReadonlyArray<string | null | undefined>): string[] =>
  [...new Set(xs.filter((x): x is string => typeof x === 'string' && x !== ''))].sort();

/** The third-party origins the pages may use, by purpose. */
export function policyOrigins(config: PolicyConfig): { scripts: string[]; beacons: string[]; search: string[] } {
  const counter = config.analytics?.counter;
  const tracker = config.analytics?.tracker;
  const ts = config.search.backend === 'typesense' ? config.search.typesense : undefined;
  return {
    // The counter's count.js and the tracker's matomo.js.
    scripts: unique([counter && originOf(counter.script), tracker && originOf(tracker.url)]),
    // Where they report a visit: fetch/sendBeacon, or an image pixel as fallback.
    beacons: unique([counter && originOf(counter.endpoint), tracker && originOf(tracker.url)]),
    search: unique([ts && originOf(`${ts.protocol.replace(/:$/, '')}://${ts.host}:${ts.port}`)]),
  };
}

/**
 * The Content-Security-Policy. `https` adds `upgrade-insecure-requests`
 * (production only: the preview server speaks plain http on 127.0.0.1).
 */
export function contentSecurityPolicy(config: PolicyConfig, options: { https?: boolean } = {}): string {
  const { scripts, beacons, search } = policyOrigins(config);
  const directives: Array<[string, ReadonlyArray<string>]> = [
    ['default-src', ["'self'"]],
    // No 'unsafe-inline', no 'unsafe-eval': every script is a file from one of these origins. That
    // includes mermaid for diagrams the build could not draw: a copy in /assets/ (pipeline/io/mermaid.ts).
    ['script-src', ["'self'", ...scripts]],
    // Shiki's token colours and mermaid's SVG carry inline styles. Styles cannot run script, and
    // authors cannot add style attributes (pipeline/stages/markdown.ts keeps raw HTML to a safe list).
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", ...beacons]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...unique([...beacons, ...search])]],
    ['frame-src', [...videoOrigins]],
    ['media-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['worker-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  const policy = directives.map(([name, values]) => `${name} ${values.join(' ')}`);
  if (options.https) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

/** Powerful browser features the site never uses, switched off for the page and every frame. */
export const permissionsPolicy = [
  'accelerometer=()', 'camera=()', 'geolocation=()', 'gyroscope=()', 'magnetometer=()', 'microphone=()', 'payment=()', 'usb=()',
].join(', ');

export type Header = readonly [name: string, value: string];

/**
 * Every security header, in a fixed order. `https: false` (the preview server)
 * leaves out HSTS and `upgrade-insecure-requests`, which mean nothing over http.
 */
export function securityHeaders(config: PolicyConfig, options: { https: boolean }): Header[] {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(config, options)],
    ...(options.https ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as const] : []),
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', permissionsPolicy],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['X-Frame-Options', 'DENY'],
  ];
}
