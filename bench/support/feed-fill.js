'use strict';
// Stored feed events for the benchmarks that need a full feed (bench/webhooks, bench/api).

/**
 * One batch of stored events, positions `from`..`to`, shaped as cleanup's records
 * (test/support/events.ts): a mix of the 11 types, 70 % movies, occurred_at rising with the
 * position over the 80 days before the fill (inside the 90-day default retention).
 */
const FEED_FILL_SQL = `
WITH s AS (
  SELECT g AS position, gen_random_uuid() AS id, random() AS r,
         CASE WHEN random() < 0.7 THEN 'movie' ELSE 'series' END AS media_type,
         1 + floor(random() * 50000)::bigint AS cid,
         $3::timestamptz + (g - 1) * ($4::float8 * interval '1 millisecond') AS at
    FROM generate_series($1::bigint, $2::bigint) AS g
), t AS (
  SELECT s.*,
         CASE WHEN r < 0.30 THEN 'candidate.scheduled'   WHEN r < 0.40 THEN 'candidate.canceled'
              WHEN r < 0.45 THEN 'candidate.postponed'   WHEN r < 0.50 THEN 'candidate.timer_reset'
              WHEN r < 0.55 THEN 'candidate.protected'   WHEN r < 0.75 THEN 'candidate.deleted'
              WHEN r < 0.78 THEN 'candidate.moved'       WHEN r < 0.81 THEN 'candidate.unmonitored'
              WHEN r < 0.83 THEN 'candidate.unmonitored_only'
              WHEN r < 0.93 THEN 'protection.created'    ELSE 'protection.removed' END AS type,
         to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS iso,
         CASE WHEN media_type = 'movie' THEN 'movies' ELSE 'series' END AS media_path
    FROM s
), u AS (
  SELECT t.*, type LIKE 'protection.%' AS protection,
         type IN ('candidate.scheduled', 'candidate.deleted', 'candidate.moved',
                  'candidate.unmonitored', 'candidate.unmonitored_only') AS system,
         1000 + cid % 5000 AS media_id
    FROM t
)
INSERT INTO events (id, position, type, occurred_at, candidate_id, actor_type, actor_id, payload,
                    media_type, operation_id)
SELECT id, position, type, at,
       CASE WHEN protection THEN NULL ELSE cid END,
       CASE WHEN system THEN 'system' ELSE 'api_token' END,
       CASE WHEN system THEN NULL ELSE 4 END,
       jsonb_build_object('schema_version', 1, 'id', id, 'type', type, 'occurred_at', iso) ||
       CASE WHEN protection THEN jsonb_build_object(
         'protection', jsonb_build_object(
           'id', cid, 'media_type', media_type, 'scope', media_type, 'media_id', media_id,
           'movie_version_id', NULL, 'series_id', CASE WHEN media_type = 'series' THEN media_id END,
           'season_id', NULL, 'season_number', NULL, 'episode_id', NULL, 'episode_number', NULL,
           'title', 'The Expanse', 'year', 2015, 'tmdb_id', 63639, 'source', 'api',
           'reason', 'Rewatch planned', 'permanent', true, 'expires_at', NULL, 'active', true,
           'created_at', iso, 'updated_at', iso),
         'links', CASE WHEN type = 'protection.created'
           THEN jsonb_build_object('self', '/api/v1/protections/' || cid,
                                   'media', '/api/v1/' || media_path || '/' || media_id)
           ELSE jsonb_build_object('collection', '/api/v1/protections',
                                   'media', '/api/v1/' || media_path || '/' || media_id) END)
       ELSE jsonb_build_object(
         'candidate', jsonb_build_object(
           'id', cid, 'media_type', media_type, 'scope', media_type, 'media_id', media_id,
           'movie_version_id', NULL, 'series_id', CASE WHEN media_type = 'series' THEN media_id END,
           'season_id', NULL, 'season_number', NULL, 'episode_id', NULL, 'episode_number', NULL,
           'title', 'Fight Club', 'year', 1999, 'tmdb_id', 550, 'matched_rule_ids', '[3]'::jsonb,
           'reason', 'Not watched for 400 days', 'delete_operation', 'delete', 'created_at', iso,
           'auto_delete_state', 'scheduled', 'auto_delete_delay_days', 14,
           'auto_delete_eligible_at', iso, 'auto_delete_is_active', true,
           'auto_delete_is_eligible', false, 'auto_delete_cancelled_at', NULL,
           'auto_delete_postponed_until', NULL, 'auto_delete_timer_started_at', NULL,
           'lifecycle_reason', NULL, 'lifecycle_updated_at', NULL, 'blockers', '[]'::jsonb),
         'links', jsonb_build_object('self', '/api/v1/candidates/' || cid,
                                     'media', '/api/v1/' || media_path || '/' || media_id))
       END,
       media_type,
       CASE WHEN type IN ('candidate.deleted', 'candidate.moved', 'candidate.unmonitored',
                          'candidate.unmonitored_only') THEN position END
  FROM u`;

module.exports = { FEED_FILL_SQL };
