#!/usr/bin/env node
// Speed of the npm package (issue #30), each figure beside what it is compared
// with, measured in the same run:
//
//   1. compare() in a loop on a warm schema against the C++ score_pair, per
//      pair: the pair of engine/score/score_benchmark.cc's
//      BM_ScorePairEquivalent (read from that file, so both score the same
//      text), CPU time per pair; the Google Benchmark binary (a build with
//      GQLEVAL_BENCH=ON) runs before and after the JavaScript loop;
//   2. scoreBatch() on ROWS rows (bench/make_rows.py's: NL2GQL schemas,
//      references and four shapes of answer, the schema text in every row)
//      against `gqleval score` on the same rows as a JSON Lines file, both on
//      THREADS threads, RUNS runs each, alternating; medians of wall and CPU
//      time. The JavaScript figure is the call, from the rows as objects in
//      memory to the results as objects; the command's, reading the file and
//      writing the result lines (to /dev/null).
//
//   node bench/js_bench.mjs [--build build-bench] [--rows 100000] [--threads 2]
//                           [--runs 5] [--pairs 100000]
//
// The addon is BUILD/js/gqleval.node unless GQLEVAL_NODE_ADDON names one.
// The load average is printed before and after: the figures mean little on a
// busy machine without it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const { values: args } = parseArgs({
  options: {
    build: { type: 'string', default: path.join(root, 'build-bench') },
    rows: { type: 'string', default: '100000' },
    threads: { type: 'string', default: '2' },
    runs: { type: 'string', default: '5' },
    pairs: { type: 'string', default: '100000' },
  },
});
const build = path.resolve(args.build);
process.env.GQLEVAL_NODE_ADDON ||= path.join(build, 'js', 'gqleval.node');
const gqleval = createRequire(import.meta.url)(path.join(root, 'js', 'index.js'));

const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cpuSeconds = (usage) => (usage.user + usage.system) / 1e6;

function run(command, argv, options = {}) {
  const done = spawnSync(command, argv, { encoding: 'utf8', maxBuffer: 1 << 28, ...options });
  if (done.status !== 0) {
    throw new Error(`${command} ${argv.join(' ')}: exit ${done.status}\n${done.stderr}`);
  }
  return done.stdout;
}

// The pair of BM_ScorePairEquivalent.
function benchmarkPair() {
  const src = fs.readFileSync(path.join(root, 'engine', 'score', 'score_benchmark.cc'), 'utf8');
  const literal = (name) =>
    new RegExp(`constexpr std::string_view ${name} = R"\\((.*?)\\)";`, 's').exec(src)[1];
  return [literal('kSchema'), literal('kReference'), literal('kCandidate')];
}

// CPU and wall microseconds per pair of the C++ benchmark (median of 3).
function cppPerPair() {
  const binary = path.join(build, 'engine', 'score', 'gqleval_score_benchmark');
  if (!fs.existsSync(binary)) {
    throw new Error(`${binary} is missing: configure ${build} with -DGQLEVAL_BENCH=ON and build ` +
      'gqleval_score_benchmark and gqleval_node');
  }
  const out = JSON.parse(run(binary, ['--benchmark_filter=BM_ScorePairEquivalent$',
    '--benchmark_repetitions=3', '--benchmark_format=json']));
  const m = out.benchmarks.find((b) => b.aggregate_name === 'median');
  return [m.cpu_time / 1000, m.real_time / 1000];
}

// Best of three loops of `pairs` calls: CPU and wall microseconds per pair.
function jsPerPair(score, pairs) {
  let bestCpu = Infinity;
  let bestWall = Infinity;
  for (let k = 0; k < 3; k++) {
    const c0 = process.cpuUsage();
    const w0 = process.hrtime.bigint();
    for (let i = 0; i < pairs; i++) score();
    const wall = Number(process.hrtime.bigint() - w0) / 1e3 / pairs;
    bestCpu = Math.min(bestCpu, (cpuSeconds(process.cpuUsage(c0)) * 1e6) / pairs);
    bestWall = Math.min(bestWall, wall);
  }
  return [bestCpu, bestWall];
}

