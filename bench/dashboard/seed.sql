-- What the dashboard reads beyond bench/cleanup-candidates/seed.sql (200 000 candidates over
-- 50 000 movies and 5 000 series in cleanup): cleanup's receipts, requests, notices and alerts;
-- catalog's library of the same size with its disks and source states; the scheduler's runs.

-- ------------------------------------------------------------------ cleanup
SET search_path TO cleanup;
-- Receipts point at file operations; the bench needs the receipts only (FK checks off).
SET session_replication_role = replica;
INSERT INTO deletion_receipts (operation_id, outcome, trigger, action, approved_by, media_type,
    scope, media_id, title, files, rules, evidence, source_freshness, bytes_freed, warnings,
    created_at)
SELECT i, CASE WHEN i % 10 = 0 THEN 'failed' ELSE 'succeeded' END, 'auto', 'deleted',
       '{"type":"system"}', 'movie', 'version', i % 50000 + 1, 'Movie ' || i, '[]', '[]', '[]',
       '{}', CASE WHEN i % 10 = 0 THEN NULL ELSE 20000000000 END, '[]',
       now() - make_interval(secs => i * 1500)
  FROM generate_series(1, 20000) i;
SET session_replication_role = DEFAULT;
-- 5 000 protection and 2 000 delete requests by 500 users; 100 and 50 still pending.
INSERT INTO protection_requests (media_type, scope, media_id, requested_by_user_id, status,
    created_at, updated_at)
SELECT 'movie', 'movie', i * 7 % 50000 + 1, i % 500 + 2,
       CASE WHEN i % 50 = 0 THEN 'pending' ELSE 'approved' END, now(), now()
  FROM generate_series(1, 5000) i;
INSERT INTO delete_requests (media_type, scope, media_id, requested_by_user_id, status,
    created_at, updated_at)
SELECT 'movie', 'movie', i * 11 % 50000 + 1, i % 500 + 2,
       CASE WHEN i % 40 = 0 THEN 'pending' ELSE 'completed' END, now(), now()
  FROM generate_series(1, 2000) i;
-- 50 000 notices over 500 users, a tenth unread.
INSERT INTO notices (user_id, level, title, message, created_at, read_at)
SELECT i % 500 + 2, 'info', 'Protection request approved', 'Approved', now(),
       CASE WHEN i % 10 = 0 THEN NULL ELSE now() END
  FROM generate_series(1, 50000) i;
-- 500 alerts, 20 active.
INSERT INTO alerts (kind, subject, message, created_at, updated_at, resolved_at)
SELECT 'delete_failed', 'subject ' || i, 'Failed', now(), now(),
       CASE WHEN i % 25 = 0 THEN NULL ELSE now() END
  FROM generate_series(1, 500) i;

-- ------------------------------------------------------------------ catalog
SET search_path TO catalog;
INSERT INTO service_configs (id, service_type, name, base_url, api_key_encrypted, enabled, is_main)
VALUES (1, 'jellyfin', 'Jellyfin', 'http://jellyfin:8096', 'x', true, true),
       (2, 'radarr', 'Radarr', 'http://radarr:7878', 'x', true, false),
       (3, 'sonarr', 'Sonarr', 'http://sonarr:8989', 'x', true, false);
INSERT INTO arr_disks (service_config_id, disk_id, path, free_bytes, total_bytes, checked_at)
SELECT 2 + i % 2, 'disk-' || i, '/mnt/disk' || i, 1000000000000 * i, 8000000000000, now()
  FROM generate_series(1, 6) i;
INSERT INTO source_statuses (source, service_config_id, service_type, state, reason,
    last_success_at, last_attempt_at, updated_at)
VALUES ('catalog', 1, 'jellyfin', 'ok', NULL, now(), now(), now()),
       ('arr', 2, 'radarr', 'ok', NULL, now(), now(), now()),
       ('arr', 3, 'sonarr', 'unavailable', 'timeout', now(), now(), now()),
       ('playback', 1, 'jellyfin', 'ok', NULL, now(), now(), now()),
       ('tmdb', NULL, NULL, 'not_configured', NULL, NULL, now(), now());
-- 50 000 movies (1 % removed) with 100 000 versions; 5 000 series with 50 000 seasons and
-- 1 000 000 episodes.
INSERT INTO movies (id, tmdb_id, title, size_bytes, removed_at)
SELECT i, 100000 + i, 'Movie ' || i, 40000000000, CASE WHEN i % 100 = 0 THEN now() END
  FROM generate_series(1, 50000) i;
INSERT INTO movie_versions (movie_id, path, file_name, size_bytes, fingerprint)
SELECT (i + 1) / 2, '/movies/' || i || '.mkv', i || '.mkv', 20000000000, 'f' || i
  FROM generate_series(1, 100000) i;
INSERT INTO series (id, tmdb_id, title, size_bytes)
SELECT 100000 + i, 900000 + i, 'Series ' || i, 500000000000 FROM generate_series(1, 5000) i;
INSERT INTO seasons (id, series_id, season_number)
SELECT i, 100000 + (i - 1) / 10 + 1, (i - 1) % 10 + 1 FROM generate_series(1, 50000) i;
INSERT INTO episodes (series_id, season_id, season_number, episode_number)
SELECT 100000 + (i - 1) / 200 + 1, (i - 1) / 20 + 1, ((i - 1) / 20) % 10 + 1, (i - 1) % 20 + 1
  FROM generate_series(1, 1000000) i;

-- ------------------------------------------------------------------ scheduler
SET search_path TO scheduler;
-- 200 finished runs of each of ten tasks (the scheduler keeps at least 200 per task).
INSERT INTO task_runs (task_id, status, trigger, summary, created_at, started_at, completed_at)
SELECT t.id, 'completed', 'schedule',
       CASE WHEN t.id = 'sync_media' THEN '{"kind":"full"}'::jsonb ELSE '{}'::jsonb END,
       now() - make_interval(hours => i), now() - make_interval(hours => i),
       now() - make_interval(hours => i) + interval '1 minute'
  FROM unnest(ARRAY['sync_media', 'resync_media', 'refresh_playback_history', 'sync_requests',
                    'scan_cleanup_candidates', 'tag_cleanup_candidates',
                    'delete_cleanup_candidates', 'weekly_house_keeping', 'refresh_inputs',
                    'prune_history']) AS t(id),
       generate_series(1, 200) i;
