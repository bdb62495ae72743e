import { loadConfigOrExit, runtimeConfig, runtimeVars, type Env } from '@mcs/kit';

const schema = {
  ...runtimeVars(8102),
};

export interface CleanupConfig {
  runtime: ReturnType<typeof runtimeConfig>;
}

/** The only reader of the environment; stops the process naming every bad variable. */
export function loadConfig(source: Env = process.env): CleanupConfig {
  return loadConfigOrExit(schema, (vars) => ({ runtime: runtimeConfig(vars) }), source);
}
