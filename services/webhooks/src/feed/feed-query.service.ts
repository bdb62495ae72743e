import { BadRequest, type Clock } from '@mcs/kit';
import type { Db, Direct } from '../db';
import { feedPage } from '../domain/feed-page';
import { retentionCutoff } from '../domain/retention';
import { retentionDays, type WebhookSettings } from '../settings/webhook-settings';
import { feedJson } from './event.view';
import type { FeedRequest } from './feed-request';
import { feedRepository } from './feed.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/v1/events (events-webhooks.md §2): matching events after the cursor, oldest first.
 * Gapless because writers commit in position order (docs/decisions/010-gapless-feed.md), so one
 * statement's snapshot never holds a position above one that is still to commit.
 */
export class FeedQuery {
  constructor(
    private readonly deps: { db: Db; direct: Direct; clock: Clock; settings: WebhookSettings },
  ) {}

  /** The page as the JSON text of an EventFeed. */
  async list(request: FeedRequest): Promise<string> {
    const days = await retentionDays(this.deps.settings);
    const notBefore = retentionCutoff(this.deps.clock(), days);
    const afterPosition = await this.resolveCursor(request.cursor, notBefore);
    // One row more than asked says whether more matching events exist (§2.5). Through plain pg:
    // a page is up to 501 rows of JSON text, which Prisma's raw results cost more to hand over
    // than PostgreSQL to build (decision 029).
    const rows = await feedRepository.page(
      this.deps.direct,
      { ...request, afterPosition, notBefore },
      request.limit + 1,
    );
    return feedJson(feedPage(rows, request.limit, request.cursor));
  }

  /** The position after which the page starts: 0 without a cursor (oldest retained event). */
  private async resolveCursor(cursor: string | null, notBefore: Date): Promise<bigint> {
    if (cursor === null) return 0n;
    const found = UUID.test(cursor) ? await feedRepository.cursor(this.deps.db, cursor) : null;
    if (!found)
      throw new BadRequest('invalid_cursor', 'The cursor is not the id of a known event.');
    if (found.occurredAt < notBefore)
      throw new BadRequest(
        'invalid_cursor',
        'The cursor points at an event older than the retention window; restart without a cursor or with occurred_after.',
      );
    return found.position;
  }
}
