/**
 * Fault knobs, per system. Set programmatically (`faults.set({...}, ['jellyfin'])`) or over
 * HTTP (`POST /__sim/faults`). Counters (`nextErrors`, `nextTimeouts`, `nextMalformed`) count
 * down per request; rates draw from a seeded sequence so a run is repeatable.
 */
import { SIM_SYSTEMS, type SimSystem } from './options';
import { sequence } from './prng';

export interface FaultSettings {
  /** Added before every answer. */
  latencyMs: number;
  /** Share of requests answered with `errorStatus` (0…1). */
  errorRate: number;
  errorStatus: number;
  /** The next N requests are answered with `errorStatus`. */
  nextErrors: number;
  /** The next N requests are never answered. */
  nextTimeouts: number;
  /** No request is answered. */
  hang: boolean;
  /** Lists report an empty library (total 0): the "server suddenly empty" case. */
  emptyLibrary: boolean;
  /** Pages starting at or after this offset come back empty while totals stay (truncated paging). */
  emptyPagesFrom: number | null;
  /** Dates are sent as the system's sentinel (`0001-01-01T00:00:00`, epoch 0, …). */
  sentinelDates: boolean;
  /** Every JSON answer is cut off mid-document. */
  malformedJson: boolean;
  /** The next N JSON answers are cut off. */
  nextMalformed: number;
}

export const NO_FAULTS: FaultSettings = {
  latencyMs: 0,
  errorRate: 0,
  errorStatus: 500,
  nextErrors: 0,
  nextTimeouts: 0,
  hang: false,
  emptyLibrary: false,
  emptyPagesFrom: null,
  sentinelDates: false,
  malformedJson: false,
  nextMalformed: 0,
};

export type FaultAction = { kind: 'none' } | { kind: 'error'; status: number } | { kind: 'hang' };

export class Faults {
  private readonly settings = new Map<SimSystem, FaultSettings>();
  private readonly random: () => number;

  constructor(seed: number) {
    this.random = sequence(seed ^ 0x5eed);
    this.reset();
  }

  /** Merges settings into the listed systems (all when omitted). */
  set(partial: Partial<FaultSettings>, systems: readonly SimSystem[] = SIM_SYSTEMS): void {
    for (const system of systems) this.settings.set(system, { ...this.of(system), ...partial });
  }

  reset(): void {
    for (const system of SIM_SYSTEMS) this.settings.set(system, { ...NO_FAULTS });
  }

  of(system: SimSystem): FaultSettings {
    return this.settings.get(system) ?? { ...NO_FAULTS };
  }

  snapshot(): Record<SimSystem, FaultSettings> {
    return Object.fromEntries(SIM_SYSTEMS.map((system) => [system, this.of(system)])) as Record<
      SimSystem,
      FaultSettings
    >;
  }

  /** Decides what happens to the next request of a system, consuming counters. */
  next(system: SimSystem): FaultAction {
    const f = this.of(system);
    if (f.hang) return { kind: 'hang' };
    if (f.nextTimeouts > 0) {
      f.nextTimeouts--;
      return { kind: 'hang' };
    }
    if (f.nextErrors > 0) {
      f.nextErrors--;
      return { kind: 'error', status: f.errorStatus };
    }
    if (f.errorRate > 0 && this.random() < f.errorRate)
      return { kind: 'error', status: f.errorStatus };
    return { kind: 'none' };
  }

  /** Whether the JSON answer about to be sent should be cut off. */
  takeMalformed(system: SimSystem): boolean {
    const f = this.of(system);
    if (f.malformedJson) return true;
    if (f.nextMalformed > 0) {
      f.nextMalformed--;
      return true;
    }
    return false;
  }
}
