'use strict';
// What `pnpm bench` ran on: CPU model and cores, RAM, Node, PostgreSQL, and the load around it.
const os = require('node:os');
const { Client } = require('../../packages/kit/node_modules/pg');
const { TEST_SERVER_URL } = require('../../packages/kit/dist/testing');

async function postgresVersion() {
  const client = new Client({ connectionString: TEST_SERVER_URL });
  try {
    await client.connect();
    const { rows } = await client.query('SHOW server_version');
    return rows[0].server_version;
  } catch (error) {
    return `unknown (${error.message})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    ram_gib: +(os.totalmem() / 1024 ** 3).toFixed(1),
    node: process.version,
    postgres: await postgresVersion(),
    load_average: os.loadavg().map((x) => +x.toFixed(2)),
  };
}

module.exports = { machine };
