// scripts/k8s-check.mjs (`pnpm k8s:check`, run by CI): the Kubernetes manifests in infra/k8s are
// valid against the API schemas and wired as the services need, and a broken copy is refused
// with one line per finding.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = join(__dirname, '..');
const CHECK = join(root, 'scripts', 'k8s-check.mjs');
const MANIFESTS = join(root, 'infra', 'k8s');

async function check(dir: string): Promise<{ code: number; out: string }> {
  return run(process.execPath, [CHECK, dir]).then(
    ({ stdout }) => ({ code: 0, out: stdout }),
    (error: { code: number; stderr: string }) => ({ code: error.code, out: error.stderr }),
  );
}

const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the manifests with `edit` applied to one file's text. */
function brokenCopy(edits: Record<string, (text: string) => string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'k8s-'));
  // Never a developer's secrets.env or keys/ (git ignores them; a temporary folder would not).
  cpSync(MANIFESTS, dir, {
    recursive: true,
    filter: (source) => !/[/\\](keys|secrets\.env)$/.test(source),
  });
  copies.push(dir);
  for (const [file, edit] of Object.entries(edits)) {
    const path = join(dir, file);
    const before = readFileSync(path, 'utf8');
    const after = edit(before);
    expect(after).not.toBe(before);
    writeFileSync(path, after);
  }
  return dir;
}

test('the manifests pass: every resource valid, the five services wired', async () => {
  const { code, out } = await check(MANIFESTS);
  expect(out).toMatch(/^\d+ Kubernetes resources in \d+ files: valid\n$/);
  expect(code).toBe(0);
});

test('a schema error, a wrong probe, too little memory and a foreign key are each reported', async () => {
  const dir = brokenCopy({
    'cleanup.yaml': (t) => t.replace('containerPort: 8102', 'containerPort: "8102x"'),
    'webhooks.yaml': (t) => t.replace('path: /health\n', 'path: /healthz\n'),
    'gateway.yaml': (t) => t.replace('memory: 320Mi', 'memory: 64Mi'),
    'scheduler.yaml': (t) =>
      t.replace('secretName: mcs-key-scheduler', 'secretName: mcs-key-gateway'),
  });
  const { code, out } = await check(dir);
  expect(code).toBe(1);
  expect(out).toContain('cleanup.yaml Deployment/cleanup: invalid:');
  expect(out).toContain('webhooks Deployment: readinessProbe is not GET /health on http');
  expect(out).toMatch(/gateway Deployment: memory request 64 MiB is below its measured \d+ MiB/);
  expect(out).toContain('scheduler Deployment: mounts the secret mcs-key-gateway, not its own key');
});

test('a variable compose sets but a Deployment lacks, and an unlisted file, are reported', async () => {
  const dir = brokenCopy({
    'catalog.yaml': (t) =>
      t.replace(/ {12}# Keeps peak memory[^\n]*\n {12}- name: NODE_OPTIONS\n[^\n]*\n/, ''),
    'kustomization.yaml': (t) => t.replace('  - webhooks.yaml\n', ''),
  });
  const { code, out } = await check(dir);
  expect(code).toBe(1);
  expect(out).toContain('catalog Deployment: lacks NODE_OPTIONS (set in docker-compose.yml)');
  expect(out).toContain('webhooks.yaml: not listed in kustomization.yaml resources');
  expect(out).toContain('webhooks: no Deployment');
});
