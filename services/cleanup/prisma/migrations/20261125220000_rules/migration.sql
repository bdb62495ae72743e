-- Rules (domain.md 3.1). Definition and action are stored as the validated JSON documents the
-- routes return; outcome is copied into a column because lists filter and scans split on it.
CREATE TABLE rules (
  id BIGSERIAL PRIMARY KEY,
  name TEXT NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  description TEXT CHECK (char_length(description) <= 1000),
  media_type TEXT NOT NULL CHECK (media_type IN ('movie', 'series')),
  target_scope TEXT NOT NULL CHECK (
    (media_type = 'movie' AND target_scope = 'movie_version')
    OR (media_type = 'series' AND target_scope IN ('series', 'season', 'episode'))),
  enabled BOOLEAN NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('candidate', 'protect')),
  definition JSONB NOT NULL,
  action JSONB NOT NULL,
  revision INTEGER NOT NULL DEFAULT 1,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
-- Names are unique case-insensitively; the service checks first to answer 409 with a clear
-- message, the index settles a race between two saves.
CREATE UNIQUE INDEX rules_name_key ON rules (lower(name));
-- candidate_count per rule (RuleView) reads candidates by matched rule.
CREATE INDEX candidates_matched_rule_ids_idx ON candidates USING GIN (matched_rule_ids);
CREATE INDEX protections_source_rule_id_idx ON protections (source_rule_id)
  WHERE source_rule_id IS NOT NULL;
