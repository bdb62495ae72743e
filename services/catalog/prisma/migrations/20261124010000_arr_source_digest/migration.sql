-- Digest of each Radarr movie / Sonarr series entry's text as the list call returned it. The
-- list calls have no paging and return the whole library every sync; an incremental sync
-- recognises unchanged entries by digest and skips parsing and writing them (sync/arr-read).
ALTER TABLE arr_movies ADD COLUMN source_digest TEXT;
ALTER TABLE arr_series ADD COLUMN source_digest TEXT;
