/** The mass-deletion circuit breaker (domain.md 6.2). */
export interface BreakerLimits {
  /** 0 disables this limb. */
  maxItems: number;
  /** 1 disables this limb. */
  maxShare: number;
}

/** The limits of general settings (domain.md 11): `auto_delete_breaker_max_items` / `_max_share`. */
export function breakerLimits(settings: {
  auto_delete_breaker_max_items: number;
  auto_delete_breaker_max_share: number;
}): BreakerLimits {
  return {
    maxItems: settings.auto_delete_breaker_max_items,
    maxShare: settings.auto_delete_breaker_max_share,
  };
}

export interface BreakerInput {
  /** Candidates the run would act on destructively (unmonitor_only excluded). */
  items: number;
  /** Files those operations would remove or move. */
  files: number;
  /** Live movie versions + live episode files. */
  libraryFiles: number;
}

export interface BreakerVerdict {
  tripped: boolean;
  items: number;
  files: number;
  share: number;
}

export function checkBreaker(input: BreakerInput, limits: BreakerLimits): BreakerVerdict {
  const share =
    input.libraryFiles === 0 ? (input.files > 0 ? 1 : 0) : input.files / input.libraryFiles;
  const tooMany = limits.maxItems > 0 && input.items > limits.maxItems;
  const tooLarge = limits.maxShare < 1 && share > limits.maxShare;
  return { tripped: tooMany || tooLarge, items: input.items, files: input.files, share };
}

/** An administrator's confirmation of a tripped breaker that no run has used yet. */
export interface OpenConfirmation {
  jobId: number;
  candidateIds: number[];
}

/**
 * The confirmations a run that went ahead has used up: those it acted on at least one of, and
 * those none of whose candidates is eligible any more (nothing is left to act on). One whose
 * candidates were eligible but held back this time (playing now, a source unavailable) waits
 * for the next run, until it expires.
 */
export function usedConfirmations(
  open: readonly OpenConfirmation[],
  queued: ReadonlySet<number>,
  eligible: ReadonlySet<number>,
): OpenConfirmation[] {
  return open.filter(
    (c) =>
      c.candidateIds.some((id) => queued.has(id)) || !c.candidateIds.some((id) => eligible.has(id)),
  );
}
