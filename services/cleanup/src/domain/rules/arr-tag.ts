/**
 * The Radarr/Sonarr tag of a rule (domain.md 3.7): `mcs-<slug of the rule name>`, lower case,
 * `[a-z0-9-]`, at most 50 characters.
 */
export const ARR_TAG_MAX_LENGTH = 50;
const PREFIX = 'mcs-';

export function isValidArrTag(tag: string): boolean {
  return tag.length <= ARR_TAG_MAX_LENGTH && /^mcs-[a-z0-9-]+$/.test(tag);
}

/**
 * Accents are dropped (é → e) and every other run of characters outside [a-z0-9] becomes one
 * dash. A name with nothing left (only emoji or non-Latin script) gets `mcs-rule`. Two rules
 * may derive the same tag; the spec does not ask tags to be unique, and each rule still
 * tags only what it matched.
 */
export function deriveArrTag(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    // Dashes come one at a time from here on: only a leading or trailing one is left to drop.
    .replace(/^-|-$/g, '');
  const body = (slug === '' ? 'rule' : slug)
    .slice(0, ARR_TAG_MAX_LENGTH - PREFIX.length)
    .replace(/-$/, '');
  return `${PREFIX}${body}`;
}
