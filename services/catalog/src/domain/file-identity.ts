/**
 * File identity across syncs (domain.md 1.11): which observed files are the versions (episode
 * files) already known, which are new, and why each known one that is not observed left.
 * Pure: the sync loads the item's live files, observes the server's list, and applies this.
 */
export interface KnownFile {
  id: number;
  path: string;
  sizeBytes: number | null;
  durationMs: number | null;
  /** "<instance>:<Radarr movieFile / Sonarr episodeFile id>" when an Arr file maps to it. */
  arrKey: string | null;
}

export interface ObservedFile {
  path: string;
  sizeBytes: number | null;
  durationMs: number | null;
  arrKey: string | null;
}

export interface FileIdentity {
  /** Observed index → known id; `renamed` when the path changed (id kept, events none). */
  matched: { observed: number; id: number; renamed: boolean }[];
  /** Observed indices that are new files (new ids). */
  added: number[];
  /** Known files not observed; `replacedBy` is an index into the observed list. */
  left: { id: number; cause: 'replaced' | 'left_library'; replacedBy: number | null }[];
}

const DURATION_TOLERANCE_MS = 2000;

/** Same size, and durations within ±2 s (or both unknown). */
export function sameFingerprint(a: ObservedFile | KnownFile, b: ObservedFile | KnownFile) {
  if (a.sizeBytes === null || a.sizeBytes !== b.sizeBytes) return false;
  if (a.durationMs === null || b.durationMs === null) return a.durationMs === b.durationMs;
  return Math.abs(a.durationMs - b.durationMs) <= DURATION_TOLERANCE_MS;
}

/** The stored fingerprint: size and duration rounded to whole seconds. */
export function fingerprintOf(file: { sizeBytes: number | null; durationMs: number | null }) {
  const seconds = file.durationMs === null ? '' : String(Math.round(file.durationMs / 1000));
  return `${file.sizeBytes ?? ''}:${seconds}`;
}

export function identifyFiles(known: KnownFile[], observed: ObservedFile[]): FileIdentity {
  const open = new Map(known.map((file) => [file.id, file]));
  const matchedAt = new Map<number, { id: number; renamed: boolean }>();
  const claim = (index: number, file: KnownFile) => {
    matchedAt.set(index, { id: file.id, renamed: file.path !== observed[index]?.path });
    open.delete(file.id);
  };
  const unmatched = () => observed.map((_, index) => index).filter((i) => !matchedAt.has(i));
  const find = (test: (file: KnownFile) => boolean) => [...open.values()].find(test);

  // 1. The same Arr file id in the same instance.
  for (const index of unmatched()) {
    const key = observed[index]?.arrKey;
    const file = key ? find((candidate) => candidate.arrKey === key) : undefined;
    if (file) claim(index, file);
  }
  // 2. Same path and same size: a metadata refresh.
  for (const index of unmatched()) {
    const seen = observed[index] as ObservedFile;
    const file = find((c) => c.path === seen.path && c.sizeBytes === seen.sizeBytes);
    if (file) claim(index, file);
  }
  // 3. Same fingerprint while the old path is gone: a rename.
  const observedPaths = new Set(observed.map((file) => file.path));
  for (const index of unmatched()) {
    const seen = observed[index] as ObservedFile;
    const file = find((c) => !observedPaths.has(c.path) && sameFingerprint(c, seen));
    if (file) claim(index, file);
  }
  // 4. Anything else is a new file; a known one left, replaced if something new came.
  const added = unmatched();
  const left = [...open.values()].map((file) => {
    const samePath = added.find((index) => observed[index]?.path === file.path);
    const replacedBy = samePath ?? added[0] ?? null;
    return { id: file.id, cause: replacedBy === null ? 'left_library' : 'replaced', replacedBy };
  }) as FileIdentity['left'];
  const matched = [...matchedAt].map(([index, match]) => ({ observed: index, ...match }));
  return { matched: matched.sort((a, b) => a.observed - b.observed), added, left };
}
