// The TypeScript declarations (index.d.ts, promptfoo.d.ts) type-check typical
// code and refuse wrong code (types/usage.ts), with TypeScript installed from
// npm at test time (`npm ci` of types/package-lock.json, into
// GQLEVAL_JS_TEST_DIR/typescript; skipped where npm or the registry is
// unavailable), under both of tsc's ways of finding a package (its "exports",
// and the older "types" field).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { PACKAGE_DIR, TEST_DIR, npmCiLocked, scratch } from './support.mjs';

const TYPES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'types');

function installTypescript(t) {
  const { prefix, skip } = npmCiLocked(TYPES, path.join(TEST_DIR, 'typescript'));
  if (skip) {
    t.skip(`typescript could not be installed: ${skip}`);
    return null;
  }
  return path.join(prefix, 'node_modules', 'typescript', 'bin', 'tsc');
}

test('the declarations accept typical code and refuse wrong code', (t) => {
  const tsc = installTypescript(t);
  if (tsc === null) return;
  const dir = scratch(t);
  fs.mkdirSync(path.join(dir, 'node_modules'));
  fs.symlinkSync(PACKAGE_DIR, path.join(dir, 'node_modules', 'gqleval'));
  fs.copyFileSync(path.join(TYPES, 'usage.ts'), path.join(dir, 'usage.ts'));
  for (const resolution of [['--module', 'nodenext', '--moduleResolution', 'nodenext'],
    ['--module', 'commonjs', '--moduleResolution', 'node10']]) {
    const done = spawnSync(process.execPath, [tsc, '--strict', '--noEmit', '--target', 'es2022',
      ...resolution, 'usage.ts'], { cwd: dir, encoding: 'utf8' });
    assert.equal(done.status, 0, `tsc ${resolution.join(' ')}:\n${done.stdout}${done.stderr}`);
  }
});
