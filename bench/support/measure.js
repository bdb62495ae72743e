// Helpers the cleanup benchmarks share: a seeded generator, rounding, RSS sampling, load.
const os = require('node:os');

/** A small deterministic generator, so every run fills the same projection. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round1 = (x) => Math.round(x * 10) / 10;
const mb = (bytes) => Math.round(bytes / 1024 / 1024);
/** The 1-minute load average, rounded: how busy the shared machine was. */
const load = () => Math.round(os.loadavg()[0] * 100) / 100;

/** Samples this process's RSS every 20 ms. */
function rssSampler() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  return {
    reset: () => (peak = process.memoryUsage().rss),
    peak: () => Math.max(peak, process.memoryUsage().rss),
    stop: () => clearInterval(timer),
  };
}

module.exports = { random, round1, mb, load, rssSampler };
