-- 10 000 candidates over a matching library: 5 000 movies (one version each, 5 000 version
-- candidates) and 100 series of 5 seasons of 10 episodes (5 000 episode candidates), in
-- cleanup's projection and in catalog, with a main media server, Radarr and Sonarr configured
-- (unreachable: nothing in the bench syncs). Rules 1 and 2 are created through the API.
SET search_path TO cleanup;
INSERT INTO media_items (media_type, media_id, tmdb_id, title, year, facts, as_of)
SELECT 'movie', i, 100000 + i, 'Movie ' || i, 1950 + i % 70, '{}', now()
  FROM generate_series(1, 5000) i;
INSERT INTO media_items (media_type, media_id, tmdb_id, title, year, facts, as_of)
SELECT 'series', 100000 + i, 900000 + i, 'Series ' || i, 1990 + i % 30, '{}', now()
  FROM generate_series(1, 100) i;
INSERT INTO movie_versions (id, movie_id, file_name, size_bytes, resolution, video_codec, hdr, dolby_vision, facts)
SELECT i, i, 'file-' || i || '.mkv', 20000000000, '1080p', 'hevc', false, false, '{}'
  FROM generate_series(1, 5000) i;
INSERT INTO seasons (id, series_id, season_number, facts)
SELECT i, 100000 + (i - 1) / 5 + 1, (i - 1) % 5 + 1, '{}' FROM generate_series(1, 500) i;
INSERT INTO episodes (id, series_id, season_id, season_number, episode_number, episode_file_id, facts)
SELECT i, 100000 + (i - 1) / 50 + 1, (i - 1) / 10 + 1, ((i - 1) / 10) % 5 + 1,
       (i - 1) % 10 + 1, 4000000 + i, '{}'
  FROM generate_series(1, 5000) i;
-- Created over the last 60 days; 80 % configured (delays 7, 14 or 30 days), 5 % canceled,
-- 5 % postponed, 10 % with a reset timer.
WITH shape AS (
  SELECT i, now() - make_interval(secs => (i * 7919) % (60 * 86400)) AS created
    FROM generate_series(1, 10000) i
)
INSERT INTO candidates (media_type, scope, media_id, movie_version_id, series_id, season_id,
    season_number, episode_id, episode_number, matched_rule_ids, matched_criteria, reason,
    estimated_space_bytes, delete_operation, auto_delete_configured, auto_delete_delay_days,
    auto_delete_timer_started_at, auto_delete_postponed_until, auto_delete_cancelled_at,
    created_at, updated_at, last_matched_at)
SELECT CASE WHEN i <= 5000 THEN 'movie' ELSE 'series' END,
       CASE WHEN i <= 5000 THEN 'version' ELSE 'episode' END,
       CASE WHEN i <= 5000 THEN i ELSE 100000 + (i - 5001) / 50 + 1 END,
       CASE WHEN i <= 5000 THEN i END,
       CASE WHEN i > 5000 THEN 100000 + (i - 5001) / 50 + 1 END,
       CASE WHEN i > 5000 THEN (i - 5001) / 10 + 1 END,
       CASE WHEN i > 5000 THEN ((i - 5001) / 10) % 5 + 1 END,
       CASE WHEN i > 5000 THEN i - 5000 END,
       CASE WHEN i > 5000 THEN (i - 5001) % 10 + 1 END,
       ARRAY[CASE WHEN i <= 5000 THEN 1 ELSE 2 END]::bigint[], '{}',
       'Not watched for 400 days; larger than 20 GB', 20000000000, 'delete',
       i % 5 <> 0, (ARRAY[7, 14, 30])[i % 3 + 1],
       CASE WHEN i % 10 = 3 THEN created + interval '5 days' END,
       CASE WHEN i % 20 = 7 THEN now() + make_interval(days => i % 40 + 1) END,
       CASE WHEN i % 20 = 11 THEN created + interval '1 day' END,
       created, created, created
  FROM shape;

SET search_path TO catalog;
INSERT INTO service_configs (id, service_type, name, base_url, api_key_encrypted, enabled, is_main)
VALUES (1, 'jellyfin', 'Jellyfin', 'http://127.0.0.1:9', 'x', true, true),
       (2, 'radarr', 'Radarr', 'http://127.0.0.1:9', 'x', true, false),
       (3, 'sonarr', 'Sonarr', 'http://127.0.0.1:9', 'x', true, false);
INSERT INTO movies (id, tmdb_id, title, size_bytes)
SELECT i, 100000 + i, 'Movie ' || i, 20000000000 FROM generate_series(1, 5000) i;
INSERT INTO movie_versions (id, movie_id, path, file_name, size_bytes, fingerprint)
SELECT i, i, '/movies/' || i || '.mkv', i || '.mkv', 20000000000, 'f' || i
  FROM generate_series(1, 5000) i;
INSERT INTO series (id, tmdb_id, title, size_bytes)
SELECT 100000 + i, 900000 + i, 'Series ' || i, 1000000000000 FROM generate_series(1, 100) i;
INSERT INTO seasons (id, series_id, season_number)
SELECT i, 100000 + (i - 1) / 5 + 1, (i - 1) % 5 + 1 FROM generate_series(1, 500) i;
INSERT INTO episodes (id, series_id, season_id, season_number, episode_number)
SELECT i, 100000 + (i - 1) / 50 + 1, (i - 1) / 10 + 1, ((i - 1) / 10) % 5 + 1, (i - 1) % 10 + 1
  FROM generate_series(1, 5000) i;
