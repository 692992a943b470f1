// What the package's tests share (run by ctest: js/CMakeLists.txt sets
// GQLEVAL_NODE_ADDON to the built addon and GQLEVAL_BINARY to the CLI).
// GQLEVAL_JS_PACKAGE names an installed copy of the package to test instead of
// this folder (JS.package: the npm tarball installed into a fresh project).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SOURCE_DIR = process.env.GQLEVAL_SOURCE_DIR || path.resolve(here, '..', '..');
export const SHARED_DIR = process.env.GQLEVAL_SHARED_DIR || path.join(SOURCE_DIR, '..', 'shared');
export const BINARY = process.env.GQLEVAL_BINARY || path.join(SOURCE_DIR, 'build', 'gqleval');
export const TEST_DIR = process.env.GQLEVAL_JS_TEST_DIR || path.join(os.tmpdir(), 'gqleval-js-test');
export const EXAMPLES = path.join(SOURCE_DIR, 'examples');
export const SANITIZED = process.env.GQLEVAL_SANITIZED === '1';

export const PACKAGE_DIR = path.resolve(process.env.GQLEVAL_JS_PACKAGE || path.join(here, '..'));

export const require = createRequire(import.meta.url);
export const gqleval = require(path.join(PACKAGE_DIR, 'index.js'));

/** The members of a result line, in order (docs/results.schema.json). */
export const RESULT_FIELDS = [
  'verdict', 'pass', 'compared', 'missing', 'extra', 'precision', 'recall', 'f1',
  'matched_reference', 'missing_paths', 'extra_paths', 'argument_differences', 'rules_fired',
  'operations', 'invalid_operations', 'errors',
];

export function readText(...parts) {
  return fs.readFileSync(path.join(...parts), 'utf8');
}

/** The README's farm example: schema, reference, a model's raw answer. */
export function farm() {
  return {
    schema: readText(EXAMPLES, 'farm.graphql'),
    reference: readText(EXAMPLES, 'ref.graphql'),
    answer: readText(EXAMPLES, 'answer.txt'),
  };
}

/** RFC 4180 CSV (quoted fields, doubled quotes, newlines in quotes) as
 * objects keyed by the header; a UTF-8 BOM is dropped. */
export function parseCsv(text) {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const records = [];
  let record = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else {
      field += c;
    }
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  const [header, ...rows] = records;
  return rows.map((r) => Object.fromEntries(header.map((name, k) => [name, r[k] ?? ''])));
}

/** The gqleval program's environment: in the sanitizer build the preload of
 * ASan's shared runtime (for node) is left out, as the program links its own. */
function cliEnv() {
  const env = { ...process.env };
  if (SANITIZED) {
    delete env.LD_PRELOAD;
    env.ASAN_OPTIONS = (env.ASAN_OPTIONS || '').replace('detect_leaks=0', 'detect_leaks=1');
  }
  return env;
}

/** Runs the program; its stdout. Skips `t` when it is not built. */
export function runCli(t, ...args) {
  if (!fs.existsSync(BINARY)) {
    t.skip(`the gqleval program is not built at ${BINARY}`);
    return null;
  }
  const done = spawnSync(BINARY, args, { encoding: 'utf8', env: cliEnv(), maxBuffer: 1 << 30 });
  if (done.status !== 0 && done.status !== 1) {
    throw new Error(`gqleval ${args.join(' ')}: exit ${done.status}\n${done.stderr}`);
  }
  return done.stdout;
}

/** `gqleval score PATH FLAGS -o -`: the result lines, in order. */
export function cliScoreLines(t, file, ...flags) {
  const out = runCli(t, 'score', file, '-q', '-o', '-', '--threads', '2', ...flags);
  return out === null ? null : out.split('\n').filter((line) => line !== '');
}

/** A score line's result members (from "verdict" on) as an object's text:
 * the line without its head (row, id, ...), which names a file's row. */
export function resultMembers(line) {
  return '{' + line.slice(line.indexOf('"verdict":'));
}

/** The shared NL2GQL test set, or null with `t` skipped. */
export function nl2gqlRows(t) {
  const file = path.join(SHARED_DIR, 'datasets', 'nl2gql', 'nl2gql_test.csv');
  if (!fs.existsSync(file)) {
    t.skip(`the shared NL2GQL set is absent (${file})`);
    return null;
  }
  return { file, rows: parseCsv(fs.readFileSync(file, 'utf8')) };
}

/** RGEval's granite-20b results, or null with `t` skipped. */
export function graniteRows(t) {
  const file = path.join(SHARED_DIR, 'datasets', 'rgeval-granite', 'granite20b_zeroshot_rgeval.csv');
  if (!fs.existsSync(file)) {
    t.skip(`the shared granite-20b results are absent (${file})`);
    return null;
  }
  return { file, rows: parseCsv(fs.readFileSync(file, 'utf8')) };
}

/** The generated sample (datasets/generated/sample.csv), each row's schema
 * read from its schema_path. */
