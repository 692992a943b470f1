// The TypeScript declarations (index.d.ts, promptfoo.d.ts) type-check typical
// code and refuse wrong code (types/usage.ts), with TypeScript installed from
// npm at test time (a pinned version, into GQLEVAL_JS_TEST_DIR/typescript;
// skipped where npm or the registry is unavailable), under both of tsc's ways
// of finding a package (its "exports", and the older "types" field).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { SOURCE_DIR, TEST_DIR, npmCi, scratch } from './support.mjs';

const TYPESCRIPT = '5.7.3';

function installTypescript(t) {
  const prefix = path.join(TEST_DIR, 'typescript');
  const tsc = path.join(prefix, 'node_modules', 'typescript', 'bin', 'tsc');
  if (fs.existsSync(tsc)) return tsc;
  fs.mkdirSync(prefix, { recursive: true });
  fs.writeFileSync(path.join(prefix, 'package.json'),
    JSON.stringify({ private: true, dependencies: { typescript: TYPESCRIPT } }));
  const failed = npmCi(prefix, 'install');
  if (failed !== null) {
    t.skip(`typescript@${TYPESCRIPT} could not be installed: ${failed}`);
    return null;
  }
  return tsc;
}

test('the declarations accept typical code and refuse wrong code', (t) => {
  const tsc = installTypescript(t);
  if (tsc === null) return;
  const dir = scratch(t);
  fs.mkdirSync(path.join(dir, 'node_modules'));
  fs.symlinkSync(path.join(SOURCE_DIR, 'js'), path.join(dir, 'node_modules', 'gqleval'));
  fs.copyFileSync(path.join(SOURCE_DIR, 'js', 'test', 'types', 'usage.ts'), path.join(dir, 'usage.ts'));
  for (const resolution of [['--module', 'nodenext', '--moduleResolution', 'nodenext'],
    ['--module', 'commonjs', '--moduleResolution', 'node10']]) {
    const done = spawnSync(process.execPath, [tsc, '--strict', '--noEmit', '--target', 'es2022',
      ...resolution, 'usage.ts'], { cwd: dir, encoding: 'utf8' });
    assert.equal(done.status, 0, `tsc ${resolution.join(' ')}:\n${done.stdout}${done.stderr}`);
  }
});
