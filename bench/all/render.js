'use strict';
// bench/RESULTS.md from the figures of one `pnpm bench` run. Pure: tested from fixtures.
const { ratio, summarize, verdict } = require('./stats');

/** A number as the RESULTS files write it: a thin grouping space, few decimals. */
function num(value) {
  if (value === null || value === undefined) return '—';
  const abs = Math.abs(value);
  const digits = Number.isInteger(value) || abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  const [whole, fraction] = value.toFixed(digits).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return fraction ? `${grouped}.${fraction}` : grouped;
}

const withUnit = (value, unit) => (unit ? `${num(value)} ${unit}` : num(value));
const targetText = (target, unit) =>
  target ? `${target.op === '<=' ? '≤' : '≥'} ${withUnit(target.value, unit)}` : '—';

/** Every figure of a bench over its runs: the per-run samples read, summarized, judged. */
function figuresOf(bench, runs) {
  return bench.figures.map((figure) => {
    const perRun = runs.map((json) => {
      try {
        return figure.read(json);
      } catch {
        return undefined;
      }
    });
    const summary = summarize(perRun);
    return {
      bench: bench.id,
      name: figure.name,
      unit: figure.unit,
      target: figure.target,
      note: figure.note,
      ratio: figure.ratio ?? false,
      summary,
      verdict: verdict(summary?.median, figure.target),
    };
  });
}

function spreadText(s, unit) {
  if (!s) return '—';
  if (s.n <= 1 || s.low === s.high) return `n = ${s.n}`;
  return `${num(s.low)}–${num(s.high)}${unit ? ` ${unit}` : ''} (${s.spread}, n = ${s.n})`;
}

function figureRow(f) {
  const median = f.summary ? withUnit(f.summary.median, f.unit) : 'no value';
  const outcome = f.verdict ? `**${f.verdict}**` : '—';
  const note = f.note ? ` (${f.note})` : '';
  return `| ${f.name} | ${median} | ${spreadText(f.summary, f.unit)} | ${targetText(f.target, f.unit)}${note} | ${outcome} |`;
}

function machineLines(m, date) {
  return [
    `- Date: ${date}`,
    `- CPU: ${m.cpu}, ${m.cores} cores; RAM ${m.ram_gib} GiB`,
    `- Node ${m.node}; PostgreSQL ${m.postgres}`,
    `- Load average before the run: ${m.load_average.join(', ')}`,
  ];
}

function ratioRows(figures, ratios) {
  const find = ([bench, name]) => figures.find((f) => f.bench === bench && f.name === name);
  const ran = (bench) => figures.some((f) => f.bench === bench);
  const rows = ratios
    .filter((r) => ran(r.of[0]) && ran(r.to[0]))
    .map((r) => {
      const value = ratio(find(r.of)?.summary?.median, find(r.to)?.summary?.median);
      return `| ${r.name} | ${value === null ? '—' : `${num(value)} ×`} |`;
    });
  // Ratios a bench computes within one run (bench/api: a route against /health/live).
  for (const f of figures.filter((x) => x.ratio))
    rows.push(
      `| ${f.name} (bench/${f.bench === 'api-single' ? 'api' : f.bench}) | ${f.summary ? `${num(f.summary.median)} ×` : '—'} |`,
    );
  return rows;
}

/**
 * The whole file. `run` is { date, machine, quick, repeat, state, benches: [{ bench, runs,
 * failures, seconds, at }] } where runs are the benches' parsed JSON outputs and `at` when
 * the bench started (a resumed run's benches ran at different times).
 */
function render(run, ratios) {
  const all = [];
  const sections = [];
  for (const { bench, runs, failures, seconds, at } of run.benches) {
    const figures = figuresOf(bench, runs);
    all.push(...figures);
    const rows = figures.filter((f) => !f.ratio).map(figureRow);
    const failed = failures.length > 0 ? [``, `Failed runs: ${failures.join('; ')}`] : [];
    sections.push(
      `### ${bench.id}`,
      '',
      `${runs.length} run(s) of \`${bench.script}\` in ${num(seconds / 60)} min${at ? `, from ${at.slice(0, 16).replace('T', ' ')} UTC` : ''}. Samples: ${bench.samples}. State: ${bench.state}.`,
      ...failed,
      '',
      '| figure | median | spread | target | |',
      '|---|---:|---|---|---|',
      ...rows,
      '',
    );
  }
  const judged = all.filter((f) => f.verdict);
  const met = judged.filter((f) => f.verdict === 'met').length;
  return [
    '# Benchmarks: every bench at one state',
    '',
    'Written by `pnpm bench` (`bench/run-all.js`); the raw JSON of every run is in',
    `\`bench/results/\`. ${run.quick ? '**Quick mode (BENCH_QUICK=1): small sizes, a smoke test, not results.**' : ''}`.trimEnd(),
    '',
    '## Machine',
    '',
    ...machineLines(run.machine, run.date),
    '',
    '## State',
    '',
    ...run.state,
    '',
    `## Figures (${met} of ${judged.length} targets met)`,
    '',
    'Median over the samples, and their spread (min–max unless the bench summarized its own',
    "samples otherwise, as named). Targets from each bench's RESULTS.md.",
    '',
    ...sections,
    '## Ratios',
    '',
    '| ratio | median |',
    '|---|---:|',
    ...ratioRows(all, ratios),
    '',
  ].join('\n');
}

module.exports = { render, figuresOf, num, spreadText };
