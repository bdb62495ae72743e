import type { Router } from 'express';
import type { FeedQuery } from './feed-query.service';
import { readFeedRequest } from './feed-request';

/** The event feed (external-api.md §2.5), served behind the gateway (scope events:read). */
export function feedRoutes(api: Router, services: { feed: FeedQuery }): void {
  api.get('/v1/events', async (req, res) => {
    res.type('application/json').send(await services.feed.list(readFeedRequest(req.query)));
  });
}
