'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');

/**
 * Loads modules of a cleanup build by their path in it. Issue 26 moved cleanup's files into
 * feature folders; a bench run alternating with a build from before the move (CLEANUP_DIST)
 * names each module by its path now and its path then, and gets the one that build has.
 */
function cleanupModules(dist) {
  return (...paths) => {
    const found = paths.find((path) => existsSync(join(dist, path)));
    if (!found) throw new Error(`none of ${paths.join(', ')} in ${dist}`);
    return require(join(dist, found));
  };
}

module.exports = { cleanupModules };
