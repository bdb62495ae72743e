import { Conflict, Invalid, NotFound, Unprocessable, type Clock, type SecretBox } from '@mcs/kit';
import type { Db } from '../db';
import {
  isMediaServer,
  planSave,
  type SaveRefusal,
  type SaveServiceRequest,
  type ServiceConfigRecord,
  type ServiceSettings,
} from '../domain/service-config';
import type { ClientFactory } from '../integrations/client-factory';
import type { ServerLibrary } from '../integrations/records';
import type { MainServerEvents } from './main-server-events';
import type { MediaEvents } from '../messaging/media-events';
import { raiseAlert } from '../alerts/alert.repository';
import { librariesOf, setLibrariesEnabled, syncLibraries } from './library.repository';
import {
  clearMain,
  deleteServiceConfig,
  findServiceConfig,
  hasActiveOperations,
  listServiceConfigs,
  saveServiceConfig,
} from './service-settings.repository';
import { serviceView, type ServiceView } from './service-settings.view';

/** Service settings (internal-api.md 6.2): credentials sealed at rest and never returned. */
export class ServiceSettingsService {
  constructor(
    private readonly deps: {
      db: Db;
      box: SecretBox;
      clients: ClientFactory;
      mainServer: MainServerEvents;
      events: MediaEvents;
      clock: Clock;
    },
  ) {}

  async list(): Promise<{ items: ServiceView[]; has_main_server: boolean }> {
    const services = await listServiceConfigs(this.deps.db);
    const libraries = await librariesOf(
      this.deps.db,
      services.map((service) => service.id),
    );
    return {
      items: services.map((service) => serviceView(service, libraries)),
      has_main_server: services.some((service) => service.isMain && service.enabled),
    };
  }

  /** Seed rule 10: a disabled service is stored untested; enabling one must connect first. */
  async save(request: SaveServiceRequest): Promise<{ created: boolean; view: ServiceView }> {
    const { db, box, events, clock } = this.deps;
    const existing = request.id === undefined ? null : await findServiceConfig(db, request.id);
    if (request.id !== undefined && !existing)
      throw new NotFound(`Service ${request.id} was not found.`);
    const plan = planSave(existing, request);
    if ('refusal' in plan) throw refusalError(plan.refusal);
    const libraries = plan.settings.enabled
      ? await this.connect(plan.settings, this.keyToTest(request, existing))
      : null;
    const now = clock();
    const saved = await db.$transaction(async (tx) => {
      if (plan.settings.isMain && (await clearMain(tx, existing?.id ?? null)) !== null)
        await raiseAlert(tx, events, MAIN_SERVER_CHANGED, now);
      const sealed = request.apiKey === undefined ? undefined : box.seal(request.apiKey);
      const record = await saveServiceConfig(
        tx,
        request.id,
        plan.settings,
        sealed,
        libraries ? { okAt: now } : null,
      );
      if (libraries && isMediaServer(record.serviceType))
        await syncLibraries(tx, record.id, libraries, now);
      const unknown = await setLibrariesEnabled(tx, record.id, request.libraries ?? []);
      if (unknown.length > 0) throw unknownLibraries(request.libraries ?? [], unknown);
      await this.deps.mainServer.add(tx);
      return record;
    });
    return { created: !existing, view: serviceView(saved, await librariesOf(db, [saved.id])) };
  }

  async delete(id: number): Promise<{ deleted: true; id: number }> {
    const { db, mainServer } = this.deps;
    const existing = await findServiceConfig(db, id);
    if (!existing) throw new NotFound(`Service ${id} was not found.`);
    if (existing.isMain)
      throw new Conflict(
        'main_server_required',
        'This is the main media server; make another server main before deleting it.',
      );
    if (await hasActiveOperations(db, id))
      throw new Conflict('file_operation_pending', 'A file operation of this service is pending.');
    // Its libraries, Arr references, playback users and source states go with it (cascade).
    await db.$transaction(async (tx) => {
      await deleteServiceConfig(tx, id);
      await mainServer.add(tx);
    });
    return { deleted: true, id };
  }

  /** The key the connection test sends: the one entered, else the stored one, if it opens. */
  private keyToTest(request: SaveServiceRequest, existing: ServiceConfigRecord | null): string {
    if (request.apiKey !== undefined) return request.apiKey;
    const stored = existing ? this.deps.clients.storedKey(existing) : null;
    if (stored === null)
      throw new Conflict(
        'secrets_unreadable',
        `Service ${request.id} has an API key sealed under a key ENCRYPTION_KEYS no longer holds: enter its API key again.`,
      );
    return stored;
  }

  private async connect(settings: ServiceSettings, apiKey: string): Promise<ServerLibrary[]> {
    const result = await this.deps.clients.testConnection({ ...settings, apiKey });
    if (!result.ok)
      throw new Unprocessable(
        'connection_failed',
        `The connection test failed: ${result.failure}. Nothing was saved.`,
      );
    return result.libraries;
  }
}

const MAIN_SERVER_CHANGED = {
  kind: 'main_server_changed',
  severity: 'warning',
  title: 'Main media server changed',
  message: 'A different main media server was assigned. Run resync_media to rebuild references.',
} as const;

function refusalError(refusal: SaveRefusal) {
  return refusal.status === 409
    ? new Conflict(refusal.code, refusal.detail)
    : new Invalid([{ in: 'body', name: refusal.field, message: refusal.detail }], refusal.detail);
}

function unknownLibraries(flags: { id: number }[], unknown: number[]) {
  return new Invalid(
    unknown.map((id) => ({
      in: 'body' as const,
      name: `libraries[${flags.findIndex((flag) => flag.id === id)}].id`,
      message: 'Not a library of this service.',
    })),
  );
}
