#!/usr/bin/env node
/**
 * `node dist/cli.js --movies 50000 --series 5000 --seasons-per-series 4 --episodes-per-season 20
 * --seed 1 --port 8500`. Prints the URL and keys of each system, then serves until stopped.
 */
import { startSimulator } from './index';
import type { SimulatorOptions } from './options';

type NumericOption = Exclude<keyof SimulatorOptions, 'host' | 'apiKeys'>;

const FLAGS: Record<string, NumericOption> = {
  '--movies': 'movies',
  '--series': 'series',
  '--seasons-per-series': 'seasonsPerSeries',
  '--episodes-per-season': 'episodesPerSeason',
  '--users': 'users',
  '--seed': 'seed',
  '--port': 'port',
};

export function parseArgs(argv: string[]): Partial<SimulatorOptions> {
  const options: Partial<SimulatorOptions> = {};
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i] ?? '';
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`option ${flag} needs a value`);
    if (flag === '--host') {
      options.host = value;
      continue;
    }
    const key = FLAGS[flag];
    if (!key)
      throw new Error(`unknown option ${flag}; known: --host ${Object.keys(FLAGS).join(' ')}`);
    options[key] = Number(value);
  }
  return options;
}

async function main(): Promise<void> {
  const started = Date.now();
  const sim = await startSimulator(parseArgs(process.argv.slice(2)));
  const lines = Object.entries(sim.urls).map(
    ([system, url]) =>
      `  ${system.padEnd(8)} ${url}  key ${sim.apiKeys[system as keyof typeof sim.apiKeys]}`,
  );
  process.stdout.write(
    `simulator listening on ${sim.url} (${Date.now() - started} ms)\n${lines.join('\n')}\n  admin    ${sim.url}/__sim/info\n`,
  );
  const stop = () => void sim.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
