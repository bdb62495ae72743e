/**
 * Answers with the faults applied that live in the body: malformed JSON, empty libraries,
 * truncated paging and sentinel dates. Big lists are streamed in chunks with backpressure,
 * never built as one string.
 */
import { once } from 'node:events';
import type { Response } from 'express';
import type { SimSystem } from '../options';
import type { Sim } from './sim';

export function sendJson(res: Response, sim: Sim, system: SimSystem, value: unknown): void {
  const text = JSON.stringify(value);
  res.type('application/json');
  res.send(sim.faults.takeMalformed(system) ? cut(text) : text);
}

/** A JSON document broken the way a dropped proxy connection breaks it. */
function cut(text: string): string {
  return text.slice(0, Math.max(1, Math.floor(text.length / 2)));
}

const CHUNK_ITEMS = 200;

export async function streamJsonArray(
  res: Response,
  sim: Sim,
  system: SimSystem,
  length: number,
  render: (position: number) => unknown,
): Promise<void> {
  const count = sim.faults.of(system).emptyLibrary ? 0 : length;
  const malformed = sim.faults.takeMalformed(system);
  res.type('application/json');
  res.write('[');
  for (let start = 0; start < count; start += CHUNK_ITEMS) {
    if (res.destroyed) return;
    if (malformed && start >= count / 2) break;
    const parts: string[] = [];
    for (let p = start; p < Math.min(count, start + CHUNK_ITEMS); p++)
      parts.push(JSON.stringify(render(p)));
    const chunk = (start === 0 ? '' : ',') + parts.join(',');
    if (!res.write(chunk)) await once(res, 'drain');
  }
  res.end(malformed ? '' : ']');
}

/** The window of a paged list after the empty-library and empty-pages faults. */
export function window(sim: Sim, system: SimSystem, total: number, start: number, limit: number) {
  const faults = sim.faults.of(system);
  const reported = faults.emptyLibrary ? 0 : total;
  const truncated = faults.emptyPagesFrom !== null && start >= faults.emptyPagesFrom;
  const from = Math.max(0, start);
  const to = truncated ? from : Math.min(reported, from + Math.max(0, limit));
  return { total: reported, from, to: Math.max(from, to) };
}

export type DateStyle = 'dotnet' | 'iso' | 'epoch';

/** Jellyfin's 7-digit fractions, plain ISO (Arr, Seerr) or epoch seconds (Plex). */
export function dateOut(
  sim: Sim,
  system: SimSystem,
  ms: number | null,
  style: DateStyle,
): string | number | null {
  const sentinel = sim.faults.of(system).sentinelDates;
  if (style === 'epoch') return sentinel ? 0 : ms === null ? null : Math.floor(ms / 1000);
  if (sentinel) {
    if (style === 'dotnet') return '0001-01-01T00:00:00.0000000Z';
    // .NET servers (Arr) use DateTime.MinValue; Seerr is JavaScript and falls back to epoch.
    return system === 'seerr' ? '1970-01-01T00:00:00.000Z' : '0001-01-01T00:00:00Z';
  }
  if (ms === null) return null;
  const iso = new Date(ms).toISOString();
  return style === 'dotnet' ? iso.replace(/\.(\d{3})Z$/, '.$10000Z') : iso;
}

export function intParam(value: unknown, fallback: number): number {
  const n = typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}
