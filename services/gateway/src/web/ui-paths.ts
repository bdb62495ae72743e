/**
 * First path segments the UI never owns: the API, the ops and status routes, the API
 * documentation and the UI's own asset folder. A GET below any of them that no route
 * answered stays a problem+json 404 instead of becoming the UI's index.html.
 */
const SERVER_SEGMENTS = new Set([
  'api',
  'assets',
  'docs',
  'docs-assets',
  'health',
  'metrics',
  'openapi.json',
  'redoc',
  'update-status',
  'version',
]);

/** Whether `path` may be one of the UI's client-side routes (/, /candidates, /settings/tokens). */
export function isClientRoute(path: string): boolean {
  const first = path.split('/')[1] ?? '';
  return !SERVER_SEGMENTS.has(first.toLowerCase());
}
