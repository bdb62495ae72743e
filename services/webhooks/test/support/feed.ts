import type { ExternalApi } from '@mcs/contracts';
import type { World } from './world';

export type EventFeed = ExternalApi.components['schemas']['EventFeed'];
export type FeedEvent = ExternalApi.components['schemas']['Event'];

/** GET /api/v1/events with these query parameters. */
export function feed(world: World, query: Record<string, string | number> = {}) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) params.set(name, String(value));
  const search = params.size > 0 ? `?${params.toString()}` : '';
  return world.api<EventFeed>(`/api/v1/events${search}`);
}

/** Follows next_cursor from `cursor` until has_more is false; every item in order. */
export async function follow(
  world: World,
  query: Record<string, string | number> = {},
  cursor?: string,
): Promise<{ items: FeedEvent[]; cursor: string | null }> {
  const items: FeedEvent[] = [];
  let next: string | null = cursor ?? null;
  for (;;) {
    const page = await feed(world, { ...query, ...(next ? { cursor: next } : {}) });
    if (page.status !== 200) throw new Error(`feed answered ${page.status}`);
    items.push(...page.body.items);
    next = page.body.next_cursor;
    if (!page.body.has_more) return { items, cursor: next };
  }
}
