import type { InternalApi } from '@mcs/contracts';
import type { Logger } from '@mcs/kit';
import type { Db } from '../db';
import type { GatewaySettings } from '../settings/gateway-settings';
import { isNewer, parseRelease } from './release';
import { releaseCheckRepository } from './release-check.repository';
import type { FetchRelease } from './release-source';

type UpdateStatus = InternalApi.components['schemas']['UpdateStatus'];

interface Deps {
  db: Db;
  settings: GatewaySettings;
  clock: () => Date;
  log: Logger;
  /** The running version. */
  version: string;
  /** The release source (UPDATE_CHECK_URL) and how it is read. */
  releaseUrl: string;
  fetchRelease: FetchRelease;
}

/**
 * The optional release check (internal-api.md §3, domain.md §9): weekly housekeeping runs it
 * only while the administrator has `update_check_enabled` on, so an installation that never
 * turned it on never connects anywhere. GET /update-status reports its stored result and makes
 * no call itself.
 */
export class UpdateCheckService {
  constructor(private readonly deps: Deps) {}

  /** Housekeeping's part: 1 when a release was checked, 0 when off or the check failed. */
  async checkIfEnabled(): Promise<number> {
    const { settings, fetchRelease, releaseUrl, log, db, clock } = this.deps;
    if (!(await settings.current()).update_check_enabled) return 0;
    try {
      const release = parseRelease(await fetchRelease(releaseUrl));
      if (!release) throw new Error('the release source named no version');
      await releaseCheckRepository.save(db, {
        latestVersion: release.version,
        releaseUrl: release.url,
        checkedAt: clock(),
      });
      return 1;
    } catch (error) {
      // The last result stays; the next weekly run tries again.
      log.warn({ err: error }, 'release check failed');
      return 0;
    }
  }

  /** GET /update-status: nothing about a check while checks are off (internal-api.md §3). */
  async status(): Promise<UpdateStatus> {
    const { settings, db, version } = this.deps;
    const enabled = (await settings.current()).update_check_enabled;
    const last = enabled ? await releaseCheckRepository.get(db) : null;
    return {
      current_version: version,
      latest_version: last?.latestVersion ?? null,
      update_available: last ? isNewer(last.latestVersion, version) : null,
      checked_at: last?.checkedAt.toISOString() ?? null,
      check_enabled: enabled,
      release_url: last?.releaseUrl ?? null,
    };
  }
}
