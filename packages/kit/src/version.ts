import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const manifest = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as {
  version: string;
  homepage: string;
};

export const PRODUCT_NAME = 'Media Cleanup Service';
/** The product version: every package of the workspace is released under one version. */
export const PRODUCT_VERSION: string = manifest.version;
/** The project's home page (`GET /api/v1/system`'s project_url). */
export const PROJECT_URL: string = manifest.homepage;
