-- 200 000 candidates over a library of 50 000 movies (100 000 versions) and 5 000 series
-- (50 000 seasons, 1 000 000 episodes: issue 31's state), with every auto-delete state and
-- some protections.
SET search_path TO cleanup;

INSERT INTO media_items (media_type, media_id, tmdb_id, title, year, facts, as_of)
SELECT 'movie', i, 100000 + i, 'Movie ' || i, 1950 + i % 70, '{}', now()
  FROM generate_series(1, 50000) i;
INSERT INTO media_items (media_type, media_id, tmdb_id, title, year, facts, as_of)
SELECT 'series', i, 900000 + i, 'Series ' || i, 1990 + i % 30, '{}', now()
  FROM generate_series(1, 5000) i;
INSERT INTO movie_versions (id, movie_id, file_name, size_bytes, resolution, video_codec, hdr, dolby_vision, facts)
SELECT 1000000 + i, (i + 1) / 2, 'file-' || i || '.mkv', 20000000000, '1080p', 'hevc', false, false, '{}'
  FROM generate_series(1, 100000) i;
INSERT INTO seasons (id, series_id, season_number, facts)
SELECT 2000000 + i, (i - 1) / 10 + 1, (i - 1) % 10 + 1, '{}' FROM generate_series(1, 50000) i;
INSERT INTO episodes (id, series_id, season_id, season_number, episode_number, episode_file_id, facts)
SELECT 3000000 + i, (i - 1) / 200 + 1, 2000000 + (i - 1) / 20 + 1, ((i - 1) / 20) % 10 + 1,
       (i - 1) % 20 + 1, 4000000 + i, '{}'
  FROM generate_series(1, 1000000) i;

-- Half version candidates, half episode candidates (every tenth episode, k); created over the
-- last 60 days; 80 % configured (delays 7, 14 or 30 days), 5 % canceled, 5 % postponed, 10 %
-- with a reset timer.
WITH shape AS (
  SELECT i, now() - make_interval(secs => (i * 7919) % (60 * 86400)) AS created,
         (i * 31) % 20 + 1 AS rule_a, (i * 17) % 20 + 1 AS rule_b, (i - 100001) * 10 + 1 AS k
    FROM generate_series(1, 200000) i
)
INSERT INTO candidates (media_type, scope, media_id, movie_version_id, series_id, season_id,
    season_number, episode_id, episode_number, matched_rule_ids, matched_criteria, reason,
    estimated_space_bytes, delete_operation, auto_delete_configured, auto_delete_delay_days,
    auto_delete_timer_started_at, auto_delete_postponed_until, auto_delete_cancelled_at,
    created_at, updated_at, last_matched_at)
SELECT CASE WHEN i <= 100000 THEN 'movie' ELSE 'series' END,
       CASE WHEN i <= 100000 THEN 'version' ELSE 'episode' END,
       CASE WHEN i <= 100000 THEN (i + 1) / 2 ELSE (k - 1) / 200 + 1 END,
       CASE WHEN i <= 100000 THEN 1000000 + i END,
       CASE WHEN i > 100000 THEN (k - 1) / 200 + 1 END,
       CASE WHEN i > 100000 THEN 2000000 + (k - 1) / 20 + 1 END,
       CASE WHEN i > 100000 THEN ((k - 1) / 20) % 10 + 1 END,
       CASE WHEN i > 100000 THEN 3000000 + k END,
       CASE WHEN i > 100000 THEN (k - 1) % 20 + 1 END,
       ARRAY[least(rule_a, rule_b), greatest(rule_a, rule_b)]::bigint[], '{}',
       'Not watched for 400 days; larger than 20 GB', 20000000000, 'delete',
       i % 5 <> 0, (ARRAY[7, 14, 30])[i % 3 + 1],
       CASE WHEN i % 10 = 3 THEN created + interval '5 days' END,
       CASE WHEN i % 20 = 7 THEN now() + make_interval(days => i % 40 + 1) END,
       CASE WHEN i % 20 = 11 THEN created + interval '1 day' END,
       created, created, created
  FROM shape;

INSERT INTO protections (media_type, scope, media_id, source, reason, permanent, expires_at,
    created_by_type, created_by_id, created_at, updated_at)
SELECT 'movie', 'movie', i * 10, 'api', 'Keep', i % 5 <> 0,
       CASE WHEN i % 5 = 0 THEN now() - interval '1 day' END, 'api_token', 1, now(), now()
  FROM generate_series(1, 5000) i;
INSERT INTO protections (media_type, scope, media_id, series_id, season_id, season_number,
    source, reason, permanent, created_by_type, created_by_id, created_at, updated_at)
SELECT 'series', 'season', (i - 1) / 10 + 1, (i - 1) / 10 + 1, 2000000 + i, (i - 1) % 10 + 1,
       'manual', 'Rewatch', true, 'user', 1, now(), now()
  FROM generate_series(1, 50000, 7) i;
