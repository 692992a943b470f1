// That the sanitizer build's sanitizers are live in the tests' node
// (js/CMakeLists.txt runs this file in that build only): the addon is
// instrumented, and it runs on the one ASan runtime, the preloaded one.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { SANITIZED, farm, gqleval } from './support.mjs';

test('the addon is instrumented and runs on the preloaded ASan runtime', (t) => {
  if (!SANITIZED) {
    t.skip('checks the sanitizer build (GQLEVAL_SANITIZED=1) only');
    return;
  }
  const addon = path.resolve(process.env.GQLEVAL_NODE_ADDON);
  const binary = fs.readFileSync(addon).toString('latin1');
  // Its loads are checked (ASan) and its arithmetic too (UBSan).
  assert.ok(binary.includes('__asan_report_load'), 'no ASan checks in the addon');
  assert.ok(binary.includes('__ubsan_handle_'), 'no UBSan checks in the addon');
  const { schema, reference } = farm();
  assert.equal(gqleval.compare(schema, reference, reference).verdict, 'equivalent');
  const maps = fs.readFileSync('/proc/self/maps', 'utf8');
  const runtime = process.env.LD_PRELOAD;
  assert.ok(runtime && maps.includes(runtime), `${runtime} is not mapped`);
  assert.ok(maps.includes(addon), `${addon} is not mapped`);
  const loaded = new Set(maps.split('\n').map((line) => line.split(/\s+/).pop())
    .filter((file) => /^(libclang_rt\.asan|libasan)/.test(path.basename(file || ''))));
  assert.deepEqual([...loaded], [runtime]);
});
