import type { Schemas } from '../../../api/client';

/** The nine scopes of external-api.md §1.4; a Record so a new contract scope fails to compile. */
const SCOPE_DESCRIPTIONS: Record<Schemas['Scope'], string> = {
  'system:read': 'Read the system status.',
  'media:read': 'Read movies and series.',
  'candidates:read': 'Read cleanup candidates.',
  'candidates:manage': 'Cancel, postpone, reset timers and protect candidates (includes read).',
  'events:read': 'Read the event feed.',
  'protections:read': 'Read protections.',
  'protections:manage': 'Create and delete protections (includes read).',
  'tasks:read': 'Read tasks and their run history.',
  'tasks:run': 'Start enabled tasks (includes read).',
};

export const SCOPES = Object.entries(SCOPE_DESCRIPTIONS).map(([id, description]) => ({
  id: id as Schemas['Scope'],
  description,
}));
