'use strict';
// Where the package's addon is, for index.js (which loads it),
// scripts/install.js (npm install) and scripts/prebuild.js (npm pack), and
// what to tell a user whose addon does not load.

const path = require('node:path');

/** The addon built from source by scripts/build.js (CMake). */
function builtAddon(pkgDir) {
  return path.join(pkgDir, 'build', 'gqleval.node');
}

/** The folder of the prebuilt addon for this platform, in the layout of
 * node-gyp-build's loaders: prebuilds/<platform>-<arch>/. */
function prebuiltDir(pkgDir) {
  return path.join(pkgDir, 'prebuilds', `${process.platform}-${process.arch}`);
}

function prebuiltAddon(pkgDir) {
  return path.join(prebuiltDir(pkgDir), 'gqleval.node');
}

/** How to build the addon from source, for messages. */
function howToBuild(pkgDir) {
  return 'Build it from source: in a checkout of gqleval run scripts/install-deps.sh (CMake, ' +
    'a C++20 compiler, oneTBB, RE2, simdjson), then `npm install <checkout>/js`, or ' +
    `\`GQLEVAL_SOURCE_DIR=<checkout> npm rebuild gqleval\` for this copy (${pkgDir}); ` +
    'or set GQLEVAL_NODE_ADDON to a built gqleval.node.';
}

module.exports = { builtAddon, prebuiltDir, prebuiltAddon, howToBuild };
