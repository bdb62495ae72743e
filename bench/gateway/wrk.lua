-- Load shape for bench/gateway/run.js (wrk: a C load generator, so the client's own pauses do
-- not count as the server's). THINK_MS > 0: after each answer a connection waits an
-- exponentially distributed time (mean THINK_MS) before its next request, so arrivals are
-- Poisson-like at about connections / THINK_MS per second; 0: a closed loop.
-- done() prints one line for run.js: "RESULT {json}", latencies in microseconds.
local think = tonumber(os.getenv("THINK_MS") or "0")
math.randomseed(os.time())

if think > 0 then
  function delay()
    return math.floor(-think * math.log(1 - math.random()))
  end
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '\nRESULT {"requests":%d,"duration_us":%d,"errors":%d,"p50_us":%d,"p99_us":%d}\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout + e.status,
    latency:percentile(50), latency:percentile(99)))
end
