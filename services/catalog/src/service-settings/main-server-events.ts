import type { MessagePayload } from '@mcs/contracts';
import type { Clock } from '@mcs/kit';
import type { Tx } from '../db';
import type { ServiceConfigRecord } from '../domain/service-config';
import { findMainServer, lockMainServerState } from './service-settings.repository';
import type { MediaEvents } from '../messaging/media-events';

type MainServerChanged = MessagePayload<'catalog.main_server_changed'>;

/**
 * catalog.main_server_changed: whether a main media server exists and its type, from which the
 * scheduler refuses tasks that require one (domain.md 9). It carries the full state, so catalog
 * adds it on every save or delete of a service rather than working out whether this one
 * changed it: one code path, and a repeat is harmless because consumers keep the newest as_of.
 */
export class MainServerEvents {
  constructor(private readonly deps: { events: MediaEvents; clock: Clock }) {}

  /** Adds the state as `tx` sees it (its own writes included) to the outbox. */
  async add(tx: Tx): Promise<void> {
    // Held until commit: a concurrent save or report reads the state only after this one has
    // committed, so the state committed last also carries the newest as_of.
    await lockMainServerState(tx);
    const payload = mainServerChanged(await findMainServer(tx), this.deps.clock());
    await this.deps.events.add(tx, 'catalog.main_server_changed', payload);
  }
}

/** The event for the current main server (enabled and is_main), or for none (pure). */
export function mainServerChanged(main: ServiceConfigRecord | null, asOf: Date): MainServerChanged {
  const type = main?.serviceType;
  const serverType = type === 'jellyfin' || type === 'emby' || type === 'plex' ? type : null;
  return {
    has_main_server: serverType !== null,
    server_type: serverType,
    as_of: asOf.toISOString(),
  };
}
