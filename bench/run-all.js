#!/usr/bin/env node
// `pnpm bench` (issue 31): runs every bench/*/run.js in sequence (never two at once: they
// measure a 2-core machine), each at the issue's one state, reads its headline figures through
// the extractor table (bench/all/benches.js), keeps the raw JSON under bench/results/<stamp>/
// and writes bench/RESULTS.md (bench/all/render.js).
// Env: BENCH_ONLY (bench names, e.g. api,gateway), BENCH_REPEAT (runs per bench; default 1:
// the benches repeat their own samples), BENCH_QUICK=1 (small sizes, one run: a smoke test,
// written to bench/results/<stamp>/RESULTS.md and never to bench/RESULTS.md), BENCH_RESUME=<stamp>
// (finish that run: benches with results there are read back, the rest run, e.g. after a bench
// failed and was mended).
'use strict';
const { spawn } = require('node:child_process');
const {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  writeFileSync,
} = require('node:fs');
const { join, relative } = require('node:path');
const { BENCHES, RATIOS, STATE } = require('./all/benches');
const { machine } = require('./all/machine');
const { parseOutput } = require('./all/output');
const { num, render } = require('./all/render');

const ROOT = join(__dirname, '..');
const QUICK = process.env.BENCH_QUICK === '1';
const ONLY = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',').map((s) => s.trim()) : null;
const REPEAT = process.env.BENCH_REPEAT ? Number(process.env.BENCH_REPEAT) : null;
const RESUME = process.env.BENCH_RESUME;
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const OUT = join(__dirname, 'results', RESUME ?? `${QUICK ? 'quick-' : ''}${stamp}`);
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const log = (text) => process.stderr.write(`${new Date().toISOString()} [bench] ${text}\n`);

const chosen = BENCHES.filter((b) => !ONLY || ONLY.includes(b.id) || ONLY.includes(b.dir));
if (ONLY && chosen.length === 0) {
  process.stderr.write(`BENCH_ONLY names no bench: ${BENCHES.map((b) => b.id).join(', ')}\n`);
  process.exit(2);
}

/** One run of a bench: its stdout parsed, its stderr kept beside it. */
function runOnce(bench, mode, file) {
  return new Promise((resolve, reject) => {
    const errors = createWriteStream(`${file}.log`);
    const child = spawn(process.execPath, [join(ROOT, bench.script), ...mode.args], {
      cwd: ROOT,
      env: { ...process.env, ...mode.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.pipe(errors);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      errors.end();
      writeFileSync(`${file}.out`, stdout);
      if (code !== 0)
        return reject(new Error(`exit ${code ?? signal}, see ${relative(ROOT, file)}.log`));
      try {
        const json = parseOutput(stdout, bench.output);
        writeFileSync(`${file}.json`, `${JSON.stringify(json, null, 2)}\n`);
        resolve(json);
      } catch (error) {
        reject(new Error(`no JSON on stdout (${error.message}), see ${relative(ROOT, file)}.out`));
      }
    });
  });
}

async function runBench(bench) {
  const mode = QUICK ? bench.quick : bench.full;
  const repeat = QUICK ? 1 : (REPEAT ?? bench.repeat);
  const kept = join(OUT, `${bench.id}.json`);
  if (RESUME && existsSync(kept)) {
    const { runs, seconds, at } = readJson(kept);
    log(`${bench.id}: ${runs.length} run(s) read back from ${relative(ROOT, OUT)}`);
    return { bench, runs, failures: [], seconds, at };
  }
  const started = Date.now();
  const at = new Date(started).toISOString();
  const runs = [];
  const failures = [];
  for (let i = 1; i <= repeat; i += 1) {
    const env = Object.entries(mode.env).map(([k, v]) => `${k}=${v}`);
    log(
      `${bench.id} run ${i}/${repeat}: ${[...env, 'node', bench.script, ...mode.args].join(' ')}`,
    );
    try {
      runs.push(await runOnce(bench, mode, join(OUT, `${bench.id}-${i}`)));
    } catch (error) {
      failures.push(`run ${i}: ${error.message}`);
      log(`${bench.id} run ${i} failed: ${error.message}`);
    }
  }
  const seconds = (Date.now() - started) / 1000;
  log(`${bench.id}: ${(seconds / 60).toFixed(1)} min`);
  // A bench that gave every run is kept whole, for BENCH_RESUME.
  if (failures.length === 0) writeFileSync(kept, `${JSON.stringify({ runs, seconds, at })}\n`);
  return { bench, runs, failures, seconds, at };
}

/** What the State section says: the sizes, and honestly which benches share what. */
function stateLines(benches) {
  return [
    `The issue's state: ${num(STATE.movies)} movies, ${num(STATE.series)} series × ` +
      `${STATE.seasons} seasons × ${STATE.episodes} episodes ` +
      `(${num(STATE.series * STATE.seasons * STATE.episodes)} episodes), ` +
      `${num(STATE.candidates)} candidates, ${num(STATE.feedEvents)} feed events.`,
    '',
    'No database is shared between benches: each bench builds its own state in a scratch',
    'database cloned from the migrated template (a shared seeded database would need each',
    "bench's set-up reworked). Sizes are passed where a bench takes them; where a bench's seed",
    'is fixed, the row below says what it runs at.',
    '',
    '| bench | state |',
    '|---|---|',
    ...benches.map(({ bench }) => `| ${bench.id} | ${bench.state} |`),
  ];
}

(async () => {
  mkdirSync(OUT, { recursive: true });
  const planned = chosen.reduce((sum, b) => sum + b.full.minutes * (REPEAT ?? b.repeat), 0);
  log(
    `${chosen.map((b) => b.id).join(', ')}${QUICK ? ' (quick)' : `: about ${planned} min`}; raw output in ${relative(ROOT, OUT)}`,
  );
  // The run's machine and date, read back when resumed.
  const started = join(OUT, 'run.json');
  const { before, date } =
    RESUME && existsSync(started)
      ? readJson(started)
      : { before: await machine(), date: new Date().toISOString() };
  writeFileSync(started, `${JSON.stringify({ before, date })}\n`);
  const benches = [];
  for (const bench of chosen) benches.push(await runBench(bench));
  const run = { date, machine: before, quick: QUICK, state: stateLines(benches), benches };
  const text = render(run, RATIOS);
  const target = QUICK ? join(OUT, 'RESULTS.md') : join(__dirname, 'RESULTS.md');
  writeFileSync(target, text);
  if (!QUICK) writeFileSync(join(OUT, 'RESULTS.md'), text);
  log(`wrote ${relative(ROOT, target)}`);
  const failed = benches.filter((b) => b.runs.length === 0);
  if (failed.length > 0) {
    log(`no result from ${failed.map((b) => b.bench.id).join(', ')}`);
    process.exitCode = 1;
  }
})().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
