/**
 * Every write call the simulator receives, in order, so tests can assert "one delete at the
 * simulator" and the benchmark can count calls. Reads are not recorded: there are millions.
 */
import type { SimSystem } from './options';

export interface WriteRecord {
  seq: number;
  system: SimSystem;
  method: string;
  /** Path below the system's prefix, without the query string. */
  path: string;
  query: Record<string, string>;
  body: unknown;
  /** HTTP status the simulator answered with. */
  status: number;
  at: string;
}

export class WriteRecorder {
  private readonly records: WriteRecord[] = [];

  record(entry: Omit<WriteRecord, 'seq' | 'at'>): void {
    this.records.push({ ...entry, seq: this.records.length + 1, at: new Date().toISOString() });
  }

  /** DELETE calls only. */
  list(system?: SimSystem): WriteRecord[] {
    return this.writes(system).filter((record) => record.method === 'DELETE');
  }

  /** Every write (POST, PUT, DELETE). */
  writes(system?: SimSystem): WriteRecord[] {
    return this.records.filter((record) => system === undefined || record.system === system);
  }

  clear(): void {
    this.records.length = 0;
  }
}
