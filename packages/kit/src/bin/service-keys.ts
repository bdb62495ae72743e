#!/usr/bin/env node
/**
 * `node packages/kit/dist/bin/service-keys.js <dir>`: generates the signing key of each service
 * that has none yet in `<dir>` and writes the public list (docker-compose's `keys` service).
 */
import { ensureServiceKeys } from '../crypto/key-files';

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: service-keys.js <directory>\n');
  process.exit(64);
}
const files = ensureServiceKeys(dir);
process.stdout.write(`service keys ready; public keys in ${files.publicKeysFile}\n`);
