import { Invalid } from '@mcs/kit';

/**
 * How long a protection lasts, and how a reuse widens it (domain.md 7.2). Pure.
 */
export interface ProtectionTerms {
  permanent: boolean;
  expiresAt: Date | null;
  reason: string | null;
}

/** What a create-or-reuse asks for: `expiresAt` null means permanent. */
export interface RequestedTerms {
  expiresAt: Date | null;
  reason: string | null;
}

const DAY_MS = 86_400_000;

/** Active = permanent, or expiring in the future. Only active protections count anywhere. */
export function isActive(terms: Pick<ProtectionTerms, 'permanent' | 'expiresAt'>, now: Date) {
  return terms.permanent || (terms.expiresAt !== null && terms.expiresAt.getTime() > now.getTime());
}

/**
 * The changes a reuse makes, or null when nothing changes (then `updated_at` stays too):
 * permanent wins, an expiry only moves later, a non-empty reason replaces the stored one.
 */
export function widen(
  existing: ProtectionTerms,
  requested: RequestedTerms,
): Partial<ProtectionTerms> | null {
  const changes: Partial<ProtectionTerms> = {};
  if (!existing.permanent) {
    if (requested.expiresAt === null) Object.assign(changes, { permanent: true, expiresAt: null });
    else if (requested.expiresAt.getTime() > (existing.expiresAt?.getTime() ?? 0))
      changes.expiresAt = requested.expiresAt;
  }
  if (requested.reason !== null && requested.reason !== existing.reason)
    changes.reason = requested.reason;
  return Object.keys(changes).length > 0 ? changes : null;
}

export type DurationInput =
  { kind: 'days'; days: number } | { kind: 'permanent' } | { kind: 'until'; expiresAt: Date };

/** The exact duration set by the internal duration route (it may shorten; domain.md 7.5). */
export function termsFromDuration(
  input: DurationInput,
  now: Date,
): Pick<ProtectionTerms, 'permanent' | 'expiresAt'> {
  switch (input.kind) {
    case 'permanent':
      return { permanent: true, expiresAt: null };
    case 'days':
      return { permanent: false, expiresAt: new Date(now.getTime() + input.days * DAY_MS) };
    case 'until':
      assertFuture(input.expiresAt, now, 'expires_at');
      return { permanent: false, expiresAt: input.expiresAt };
  }
}

/** Time-dependent validation, checked after the idempotency replay check. */
export function assertFuture(value: Date, now: Date, field: string): void {
  if (value.getTime() <= now.getTime())
    throw new Invalid([{ in: 'body', name: field, message: 'Must be in the future.' }]);
}
