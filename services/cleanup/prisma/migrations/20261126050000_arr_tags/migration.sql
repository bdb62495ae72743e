-- tag_cleanup_candidates (domain.md 3.7 tag_enabled/arr_tag, 9): the rule tags this service has
-- put on each movie or series in Radarr/Sonarr, as catalog confirmed them. Only tags listed here
-- are ever removed, so a tag the service did not create is never touched.
CREATE TABLE arr_tags (
  media_type TEXT NOT NULL CHECK (media_type IN ('movie', 'series')),
  media_id BIGINT NOT NULL,
  tags TEXT[] NOT NULL CHECK (cardinality(tags) > 0),
  PRIMARY KEY (media_type, media_id)
);

-- Tag changes sent to catalog (catalog.tags.apply) and not answered yet (media.tags_applied).
-- Each item holds the full tag set the item should have once the change applies.
CREATE TABLE tag_commands (
  message_id UUID PRIMARY KEY,
  run_id BIGINT,
  items JSONB NOT NULL,
  sent_at TIMESTAMPTZ NOT NULL
);
