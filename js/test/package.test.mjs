// The npm tarball as a user gets it (JS.package): `npm pack` in js/ packs the
// addon this build made (GQLEVAL_NODE_ADDON) into prebuilds/linux-x64/ with the
// libraries it needs beyond glibc and libstdc++ (scripts/prebuild.js); the
// tarball is installed into a fresh project with no CMake on the PATH and no
// network (--offline), loads by `require` and `import` with its own copies of
// those libraries, says why and how to build when its addon cannot load, and
// passes the package's suites (promptfoo's example and the TypeScript check
// among them) run against the installed copy, not this folder.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { SANITIZED, SOURCE_DIR, TEST_DIR, scratch } from './support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const PLATFORM = `${process.platform}-${process.arch}`;
// The libraries the addon links beyond glibc and libstdc++, by soname.
const BUNDLED = ['libtbb.so.12', 'libre2.so.9', 'libsimdjson.so.14', 'libxxhash.so.0', 'libzstd.so.1'];
const SUITES = ['api', 'parity', 'batch', 'bad_input', 'files_and_summaries', 'types', 'promptfoo'];

// Why this suite cannot run here, or null.
function skipReason() {
  if (SANITIZED) return 'the npm tarball is packed from the Release build (the sanitizer build\'s addon needs ASan\'s runtime)';
  if (process.platform !== 'linux' || process.arch !== 'x64') return `prebuilt addons are made for linux-x64, not ${PLATFORM}`;
  if (!process.env.GQLEVAL_NODE_ADDON) return 'GQLEVAL_NODE_ADDON (the built addon to pack) is not set: run it through ctest';
  if (spawnSync('npm', ['--version']).status !== 0) return 'npm is not installed';
  return null;
}
const SKIP = skipReason();

const work = path.join(TEST_DIR, 'package');
const project = path.join(work, 'project');
const installed = path.join(project, 'node_modules', 'gqleval');
const bin = path.join(work, 'bin');
let tarball = null;
let installSeconds = null;

// An environment whose PATH holds node, npm and sh alone: no cmake, no
// compiler. The addon named by GQLEVAL_NODE_ADDON is not for the installed
// package, which must find its own.
function userEnv(extra = {}) {
  const env = { ...process.env, PATH: bin, ...extra };
  delete env.GQLEVAL_NODE_ADDON;
  delete env.GQLEVAL_SOURCE_DIR; // a checkout to build from (scripts/install.js)
  delete env.LD_LIBRARY_PATH;
  delete env.NODE_TEST_CONTEXT; // else a child node:test reports to this runner
  return env;
}

function run(command, args, options) {
  const done = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 26, ...options });
  if (done.error) throw done.error;
  return done;
}

before(() => {
  if (SKIP) return;
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(bin, { recursive: true });
  for (const name of ['node', 'npm', 'sh']) {
    const where = run('sh', ['-c', `command -v ${name}`]).stdout.trim();
    fs.symlinkSync(fs.realpathSync(where), path.join(bin, name));
  }
  // prepack packs GQLEVAL_NODE_ADDON; postpack removes js/prebuilds again.
  const packed = run('npm', ['pack', '--json', '--pack-destination', work],
    { cwd: path.join(SOURCE_DIR, 'js') });
  assert.equal(packed.status, 0, `npm pack:\n${packed.stderr}`);
  tarball = path.join(work, JSON.parse(packed.stdout)[0].filename);

  fs.mkdirSync(project);
  fs.writeFileSync(path.join(project, 'package.json'),
    JSON.stringify({ name: 'fresh-project', private: true }, null, 2));
  const start = process.hrtime.bigint();
  const npm = run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball],
    { cwd: project, env: userEnv() });
  installSeconds = Number(process.hrtime.bigint() - start) / 1e9;
  assert.equal(npm.status, 0, `npm install ${tarball}:\n${npm.stdout}${npm.stderr}`);
});

after(() => {
  if (installSeconds !== null) {
    console.log(`npm install ${path.basename(tarball)} (fresh project, no cmake): ${installSeconds.toFixed(1)} s`);
  }
});

test('the tarball carries the prebuilt addon and its libraries, not a build folder', { skip: SKIP || false }, () => {
  const files = run('tar', ['tzf', tarball]).stdout.split('\n').filter(Boolean);
  for (const name of ['gqleval.node', ...BUNDLED]) {
    assert.ok(files.includes(`package/prebuilds/${PLATFORM}/${name}`), `${name} not in ${files.join(' ')}`);
  }
  assert.ok(!files.some((f) => f.startsWith('package/build/')), files.join(' '));
  assert.ok(!fs.existsSync(path.join(SOURCE_DIR, 'js', 'prebuilds')), 'postpack left js/prebuilds');
});

test('npm install of the tarball takes seconds, without cmake, and builds nothing', { skip: SKIP || false }, () => {
  const cmake = run('sh', ['-c', 'command -v cmake'], { env: userEnv() });
  assert.ok(cmake.status !== 0 && cmake.stdout === '', `cmake is reachable from the install's PATH: ${cmake.stdout}`);
  assert.ok(installSeconds < 60, `npm install took ${installSeconds} s`);
  assert.ok(fs.existsSync(path.join(installed, 'prebuilds', PLATFORM, 'gqleval.node')));
  assert.ok(!fs.existsSync(path.join(installed, 'build')), 'the install built the addon');
});

