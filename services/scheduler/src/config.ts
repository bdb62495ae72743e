import { loadConfigOrExit, runtimeConfig, runtimeVars, type Env } from '@mcs/kit';

const schema = {
  ...runtimeVars(8103),
};

export interface SchedulerConfig {
  runtime: ReturnType<typeof runtimeConfig>;
}

/** The only reader of the environment; stops the process naming every bad variable. */
export function loadConfig(source: Env = process.env): SchedulerConfig {
  return loadConfigOrExit(schema, (vars) => ({ runtime: runtimeConfig(vars) }), source);
}
