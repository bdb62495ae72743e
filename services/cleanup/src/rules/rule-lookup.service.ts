import { limitOffset, pageOf, type Paging } from '@mcs/kit';
import type { Db } from '../db';
import type { RuleMediaType } from '../domain/rules';
import { serverName } from '../domain/rules/inputs';
import {
  countryCounts,
  genreCounts,
  languageCounts,
  movieCollections,
  type NameCount,
  playbackUserList,
  seerrUsers,
  serverCollectionCounts,
} from './rule-lookup.repository';

export interface LookupFilter {
  mediaType?: RuleMediaType;
  search?: string;
}

// Display names from the runtime's ICU data: ISO 639-3 and 3166-1 alpha-2 codes in, English
// names out (an unknown code comes back as itself).
const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });
const COUNTRY_NAMES = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** The rule editor's value lookups (internal-api.md 10, seed rule 4). */
export class RuleLookupService {
  constructor(private readonly deps: { db: Db }) {}

  async genres(filter: LookupFilter) {
    return { items: await genreCounts(this.deps.db, filter) };
  }

  async serverCollections(filter: LookupFilter) {
    const rows = await serverCollectionCounts(this.deps.db, filter);
    return { items: rows.map(({ name, count }) => ({ name, item_count: count })) };
  }

  async languages(filter: LookupFilter, paging: Paging) {
    const rows = await languageCounts(this.deps.db, filter.mediaType);
    return codePage(rows, (code) => displayName(LANGUAGE_NAMES, code), filter.search, paging);
  }

  async countries(filter: LookupFilter, paging: Paging) {
    const rows = await countryCounts(this.deps.db, filter.mediaType);
    return codePage(rows, (code) => displayName(COUNTRY_NAMES, code), filter.search, paging);
  }

  async seerrUsers(search: string | undefined, paging: Paging) {
    const { items, total } = await seerrUsers(this.deps.db, search, limitOffset(paging));
    return pageOf(items, total, paging);
  }

  /** When a user was last seen is not part of what catalog sends, so it is null. */
  async playbackUsers(filter: { search?: string; serviceConfigId?: number }) {
    const users = await playbackUserList(this.deps.db, filter);
    return {
      items: users.map((user) => ({
        key: user.playback_user_key,
        service_config_id: user.service_config_id,
        server_name: serverName(user.service_type, user.service_config_id),
        server_type: user.service_type,
        external_user_id: user.external_user_id,
        username: user.username,
        last_seen_at: null,
      })),
    };
  }

  async movieCollections(search: string | undefined, paging: Paging) {
    const { items, total } = await movieCollections(this.deps.db, search, limitOffset(paging));
    return pageOf(items, total, paging);
  }
}

function displayName(names: Intl.DisplayNames, code: string): string {
  try {
    return names.of(code) ?? code;
  } catch {
    // Not a well-formed code for ICU: show it as it is.
    return code;
  }
}

/**
 * Codes with their names, searched in code or name (case-insensitive), ordered by name and
 * paged. There are a few hundred codes at most, so this happens after the query.
 */
function codePage(
  rows: NameCount[],
  nameOf: (code: string) => string,
  search: string | undefined,
  paging: Paging,
) {
  const needle = search?.toLowerCase();
  const all = rows
    .map(({ name: code, count }) => ({ code, name: nameOf(code), count }))
    .filter(
      ({ code, name }) =>
        !needle || code.toLowerCase().includes(needle) || name.toLowerCase().includes(needle),
    )
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.code.localeCompare(b.code));
  const { limit, offset } = limitOffset(paging);
  return pageOf(all.slice(offset, offset + limit), all.length, paging);
}
