#!/usr/bin/env node
// `pnpm k8s:check [directory]`: the Kubernetes manifests (infra/k8s by default), offline.
//   1. every resource the kustomization lists exists and is valid against the Kubernetes API
//      schema of its kind (kubernetes-models' JSON schemas), and nothing else sits beside them;
//   2. each of the five services has a Deployment, a Service and a PodDisruptionBudget whose
//      selectors match its pods, an HPA where it scales on load (gateway, cleanup, webhooks);
//   3. its container listens on its PORT, is ready on /health (the gateway, whose /health
//      reports every other service, on /health/live) and alive on /health/live;
//   4. it asks for at least the memory it was measured to hold idle (bench/api/final-five.json)
//      and is limited above that;
//   5. it gets the same variables as in docker-compose.yml, its secrets from the generated
//      Secrets only (names that secrets.env.example lists), and its own signing key alone.
// Exit 1 with one line per finding.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.argv[2] ?? join(root, 'infra', 'k8s');
const SERVICES = ['gateway', 'catalog', 'cleanup', 'scheduler', 'webhooks'];
const AUTOSCALED = new Set(['gateway', 'cleanup', 'webhooks']);
/** Files next to the resources that are not resources. */
const BESIDE = new Set(['kustomization.yaml', 'README.md', 'secrets.env.example']);

const findings = [];
const fail = (where, what) => findings.push(`${where}: ${what}`);

const kustomization = parse(readFileSync(join(dir, 'kustomization.yaml'), 'utf8'));
const resources = kustomization.resources ?? [];
for (const file of readdirSync(dir)) {
  const stray = file.endsWith('.yaml') && !BESIDE.has(file) && !resources.includes(file);
  if (stray) fail(file, 'not listed in kustomization.yaml resources');
}

const docs = [];
for (const file of resources) {
  if (!existsSync(join(dir, file))) {
    fail(file, 'listed in kustomization.yaml but missing');
    continue;
  }
  // YAML 1.1, as kubectl reads it: `defaultMode: 0440` is octal there.
  for (const doc of parseAllDocuments(readFileSync(join(dir, file), 'utf8'), { version: '1.1' })) {
    if (doc.errors.length > 0) fail(file, `YAML: ${doc.errors[0].message}`);
    else docs.push({ file, object: doc.toJS() });
  }
}

// 1. The API schema of each kind. `apps/v1` → kubernetes-models/apps/v1/<Kind>; core `v1` → v1/.
for (const { file, object } of docs) {
  const where = `${file} ${object.kind}/${object.metadata?.name}`;
  let Model;
  try {
    ({ [object.kind]: Model } = await import(
      `kubernetes-models/${object.apiVersion}/${object.kind}`
    ));
  } catch {
    fail(where, `no schema for ${object.apiVersion} ${object.kind}`);
    continue;
  }
  try {
    new Model(object).validate();
  } catch (error) {
    fail(where, `invalid: ${error.message.split('\n').slice(0, 3).join(' ')}`);
  }
}

const of = (kind, name) =>
  docs.find((d) => d.object.kind === kind && d.object.metadata?.name === name)?.object;
const matches = (selector, labels) =>
  selector !== undefined && Object.entries(selector).every(([k, v]) => labels?.[k] === v);

const secretsEnv = readFileSync(join(dir, 'secrets.env.example'), 'utf8')
  .split('\n')
  .filter((line) => /^[A-Z_]+=/.test(line))
  .map((line) => line.slice(0, line.indexOf('=')));
const generated = new Set((kustomization.secretGenerator ?? []).map((g) => g.name));
const configMaps = new Set([
  ...(kustomization.configMapGenerator ?? []).map((g) => g.name),
  ...docs.filter((d) => d.object.kind === 'ConfigMap').map((d) => d.object.metadata.name),
]);
const sharedConfig = of('ConfigMap', 'mcs-config')?.data ?? {};

const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true });
const rss = JSON.parse(readFileSync(join(root, 'bench', 'api', 'final-five.json'), 'utf8')).rss_mib;
const mib = (quantity) => {
  const match = /^(\d+)(Mi|Gi)$/.exec(String(quantity ?? ''));
  return match ? Number(match[1]) * (match[2] === 'Gi' ? 1024 : 1) : NaN;
};

