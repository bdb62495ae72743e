-- The creator's display name on protections, for `created_by.name` of the internal protected
-- entries (internal-api.md 1.3, domain.md 7.6). It is copied from the signed principal the
-- gateway forwards when a user or an API token creates the protection: a snapshot at creation
-- time, since names live in the gateway and a later rename never reaches cleanup. Null when
-- unknown (rows from before this column, a principal without a name) and always for system
-- (rule) protections, which nobody named.
ALTER TABLE protections
  ADD COLUMN created_by_name TEXT,
  ADD CONSTRAINT protections_system_unnamed
    CHECK (created_by_type <> 'system' OR created_by_name IS NULL);
