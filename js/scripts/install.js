'use strict';
// `npm install` of the package (its install script): an npm tarball carries
// the prebuilt addon for linux-x64 (scripts/prebuild.js); when it loads here
// nothing is built. Otherwise the addon is built with CMake (scripts/build.js)
// from the checkout this folder belongs to (`npm install <checkout>/js`) or
// from GQLEVAL_SOURCE_DIR; with neither, the install fails saying why the
// prebuilt addon did not load and how to build one.
//
// GQLEVAL_NODE_ADDON set: nothing is built (index.js loads that addon).

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const { howToBuild, prebuiltAddon } = require('./addon_paths.js');

const here = path.resolve(__dirname, '..');

if (process.env.GQLEVAL_NODE_ADDON) {
  console.log(`gqleval: GQLEVAL_NODE_ADDON=${process.env.GQLEVAL_NODE_ADDON}; nothing to build`);
  process.exit(0);
}

// Why the prebuilt addon cannot serve, or null when it loads.
function prebuiltProblem() {
  const file = prebuiltAddon(here);
  if (!fs.existsSync(file)) return `this package has no prebuilt addon for ${process.platform}-${process.arch}`;
  try {
    require(file);
    return null;
  } catch (error) {
    return `the prebuilt addon ${file} does not load here: ${error && error.message}`;
  }
}

const problem = prebuiltProblem();
if (problem === null) {
  console.log(`gqleval: using the prebuilt addon ${path.relative(here, prebuiltAddon(here))}`);
  process.exit(0);
}
const checkout = path.resolve(here, '..');
const inCheckout = fs.existsSync(path.join(checkout, 'engine', 'rows', 'row_engine.h'));
if (!process.env.GQLEVAL_SOURCE_DIR && !inCheckout) {
  console.error(`gqleval: ${problem}. ${howToBuild(here)}`);
  process.exit(1);
}
console.log(`gqleval: ${problem}; building it with CMake`);
const built = spawnSync(process.execPath, [path.join(__dirname, 'build.js')], { stdio: 'inherit' });
process.exit(built.status === null ? 1 : built.status);
