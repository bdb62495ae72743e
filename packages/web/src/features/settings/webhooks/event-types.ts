import type { Schemas } from '../../../api/client';

export type EventType = Schemas['EventType'];

/** The eleven event types (events-webhooks §1.1) in contract order; a Record keeps it complete. */
const DESCRIPTIONS: Record<EventType, string> = {
  'candidate.scheduled': 'Automatic deletion of a candidate became active.',
  'candidate.canceled': 'A candidate was canceled.',
  'candidate.postponed': 'A candidate was postponed.',
  'candidate.timer_reset': 'A candidate’s timer was reset.',
  'candidate.protected': 'A candidate was protected.',
  'candidate.deleted': 'A candidate’s media was deleted.',
  'candidate.moved': 'A candidate’s files were moved.',
  'candidate.unmonitored': 'Files removed, item kept unmonitored.',
  'candidate.unmonitored_only': 'Item only unmonitored, files kept.',
  'protection.created': 'A protection was created.',
  'protection.removed': 'A protection was removed.',
};

export const EVENT_TYPES = Object.keys(DESCRIPTIONS) as EventType[];

export function eventDescription(type: EventType): string {
  return DESCRIPTIONS[type];
}

export function asEventType(value: string): EventType | undefined {
  return EVENT_TYPES.find((t) => t === value);
}
