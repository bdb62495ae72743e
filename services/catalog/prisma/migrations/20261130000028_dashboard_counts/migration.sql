-- The dashboard's library figures (issue 28, bench/dashboard/RESULTS.md): counts and sizes of
-- what is live, answered from small partial indexes instead of scans of the media tables.
-- Live items' count and size: index-only scans.
CREATE INDEX movies_live_size_idx ON movies (size_bytes) WHERE removed_at IS NULL;
CREATE INDEX series_live_size_idx ON series (size_bytes) WHERE removed_at IS NULL;
-- Removed items are few: their live files and episodes are subtracted from the live counts.
CREATE INDEX movies_removed_idx ON movies (id) WHERE removed_at IS NOT NULL;
CREATE INDEX series_removed_idx ON series (id) WHERE removed_at IS NOT NULL;
-- Live episodes by series (movie_versions_live_idx does this for versions).
CREATE INDEX episodes_live_series_idx ON episodes (series_id) WHERE removed_at IS NULL;
