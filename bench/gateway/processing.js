// Reads the gateway's own share of each /api/v1 request (gateway_processing_seconds on the
// /metrics of its metrics port) for bench/gateway/run.js.

/** The gateway_processing_seconds buckets (cumulative counts by upper bound, in ms). */
async function processingBuckets(metricsUrl) {
  const text = await (await fetch(`${metricsUrl}/metrics`)).text();
  const buckets = [];
  for (const match of text.matchAll(
    /^gateway_processing_seconds_bucket\{le="([^"]+)"[^}]*\} (\d+)/gm,
  ))
    buckets.push([match[1] === '+Inf' ? Infinity : Number(match[1]) * 1000, Number(match[2])]);
  return buckets;
}

/** Quantiles of the requests observed between two readings (interpolated within a bucket). */
function processingBetween(before, after) {
  const counts = after.map(([le, n], i) => [le, n - before[i][1]]);
  const total = counts[counts.length - 1][1];
  const at = (q) => {
    let lower = 0;
    let below = 0;
    for (const [le, n] of counts) {
      if (n >= q * total) {
        if (le === Infinity) return `> ${lower}`;
        return +(lower + ((le - lower) * (q * total - below)) / Math.max(1, n - below)).toFixed(3);
      }
      [lower, below] = [le, n];
    }
    return null;
  };
  const within1ms = counts.find(([le]) => le === 1)[1];
  return {
    requests: total,
    median_ms: at(0.5),
    p99_ms: at(0.99),
    within_1ms: `${((100 * within1ms) / total).toFixed(2)} %`,
  };
}

module.exports = { processingBetween, processingBuckets };
