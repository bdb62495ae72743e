import { dirname, join } from 'node:path';
import express, { type Response, type Router } from 'express';
import { combinedOpenApiDocument, externalOpenApiDocument } from '@mcs/contracts';

/**
 * Documentation UIs served from local packages (no CDN): Swagger UI (with its Authorize
 * button for a bearer token) and ReDoc, each for the external document under /api/v1 and for
 * the combined internal + external document at the root. Page code is a served file, never
 * inline, so the pages work under `script-src 'self'`.
 */
const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "worker-src 'self' blob:; connect-src 'self'; frame-ancestors 'none'";

const swaggerDir = dirname(require.resolve('swagger-ui-dist/package.json'));
const redocBundle = join(
  dirname(require.resolve('redoc/package.json')),
  'bundles',
  'redoc.standalone.js',
);
const ASSETS: Record<string, string> = {
  'swagger-ui.css': join(swaggerDir, 'swagger-ui.css'),
  'swagger-ui-bundle.js': join(swaggerDir, 'swagger-ui-bundle.js'),
  'swagger-ui-standalone-preset.js': join(swaggerDir, 'swagger-ui-standalone-preset.js'),
  'redoc.standalone.js': redocBundle,
};

const SWAGGER_INIT = `window.addEventListener('load', function () {
  var root = document.getElementById('swagger-ui');
  window.ui = SwaggerUIBundle({
    url: root.getAttribute('data-spec-url'),
    dom_id: '#swagger-ui',
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout',
    persistAuthorization: false,
    // No badge from the public validator: the page makes no request to another host.
    validatorUrl: null,
  });
});
`;

function page(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>${head}</head><body>${body}</body></html>`;
}

function html(res: Response, content: string): void {
  res.setHeader('Content-Security-Policy', DOCS_CSP);
  res.type('text/html; charset=utf-8').send(content);
}

/** Mounts /openapi.json, /docs, /redoc and their assets below `prefix` ('' or '/api/v1'). */
export function docsRoutes(
  prefix: string,
  basePath: string,
  document: () => Record<string, unknown>,
  title: string,
): Router {
  // Strict: no trailing-slash variants (external-api.md 1.1).
  const router = express.Router({ strict: true });
  const specUrl = `${basePath}${prefix}/openapi.json`;
  const assets = `${basePath}${prefix}/docs-assets`;
  const spec = JSON.stringify(document());
  router.get(`${prefix}/openapi.json`, (_req, res) => {
    res.type('application/json; charset=utf-8').send(spec);
  });
  router.get(`${prefix}/docs`, (_req, res) =>
    html(
      res,
      page(
        title,
        `<div id="swagger-ui" data-spec-url="${specUrl}"></div>
<script src="${assets}/swagger-ui-bundle.js"></script><script src="${assets}/swagger-ui-standalone-preset.js"></script>
<script src="${assets}/swagger-init.js"></script>`,
        `<link rel="stylesheet" href="${assets}/swagger-ui.css">`,
      ),
    ),
  );
  router.get(`${prefix}/redoc`, (_req, res) =>
    html(
      res,
      page(
        title,
        `<redoc spec-url="${specUrl}"></redoc><script src="${assets}/redoc.standalone.js"></script>`,
      ),
    ),
  );
  router.get(`${prefix}/docs-assets/swagger-init.js`, (_req, res) => {
    res.type('application/javascript; charset=utf-8').send(SWAGGER_INIT);
  });
  router.get(`${prefix}/docs-assets/:file`, (req, res, next) => {
    // Own keys only: "constructor" or "__proto__" must be a 404, not an object's prototype.
    const file = Object.hasOwn(ASSETS, req.params.file) ? ASSETS[req.params.file] : undefined;
    if (!file) {
      next();
      return;
    }
    // The packages live under node_modules/.pnpm: a dot directory send() refuses by default.
    res.sendFile(file, { dotfiles: 'allow' }, (error) => {
      if (error) next(error);
    });
  });
  return router;
}

export const externalDocs = (basePath: string) =>
  docsRoutes('/api/v1', basePath, externalOpenApiDocument, 'Media Cleanup Service External API');
export const combinedDocs = (basePath: string) =>
  docsRoutes('', basePath, combinedOpenApiDocument, 'Media Cleanup Service API');
