/**
 * The values a template may use (events-webhooks.md §3.3), built per request from the stored
 * payload. Path values are passed in by the caller at send time and exist only in the rendered
 * request: they never come from, or go into, the stored event.
 */
import type { EventActor, EventPayload } from './event-types';

export type TemplateContext = ReadonlyMap<string, unknown>;

export type PathMode = 'original' | 'local' | 'destination';

/** File-operation paths from catalog's operation record; null where the operation has none. */
export interface PathValues {
  path: string | null;
  localPath: string | null;
  destinationPath: string | null;
}

export interface TemplateEvent {
  payload: EventPayload;
  actor: EventActor;
}

export function templateContext(
  event: TemplateEvent,
  paths: PathValues | null,
  pathMode: PathMode,
): TemplateContext {
  const { payload, actor } = event;
  const context = new Map<string, unknown>([
    ['schema_version', payload.schema_version],
    ['id', payload.id],
    ['type', payload.type],
    ['occurred_at', payload.occurred_at],
    ['action', payload.type.slice(payload.type.indexOf('.') + 1)],
    ['actor_type', actor.type],
    ['actor_id', actor.id],
    ['links_self', payload.links.self ?? null],
    ['links_media', payload.links.media ?? null],
    ['links_collection', payload.links.collection ?? null],
    ['path', paths ? pathFor(paths, pathMode) : null],
    ['local_path', paths?.localPath ?? null],
    ['destination_path', paths?.destinationPath ?? null],
  ]);
  const [prefix, object] =
    'candidate' in payload
      ? (['candidate', payload.candidate] as const)
      : (['protection', payload.protection] as const);
  for (const [field, value] of Object.entries(object)) {
    context.set(`${prefix}_${field}`, value);
    // Bare names never shadow an envelope value: {id} stays the event ID.
    if (!context.has(field)) context.set(field, value);
  }
  return context;
}

/** What `{path}` shows for each `path_mode`, falling back when the operation lacks a value. */
function pathFor(paths: PathValues, mode: PathMode): string | null {
  switch (mode) {
    case 'original':
      return paths.path;
    case 'local':
      return paths.localPath ?? paths.path;
    case 'destination':
      return paths.destinationPath ?? paths.localPath ?? paths.path;
  }
}
