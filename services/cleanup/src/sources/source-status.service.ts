import type { MessagePayload } from '@mcs/contracts';
import type { Clock } from '@mcs/kit';
import type { Db, Tx } from '../db';
import {
  FIELD_CATALOGUE,
  FRESHNESS_MS,
  lookupField,
  sourceAvailability,
  sourceLabel,
  sourcesAvailable,
  type FieldName,
  type RuleMediaType,
  type SourceAvailability,
} from '../domain/rules';
import {
  replaceSourceStatus,
  sourceStatuses,
  type SourceStatusWire,
} from './source-status.repository';

/** Data-source freshness for rule evaluation and the rule editor (domain.md 2.13, 3.10). */
export class SourceStatusService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  /** catalog's data-source states (media.source_status_changed), kept unless older. */
  async replace(tx: Tx, snapshot: MessagePayload<'media.source_status_changed'>): Promise<void> {
    await replaceSourceStatus(tx, snapshot);
  }

  /** What the evaluator gets: per source kind, available and fresh now. */
  async availability(): Promise<SourceAvailability> {
    return (await this.current()).availability;
  }

  /** The stored states, and the availability the evaluator derives from them now. */
  async current(): Promise<{ statuses: SourceStatusWire[]; availability: SourceAvailability }> {
    const statuses = await sourceStatuses(this.deps.db);
    return { statuses, availability: sourceAvailability(toInputs(statuses), this.deps.clock()) };
  }

  /**
   * `GET /api/rules/check-synced`: whether the data the given fields need (default: every
   * first-release field of the media type) is present and fresh, source by source.
   */
  async checkSynced(filter: { fields?: FieldName[]; mediaType?: RuleMediaType }) {
    const now = this.deps.clock();
    const statuses = await sourceStatuses(this.deps.db);
    const availability = sourceAvailability(toInputs(statuses), now);
    const fields = (filter.fields ?? allFields(filter.mediaType)).map((field) => {
      const spec = FIELD_CATALOGUE[field];
      return { field, source: sourceLabel(spec), available: sourcesAvailable(spec, availability) };
    });
    return {
      ready: fields.every((field) => field.available),
      sources: statuses.map((status) => ({
        source: status.source,
        service_config_id: status.service_config_id,
        state: status.state,
        reason: status.reason,
        last_success_at: status.last_success_at,
        stale: isStale(status, now),
      })),
      fields,
    };
  }
}

/** A name that came from outside, as a catalogue field, or null. */
export function catalogueField(name: string): FieldName | null {
  const found = lookupField(name);
  return found.kind === 'available' ? found.name : null;
}

function allFields(mediaType?: RuleMediaType): FieldName[] {
  return (Object.keys(FIELD_CATALOGUE) as FieldName[]).filter((field) => {
    if (!mediaType) return true;
    const { scopes } = FIELD_CATALOGUE[field];
    return mediaType === 'movie'
      ? scopes.includes('movie_version')
      : scopes.some((scope) => scope !== 'movie_version');
  });
}

function toInputs(statuses: SourceStatusWire[]) {
  return statuses.map((status) => ({
    source: status.source,
    state: status.state,
    lastSuccessAt: status.last_success_at === null ? null : new Date(status.last_success_at),
  }));
}

/** Connected and ok, but older than its source's freshness limit (domain.md 2.13). */
export function isStale(status: SourceStatusWire, now: Date): boolean {
  if (status.state !== 'ok') return false;
  const last = status.last_success_at;
  return last === null || now.getTime() - Date.parse(last) > FRESHNESS_MS[status.source];
}
