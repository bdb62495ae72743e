/**
 * How long a claimed delivery stays leased (events-webhooks.md §4.3 step 1): the endpoint's
 * total time limit plus a margin for the claim, building the request and recording the result.
 * A lease that outlives its worker (a crash mid-attempt) expires and the sweeper hands the
 * delivery out again.
 */
export const LEASE_MARGIN_SECONDS = 30;

/** The highest `timeout_seconds` an endpoint may have (its column's CHECK, §3.1). */
export const MAX_TIMEOUT_SECONDS = 120;
