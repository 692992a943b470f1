'use strict';
// `npm run build`, and `npm install` when no prebuilt addon loads
// (scripts/install.js): builds the addon, build/gqleval.node, from the
// checkout this folder belongs to, or from GQLEVAL_SOURCE_DIR (a checkout,
// for an installed copy of the package), with CMake and the packages of
// scripts/install-deps.sh. Nothing is downloaded: the addon is compiled
// against the node_api.h of the Node.js running this script. Idempotent: a
// second run rebuilds only what changed (the CMake folder is build/cmake).
//
// GQLEVAL_NODE_ADDON set: nothing is built (index.js loads that addon).

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const here = path.resolve(__dirname, '..');
const checkout = path.resolve(process.env.GQLEVAL_SOURCE_DIR || path.join(here, '..'));
const buildDir = path.join(here, 'build');

function run(command, args) {
  const r = spawnSync(command, args, { stdio: 'inherit' });
  if (r.error) {
    console.error(`gqleval: ${command} could not run: ${r.error.message}`);
    process.exit(1);
  }
  if (r.status !== 0) process.exit(r.status === null ? 1 : r.status);
}

function has(command) {
  return spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;
}

if (process.env.GQLEVAL_NODE_ADDON) {
  console.log(`gqleval: GQLEVAL_NODE_ADDON=${process.env.GQLEVAL_NODE_ADDON}; nothing to build`);
  process.exit(0);
}
if (!fs.existsSync(path.join(checkout, 'engine', 'rows', 'row_engine.h'))) {
  console.error(`gqleval: ${checkout} is not a gqleval checkout (no engine/rows there): ` +
    'install from a checkout with `npm install <checkout>/js`, or name one in GQLEVAL_SOURCE_DIR');
  process.exit(1);
}
if (!has('cmake')) {
  console.error('gqleval: cmake is missing: run scripts/install-deps.sh in the checkout');
  process.exit(1);
}
// The headers of the Node.js that runs this script: PREFIX/include/node.
const nodeInclude = path.join(path.dirname(path.dirname(process.execPath)), 'include', 'node');
const cmakeDir = path.join(buildDir, 'cmake');
const configure = [
  '-S', checkout, '-B', cmakeDir,
  '-DCMAKE_BUILD_TYPE=Release',
  '-DGQLEVAL_TESTS=OFF',
  '-DGQLEVAL_NODE=ON',
  `-DGQLEVAL_NODE_EXECUTABLE=${process.execPath}`,
  `-DGQLEVAL_NODE_OUTPUT_DIR=${buildDir}`,
];
if (fs.existsSync(path.join(nodeInclude, 'node_api.h'))) {
  configure.push(`-DGQLEVAL_NODE_INCLUDE_DIR=${nodeInclude}`);
}
if (!fs.existsSync(path.join(cmakeDir, 'CMakeCache.txt')) && has('ninja')) {
  configure.push('-G', 'Ninja');
}
run('cmake', configure);
const jobs = String(Math.max(1, os.availableParallelism ? os.availableParallelism() : os.cpus().length));
run('cmake', ['--build', cmakeDir, '--target', 'gqleval_node', '-j', jobs]);
console.log(`gqleval: built ${path.join(buildDir, 'gqleval.node')}`);