test('every library the installed addon needs beyond glibc resolves beside it', { skip: SKIP || false }, () => {
  const dir = path.join(installed, 'prebuilds', PLATFORM);
  const ldd = run('ldd', [path.join(dir, 'gqleval.node')], { env: userEnv({ PATH: process.env.PATH }) }).stdout;
  for (const name of BUNDLED) {
    assert.match(ldd, new RegExp(`${name.replace(/[.+]/g, '\\$&')} => ${dir}/${name}`), ldd);
  }
  assert.doesNotMatch(ldd, /not found/, ldd);
});

// A program of a user's: scores a pair and lists the oneTBB, RE2 and simdjson
// files mapped into the process, which must be the package's own copies.
const PROGRAM = `
  const r = gqleval.compare('type Query { a: Int b: Int }', '{ a }', 'Here: { a b }');
  const maps = require('node:fs').readFileSync('/proc/self/maps', 'utf8').split('\\n');
  const libs = [...new Set(maps.map((l) => l.split(/\\s+/)[5]).filter((f) => /lib(tbb|re2|simdjson)[.-]/.test(f || '')))];
  console.log(JSON.stringify({ verdict: r.verdict, extra: r.extra_paths.map((p) => p.path), libs }));
`;

for (const [kind, file, head] of [
  ['require', 'use.cjs', "const gqleval = require('gqleval');"],
  ['import', 'use.mjs', "import gqleval from 'gqleval';\nimport { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);"],
]) {
  test(`${kind} loads the installed package, which scores with its own libraries`, { skip: SKIP || false }, () => {
    fs.writeFileSync(path.join(project, file), `${head}\n${PROGRAM}`);
    const done = run(path.join(bin, 'node'), [file], { cwd: project, env: userEnv() });
    assert.equal(done.status, 0, done.stderr);
    const out = JSON.parse(done.stdout);
    assert.equal(out.verdict, 'overfetch');
    assert.deepEqual(out.extra, ['query -> b']);
    assert.equal(out.libs.length, 3, `mapped: ${out.libs.join(' ')}`);
    const dir = fs.realpathSync(path.join(installed, 'prebuilds', PLATFORM));
    for (const lib of out.libs) assert.equal(path.dirname(lib), dir, `${lib} is not the package's copy`);
  });
}

test('an addon that cannot load says why and how to build it, at install and at require', { skip: SKIP || false }, (t) => {
  const copy = path.join(scratch(t), 'gqleval');
  fs.cpSync(installed, copy, { recursive: true });
  const addon = path.join(copy, 'prebuilds', PLATFORM, 'gqleval.node');
  fs.writeFileSync(addon, 'not an ELF file\n'.repeat(4096));
  const loaded = run(path.join(bin, 'node'), ['-e', `require(${JSON.stringify(copy)})`], { env: userEnv() });
  assert.notEqual(loaded.status, 0);
  assert.match(loaded.stderr, /gqleval: the addon .*gqleval\.node does not load here: .*invalid ELF header/);
  assert.match(loaded.stderr, /Build it from source: .*GQLEVAL_SOURCE_DIR=<checkout> npm rebuild gqleval/);
  // The install step: no checkout above the copy and no GQLEVAL_SOURCE_DIR,
  // so it stops with the reason rather than install a package that cannot load.
  const install = run(path.join(bin, 'node'), [path.join(copy, 'scripts', 'install.js')],
    { cwd: copy, env: userEnv() });
  assert.equal(install.status, 1, install.stdout);
  assert.match(install.stderr, /the prebuilt addon .* does not load here: .*invalid ELF header.*Build it from source/);
  // No prebuilt addon for this platform at all.
  fs.rmSync(path.join(copy, 'prebuilds'), { recursive: true });
  const none = run(path.join(bin, 'node'), ['-e', `require(${JSON.stringify(copy)})`], { env: userEnv() });
  assert.match(none.stderr, new RegExp(`gqleval: no addon for ${PLATFORM}: .*Build it from source`));
});

test('the package\'s suites pass against the installed copy', { skip: SKIP || false, timeout: 1800000 }, () => {
  const files = SUITES.map((suite) => path.join(here, `${suite}.test.mjs`));
  // node for the suites comes from the PATH given (they run it, and npm for
  // their installs); the installed copy is the package they test.
  const done = run(process.execPath, ['--test', '--test-reporter=spec', ...files], {
    cwd: work,
    env: userEnv({
      PATH: `${bin}:${process.env.PATH}`, GQLEVAL_JS_PACKAGE: installed, GQLEVAL_SOURCE_DIR: SOURCE_DIR,
    }),
    timeout: 1700000,
  });
  const out = `${done.stdout}${done.stderr}`;
  const count = (what) => Number((out.match(new RegExp(`^ℹ ${what} (\\d+)$`, 'm')) || [])[1]);
  console.log(`suites against ${installed}: ${count('tests')} tests, ${count('pass')} passed, ` +
    `${count('fail')} failed, ${count('skipped')} skipped`);
  assert.equal(done.status, 0, out.slice(-20000));
  // Every test of the suites ran (55 today), each passed or skipped for want
  // of shared data.
  assert.ok(count('tests') >= 50, out.slice(-4000));
  assert.equal(count('pass') + count('skipped'), count('tests'), out.slice(-4000));
});