export function sampleRows() {
  const file = path.join(SOURCE_DIR, 'datasets', 'generated', 'sample.csv');
  const rows = parseCsv(fs.readFileSync(file, 'utf8'));
  const texts = new Map();
  for (const r of rows) {
    if (!texts.has(r.schema_path)) {
      texts.set(r.schema_path, readText(path.dirname(file), r.schema_path));
    }
    r.schema = texts.get(r.schema_path);
  }
  return { file, rows };
}

/** A scratch folder of its own for a test, removed after it. */
export function scratch(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gqleval-js-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Rows as a JSON Lines file in `dir`. */
export function writeJsonl(dir, name, rows) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return file;
}

/** `npm ci` (or `npm install`) in `prefix`, which holds a package.json (and
 * for ci its lock), or a reason it could not: short network timeouts, so
 * that an offline machine skips in seconds. */
export function npmCi(prefix, command = 'ci') {
  const npm = spawnSync('npm', ['--version'], { encoding: 'utf8' });
  if (npm.status !== 0) return 'npm is not installed';
  const done = spawnSync(
    'npm',
    [command, '--no-audit', '--no-fund', '--loglevel=error', '--fetch-retries=1', '--fetch-timeout=30000'],
    { cwd: prefix, encoding: 'utf8', timeout: 300000 },
  );
  if (done.error) return `npm ${command} failed: ${done.error.message}`;
  if (done.status !== 0) {
    return `npm ${command} failed (exit ${done.status}): ${(done.stderr || done.stdout).trim().split('\n').slice(0, 4).join(' ')}`;
  }
  return null;
}

/** graphql-js at the version tests/js pins, installed with `npm ci` into
 * TEST_DIR/graphql-js when tests/js has none; null with `t` skipped when
 * it cannot be. */
export function graphqlJs(t) {
  const pinned = JSON.parse(readText(SOURCE_DIR, 'tests', 'js', 'package.json')).dependencies.graphql;
  const version = (dir) => {
    try {
      return JSON.parse(readText(dir, 'node_modules', 'graphql', 'package.json')).version;
    } catch {
      return null;
    }
  };
  const local = path.join(SOURCE_DIR, 'tests', 'js');
  let prefix = local;
  if (version(local) !== pinned) {
    prefix = path.join(TEST_DIR, 'graphql-js');
    if (version(prefix) !== pinned) {
      fs.mkdirSync(prefix, { recursive: true });
      for (const name of ['package.json', 'package-lock.json']) {
        fs.copyFileSync(path.join(local, name), path.join(prefix, name));
      }
      const failed = npmCi(prefix);
      if (failed !== null) {
        t.skip(`graphql@${pinned} could not be installed: ${failed}`);
        return null;
      }
    }
  }
  return createRequire(path.join(prefix, 'package.json'))('graphql');
}

// npm's error codes when the registry cannot be reached: an install skips on
// these, and fails on any other error (a bad version, a broken tree).
export const NETWORK_ERROR = new RegExp('\\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|'
  + 'ENETUNREACH|EHOSTUNREACH|ERR_SOCKET_TIMEOUT|ESOCKETTIMEDOUT|E50[0-9])\\b|npm error network');

/** The tree `lockDir`'s package.json and package-lock.json pin, installed
 * with `npm ci` into `prefix` (once: a marker holds the lock it installed, so
 * that a changed lock or an interrupted install is done again). {prefix}, or
 * {skip} when npm or the registry is not there; another npm failure throws. */
export function npmCiLocked(lockDir, prefix) {
  const lock = readText(lockDir, 'package-lock.json');
  const marker = path.join(prefix, '.gqleval-installed');
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === lock) return { prefix };
  if (spawnSync('npm', ['--version'], { encoding: 'utf8' }).status !== 0) {
    return { skip: 'npm is not installed' };
  }
  fs.rmSync(prefix, { recursive: true, force: true });
  fs.mkdirSync(prefix, { recursive: true });
  for (const name of ['package.json', 'package-lock.json']) {
    fs.copyFileSync(path.join(lockDir, name), path.join(prefix, name));
  }
  const npm = spawnSync('npm', [
    'ci', '--no-audit', '--no-fund', '--no-update-notifier', '--loglevel=error',
    '--fetch-retries=1', '--fetch-timeout=30000',
  ], { cwd: prefix, encoding: 'utf8', timeout: 600000 });
  const output = `${npm.stderr || ''}${npm.stdout || ''}`.trim();
  // A timeout (spawnSync's error) means a registry too slow to use: a skip.
  if (npm.error) return { skip: `npm ci in ${prefix} did not finish: ${npm.error.message}` };
  if (npm.status !== 0) {
    const network = output.match(NETWORK_ERROR);
    if (network) return { skip: `the npm registry cannot be reached (npm: ${network[0]})` };
    throw new Error(`npm ci in ${prefix} failed (exit ${npm.status}):\n${output}`);
  }
  fs.writeFileSync(marker, lock);
  return { prefix };
}