// make_rows.py's rows as JSON Lines (the command's input) and as objects.
function makeRows(n, dir) {
  const csvFile = path.join(dir, 'rows.csv');
  const jsonl = path.join(dir, 'rows.jsonl');
  run('python3', [path.join(here, 'make_rows.py'), String(n), csvFile]);
  run('python3', ['-c', `import csv, json, sys
csv.field_size_limit(sys.maxsize)
with open(sys.argv[1], newline="", encoding="utf-8") as f, open(sys.argv[2], "w") as out:
    for r in csv.DictReader(f):
        out.write(json.dumps({k: r[k] for k in ("id", "schema", "reference", "candidate")}) + "\\n")`,
  csvFile, jsonl]);
  const rows = fs.readFileSync(jsonl, 'utf8').split('\n').filter((l) => l !== '')
    .map((l) => JSON.parse(l));
  return { jsonl, rows };
}

// One run of the command: [wall, CPU] seconds, from /usr/bin/time.
function cliRun(jsonl, threads) {
  const binary = path.join(build, 'gqleval');
  const done = spawnSync('/usr/bin/time', ['-f', '%e %U %S', binary, 'score', jsonl, '-q',
    '-j', String(threads), '-o', '/dev/null'], { encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`gqleval score: exit ${done.status}\n${done.stderr}`);
  const [wall, user, system] = done.stderr.trim().split('\n').pop().split(' ').map(Number);
  return [wall, user + system];
}

async function jsRun(rows, threads) {
  const c0 = process.cpuUsage();
  const w0 = process.hrtime.bigint();
  const out = await gqleval.scoreBatch(rows, { threads });
  const wall = Number(process.hrtime.bigint() - w0) / 1e9;
  const cpu = cpuSeconds(process.cpuUsage(c0));
  if (out.length !== rows.length) throw new Error('scoreBatch lost rows');
  return [wall, cpu];
}

async function main() {
  const pairs = Number(args.pairs);
  const n = Number(args.rows);
  const threads = Number(args.threads);
  const runs = Number(args.runs);
  console.log(`load average before: ${load()}; ${os.cpus().length} cores; node ${process.version}`);

  const [schema, reference, candidate] = benchmarkPair();
  const scorer = new gqleval.Scorer();
  if (scorer.compare(schema, reference, candidate).verdict !== 'equivalent') {
    throw new Error('the benchmark pair is not equivalent');
  }
  const before = cppPerPair();
  const viaScorer = jsPerPair(() => scorer.compare(schema, reference, candidate), pairs);
  const viaCompare = jsPerPair(() => gqleval.compare(schema, reference, candidate), pairs);
  const after = cppPerPair();
  const cpp = Math.min(before[0], after[0]);
  console.log(`score_pair (C++, BM_ScorePairEquivalent median of 3, before/after): CPU ` +
    `${before[0].toFixed(2)} / ${after[0].toFixed(2)} us, wall ${before[1].toFixed(2)} / ` +
    `${after[1].toFixed(2)} us`);
  for (const [name, [c, w]] of [['Scorer.compare', viaScorer], ['compare', viaCompare]]) {
    console.log(`${name} (JavaScript, best of 3 x ${pairs.toLocaleString()}): CPU ${c.toFixed(2)} ` +
      `us, wall ${w.toFixed(2)} us; CPU ratio to C++ ${(c / cpp).toFixed(2)}x`);
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gqleval-js-bench-'));
  try {
    const { jsonl, rows } = makeRows(n, dir);
    const cli = [];
    const js = [];
    for (let k = 0; k < runs; k++) {
      cli.push(cliRun(jsonl, threads));
      js.push(await jsRun(rows, threads));
    }
    const [cliWall, cliCpu] = [median(cli.map((r) => r[0])), median(cli.map((r) => r[1]))];
    const [jsWall, jsCpu] = [median(js.map((r) => r[0])), median(js.map((r) => r[1]))];
    console.log(`${n.toLocaleString()} make_rows.py rows, ${threads} threads, medians of ${runs} ` +
      'alternating runs:');
    console.log(`  gqleval score (file in, result lines out): ${cliWall.toFixed(3)} s wall, ` +
      `${cliCpu.toFixed(3)} s CPU`);
    console.log(`  scoreBatch (objects in, objects out):      ${jsWall.toFixed(3)} s wall, ` +
      `${jsCpu.toFixed(3)} s CPU`);
    console.log(`  ratio scoreBatch / gqleval score: wall ${(jsWall / cliWall).toFixed(2)}x, ` +
      `CPU ${(jsCpu / cliCpu).toFixed(2)}x`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`load average after: ${load()}`);
}

await main();
