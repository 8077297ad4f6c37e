/**
 * The Content-Security-Policy of the web app's pages, directive by directive, in the order sent. The
 * API (helmet, `useDefaults: false`) sends exactly these directives, and docker/nginx.conf must send
 * the same string for index.html: a test compares the three.
 *
 * - images from anywhere (avatars and notice pictures may be external), inline styles (emotion);
 * - scripts only from this origin, never inline (`script-src-attr 'none'`);
 * - `frame-src *`: menus may embed another site in the iframe route;
 * - the page itself may only be framed by this origin.
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'connect-src': ["'self'"],
  'frame-src': ['*'],
} as const satisfies Record<string, readonly string[]>

/** The header value, written as helmet writes it (`name value…`, joined by `;`). */
export const CONTENT_SECURITY_POLICY = Object.entries(CSP_DIRECTIVES)
  .map(([name, values]) => `${name} ${values.join(' ')}`)
  .join(';')

/**
 * Every security header the API sends with the web app's page (helmet's, the CSP above included).
 * nginx must send the same with index.html; the test pins both to this list.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'Referrer-Policy': 'no-referrer',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Frame-Options': 'SAMEORIGIN',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
}
