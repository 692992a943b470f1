'use strict';
// `npm pack` (the package's prepack script): puts the addon for this platform
// into prebuilds/<platform>-<arch>/ with the shared libraries it needs beyond
// glibc and libstdc++ (oneTBB, RE2, simdjson, xxHash, zstd, zlib), so that the
// tarball installs without CMake or those libraries (scripts/install.js, and
// index.js loads it). The addon's RUNPATH is $ORIGIN (js/CMakeLists.txt): the
// loader looks beside it first. postpack removes the folder again, so that a
// checkout installs with its own build.
//
// The addon packed is GQLEVAL_NODE_ADDON when set (the project's build:
// build/js/gqleval.node), else the one scripts/build.js builds with CMake.
// Linux only: what it copies is what `ldd` resolves.

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const here = path.resolve(__dirname, '..');
const { prebuiltDir } = require('./addon_paths.js');

// Libraries every glibc system has, as manylinux counts them: glibc's own,
// libstdc++ and libgcc_s, and the vDSO. Anything else the addon needs is
// copied beside it.
const SYSTEM = /^(linux-vdso|ld-linux[-.\w]*|libc|libm|libdl|librt|libpthread|libutil|libresolv|libstdc\+\+|libgcc_s)\.so/;

function fail(message) {
  console.error(`gqleval prebuild: ${message}`);
  process.exit(1);
}

function capture(command, args) {
  const r = spawnSync(command, args, { encoding: 'utf8' });
  if (r.error) fail(`${command} could not run: ${r.error.message}`);
  if (r.status !== 0) fail(`${command} ${args.join(' ')} failed:\n${r.stderr}`);
  return r.stdout;
}

// `ldd FILE` as [{name, resolved}] (resolved null for "not found").
function neededLibraries(file) {
  const libs = [];
  for (const line of capture('ldd', [file]).split('\n')) {
    const m = line.trim().match(/^(\S+)(?: => (\S+|not found))?/);
    if (!m || m[1].startsWith('/') || m[1] === 'statically') continue;
    libs.push({ name: m[1], resolved: m[2] && m[2] !== 'not found' ? m[2] : null });
  }
  return libs;
}

if (process.platform !== 'linux') fail(`prebuilt addons are made on Linux only, not ${process.platform}`);

let addon = process.env.GQLEVAL_NODE_ADDON;
if (addon) {
  addon = path.resolve(addon);
} else {
  const built = spawnSync(process.execPath, [path.join(__dirname, 'build.js')], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status === null ? 1 : built.status);
  addon = path.join(here, 'build', 'gqleval.node');
}
if (!fs.existsSync(addon)) fail(`no addon at ${addon}`);
// Without $ORIGIN in its RUNPATH the addon would look for the copies in the
// system's folders only.
const dynamic = capture('readelf', ['-d', addon]);
if (!/\((?:RUNPATH|RPATH)\)[^\n]*\$ORIGIN/.test(dynamic)) {
  fail(`${addon} has no $ORIGIN in its RUNPATH (js/CMakeLists.txt sets it): the libraries beside it would not be found`);
}

const dest = prebuiltDir(here);
fs.rmSync(path.join(here, 'prebuilds'), { recursive: true, force: true });
fs.mkdirSync(dest, { recursive: true });
fs.copyFileSync(addon, path.join(dest, 'gqleval.node'));
// The addon's own DT_NEEDED: these the loader finds through its RUNPATH, and
// once loaded they serve every later request for their soname.
const direct = [...dynamic.matchAll(/\(NEEDED\)\s+Shared library: \[([^\]]+)\]/g)].map((m) => m[1]);
const copied = [];
for (const lib of neededLibraries(addon)) {
  if (SYSTEM.test(lib.name)) continue;
  if (!lib.resolved) fail(`${addon} needs ${lib.name}, which is not found`);
  // A library that only a copied library needs would be looked for in the
  // system's folders (the copies have no RUNPATH of their own): refuse it.
  if (!direct.includes(lib.name)) {
    fail(`${lib.name} is needed by a library the addon needs, not by the addon: it would not be found beside it`);
  }
  // Under its soname, the name the addon asks the loader for.
  fs.copyFileSync(lib.resolved, path.join(dest, lib.name));
  copied.push(lib.name);
}
// The copy must now find every library it needs beside itself.
for (const lib of neededLibraries(path.join(dest, 'gqleval.node'))) {
  if (SYSTEM.test(lib.name)) continue;
  if (lib.resolved !== path.join(dest, lib.name)) {
    fail(`the packed addon resolves ${lib.name} to ${lib.resolved}, not ${dest}`);
  }
}
// On stderr: `npm pack --json` owns stdout.
console.error(`gqleval prebuild: ${path.relative(here, dest)}/gqleval.node with ${copied.join(', ')}`);
