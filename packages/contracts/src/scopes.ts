/**
 * The nine scopes of the external API (external-api.md 1.4) and the only three implications
 * between them: the gateway grants by them, and every service checks by them again.
 */
export const SCOPES = [
  'system:read',
  'media:read',
  'candidates:read',
  'candidates:manage',
  'events:read',
  'protections:read',
  'protections:manage',
  'tasks:read',
  'tasks:run',
] as const;

export type Scope = (typeof SCOPES)[number];

const IMPLIES: Partial<Record<Scope, Scope>> = {
  'candidates:manage': 'candidates:read',
  'protections:manage': 'protections:read',
  'tasks:run': 'tasks:read',
};

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Stored scopes plus their implications, sorted, without duplicates. */
export function effectiveScopes(granted: readonly string[]): string[] {
  const all = new Set(granted);
  for (const scope of granted) {
    const implied = IMPLIES[scope as Scope];
    if (implied) all.add(implied);
  }
  return [...all].sort();
}
