import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The product version: every package of the workspace is released under one version. */
export const PRODUCT_VERSION: string = (
  JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { version: string }
).version;