for (const name of SERVICES) {
  const deployment = of('Deployment', name);
  if (!deployment) {
    fail(name, 'no Deployment');
    continue;
  }
  const pod = deployment.spec.template;
  const podLabels = pod.metadata?.labels;
  const where = `${name} Deployment`;

  // 2. Selectors, budgets, autoscaling.
  if (!matches(deployment.spec.selector?.matchLabels, podLabels))
    fail(where, 'selector does not match its pod labels');
  const service = of('Service', name);
  if (!service) fail(name, 'no Service');
  else if (!matches(service.spec.selector, podLabels))
    fail(`${name} Service`, 'selects no pod of it');
  const budget = of('PodDisruptionBudget', name);
  if (!budget) fail(name, 'no PodDisruptionBudget');
  else if (!matches(budget.spec.selector?.matchLabels, podLabels))
    fail(`${name} PodDisruptionBudget`, 'selects no pod of it');
  const hpa = of('HorizontalPodAutoscaler', name);
  if (AUTOSCALED.has(name)) {
    if (!hpa) fail(name, 'no HorizontalPodAutoscaler');
    else if (
      hpa.spec.scaleTargetRef?.kind !== 'Deployment' ||
      hpa.spec.scaleTargetRef?.name !== name
    )
      fail(`${name} HorizontalPodAutoscaler`, 'does not scale its Deployment');
    else if (!(hpa.spec.minReplicas >= 2))
      fail(`${name} HorizontalPodAutoscaler`, 'fewer than 2 replicas');
  } else if (!(deployment.spec.replicas >= 2)) fail(where, 'fewer than 2 replicas');

  // 3. Port and probes.
  const container = pod.spec.containers.find((c) => c.name === name);
  if (!container) {
    fail(where, `no container named ${name}`);
    continue;
  }
  const env = Object.fromEntries((container.env ?? []).map((e) => [e.name, e]));
  const http = container.ports?.find((p) => p.name === 'http');
  if (String(http?.containerPort) !== env.PORT?.value)
    fail(where, `container port ${http?.containerPort} is not its PORT ${env.PORT?.value}`);
  // The gateway's /health includes every internal service: its readiness is its own answer.
  const probes = {
    readinessProbe: name === 'gateway' ? '/health/live' : '/health',
    livenessProbe: '/health/live',
    startupProbe: '/health/live',
  };
  for (const [probe, path] of Object.entries(probes)) {
    const get = container[probe]?.httpGet;
    if (get?.path !== path || get?.port !== 'http')
      fail(where, `${probe} is not GET ${path} on http`);
  }

  // 4. Memory from the measured idle resident size.
  const request = mib(container.resources?.requests?.memory);
  const limit = mib(container.resources?.limits?.memory);
  const idle = Math.max(rss.fresh[name], rss.idle_after_load[name]);
  if (!(request >= idle))
    fail(where, `memory request ${request} MiB is below its measured ${idle} MiB`);
  if (!(limit > request)) fail(where, `memory limit ${limit} MiB is not above its request`);

  // 5. The same variables as compose; secrets from generated Secrets; its own key only.
  const composeEnv = Object.keys(compose.services[name].environment).sort();
  const k8sEnv = [...new Set([...Object.keys(sharedConfig), ...Object.keys(env)])].sort();
  const missing = composeEnv.filter((v) => !k8sEnv.includes(v));
  const extra = k8sEnv.filter((v) => !composeEnv.includes(v));
  if (missing.length) fail(where, `lacks ${missing.join(', ')} (set in docker-compose.yml)`);
  if (extra.length) fail(where, `sets ${extra.join(', ')} (not in docker-compose.yml)`);
  for (const e of container.env ?? []) {
    const ref = e.valueFrom?.secretKeyRef;
    if (ref && (ref.name !== 'mcs-secrets' || !secretsEnv.includes(ref.key)))
      fail(where, `${e.name} comes from ${ref.name}/${ref.key}, not a key of secrets.env.example`);
  }
  for (const volume of pod.spec.volumes ?? []) {
    if (volume.secret && (volume.secret.defaultMode ?? 0o644) & 0o007)
      fail(where, `others may read the key in ${volume.name}`);
    if (volume.secret && volume.secret.secretName !== `mcs-key-${name}`)
      fail(where, `mounts the secret ${volume.secret.secretName}, not its own key`);
    if (volume.secret && !generated.has(volume.secret.secretName))
      fail(where, `mounts ${volume.secret.secretName}, which the kustomization does not generate`);
    if (volume.configMap && !configMaps.has(volume.configMap.name))
      fail(where, `mounts the unknown ConfigMap ${volume.configMap.name}`);
  }
}

if (findings.length > 0) {
  process.stderr.write(`${findings.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(`${docs.length} Kubernetes resources in ${resources.length} files: valid\n`);
