import { num, type SealedColumns } from '@mcs/kit';
import type { ServiceConfigRecord, ServiceSettings, ServiceType } from '../domain/service-config';
import type { ServiceConfig } from '../generated/prisma/client';
import type { DbClient, Tx } from '../db';

function toRecord(row: ServiceConfig): ServiceConfigRecord {
  return {
    id: num(row.id),
    serviceType: row.serviceType as ServiceType,
    name: row.name,
    baseUrl: row.baseUrl,
    apiKeyEncrypted: row.apiKeyEncrypted,
    enabled: row.enabled,
    isMain: row.isMain,
    timeoutSeconds: row.timeoutSeconds,
    verifyTls: row.verifyTls,
    options: (row.options ?? {}) as Record<string, unknown>,
    lastOkAt: row.lastOkAt,
    lastError: row.lastError,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The columns sealed with the SecretBox, for `pnpm secrets:reencrypt` (src/reencrypt.ts). */
export const SEALED_COLUMNS: SealedColumns[] = [
  { table: 'service_configs', key: 'id', columns: ['api_key_encrypted'] },
];

export async function listServiceConfigs(db: DbClient): Promise<ServiceConfigRecord[]> {
  const rows = await db.serviceConfig.findMany({ orderBy: { id: 'asc' } });
  return rows.map(toRecord);
}

export async function findServiceConfig(
  db: DbClient,
  id: number,
): Promise<ServiceConfigRecord | null> {
  const row = await db.serviceConfig.findUnique({ where: { id: BigInt(id) } });
  return row ? toRecord(row) : null;
}

export async function findMainServer(db: DbClient): Promise<ServiceConfigRecord | null> {
  const row = await db.serviceConfig.findFirst({ where: { isMain: true, enabled: true } });
  return row ? toRecord(row) : null;
}

export async function enabledOfType(
  db: DbClient,
  types: readonly ServiceType[],
): Promise<ServiceConfigRecord[]> {
  const rows = await db.serviceConfig.findMany({
    where: { enabled: true, serviceType: { in: [...types] } },
    orderBy: { id: 'asc' },
  });
  return rows.map(toRecord);
}

/**
 * Serialises, until the transaction ends, the transactions that read the main server state to
 * publish it (catalog.main_server_changed).
 */
export async function lockMainServerState(tx: Tx): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('catalog:main_server'))`;
}

/** Demotes the current main server (another one is about to become main). */
export async function clearMain(db: DbClient, exceptId: number | null): Promise<number | null> {
  const current = await db.serviceConfig.findFirst({ where: { isMain: true } });
  if (!current || num(current.id) === exceptId) return null;
  await db.serviceConfig.update({ where: { id: current.id }, data: { isMain: false } });
  return num(current.id);
}

export async function saveServiceConfig(
  db: DbClient,
  id: number | undefined,
  settings: ServiceSettings,
  apiKeyEncrypted: string | undefined,
  check: { okAt: Date } | null,
): Promise<ServiceConfigRecord> {
  const data = {
    serviceType: settings.serviceType,
    name: settings.name,
    baseUrl: settings.baseUrl,
    enabled: settings.enabled,
    isMain: settings.isMain,
    timeoutSeconds: settings.timeoutSeconds,
    verifyTls: settings.verifyTls,
    options: settings.options as object,
    ...(apiKeyEncrypted ? { apiKeyEncrypted } : {}),
    ...(check ? { lastOkAt: check.okAt, lastError: null } : {}),
    updatedAt: new Date(),
  };
  const row =
    id === undefined
      ? await db.serviceConfig.create({ data: { ...data, apiKeyEncrypted: apiKeyEncrypted ?? '' } })
      : await db.serviceConfig.update({ where: { id: BigInt(id) }, data });
  return toRecord(row);
}

/** File operations that have not ended yet hold their service (it cannot be deleted). */
const ACTIVE_OPERATION_STATUSES = ['queued', 'running', 'verifying'];

export async function hasActiveOperations(db: DbClient, serviceId: number): Promise<boolean> {
  const count = await db.fileOperation.count({
    where: { serviceConfigId: BigInt(serviceId), status: { in: ACTIVE_OPERATION_STATUSES } },
  });
  return count > 0;
}

export async function deleteServiceConfig(db: DbClient, id: number): Promise<void> {
  await db.serviceConfig.delete({ where: { id: BigInt(id) } });
}

/** Records the outcome of talking to a service (sync, connection test). */
export async function recordServiceHealth(
  db: DbClient,
  id: number,
  outcome: { okAt: Date } | { error: string },
): Promise<void> {
  await db.serviceConfig.updateMany({
    where: { id: BigInt(id) },
    data:
      'okAt' in outcome
        ? { lastOkAt: outcome.okAt, lastError: null }
        : { lastError: outcome.error },
  });
}
