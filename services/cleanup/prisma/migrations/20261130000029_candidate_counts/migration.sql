-- Exact totals for the candidate list without counting every row per request (decision 029):
-- count(*) over 200 000 candidates costs PostgreSQL 15-40 ms, more than the page itself. Each
-- statement that inserts or deletes candidates adds one delta row per media type; the total is
-- their sum, read in the same statement (and snapshot) as the page. Writers only ever insert
-- deltas, so they never wait on one another; the deltas are folded into one row per media type
-- now and then by one writer at a time.
CREATE TABLE candidate_counts (
  id bigserial PRIMARY KEY,
  media_type text NOT NULL,
  delta bigint NOT NULL
);

-- Folds the deltas when more than 64 have piled up. Skipped when another transaction is folding
-- (the advisory lock) and outside READ COMMITTED: a REPEATABLE READ transaction deleting rows
-- another fold already deleted would fail with a serialization error instead of writing.
CREATE FUNCTION candidate_counts_fold() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed'
     OR (SELECT count(*) FROM candidate_counts) <= 64
     OR NOT pg_try_advisory_xact_lock(hashtext('cleanup.candidate_counts')) THEN
    RETURN;
  END IF;
  WITH folded AS (DELETE FROM candidate_counts RETURNING media_type, delta)
  INSERT INTO candidate_counts (media_type, delta)
  SELECT media_type, sum(delta) FROM folded GROUP BY media_type;
END $$;

CREATE FUNCTION candidate_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO candidate_counts (media_type, delta)
  SELECT media_type, count(*) FROM inserted GROUP BY media_type;
  PERFORM candidate_counts_fold();
  RETURN NULL;
END $$;

CREATE FUNCTION candidate_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO candidate_counts (media_type, delta)
  SELECT media_type, -count(*) FROM deleted GROUP BY media_type;
  PERFORM candidate_counts_fold();
  RETURN NULL;
END $$;

CREATE FUNCTION candidate_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM candidate_counts;
  RETURN NULL;
END $$;

-- A candidate's media type never changes, so updates leave the counts alone. INSERT … ON
-- CONFLICT DO UPDATE passes only the rows it inserted to the INSERT trigger.
CREATE TRIGGER candidate_counts_inserted AFTER INSERT ON candidates
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION candidate_counts_inserted();
CREATE TRIGGER candidate_counts_deleted AFTER DELETE ON candidates
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION candidate_counts_deleted();
CREATE TRIGGER candidate_counts_truncated AFTER TRUNCATE ON candidates
  FOR EACH STATEMENT EXECUTE FUNCTION candidate_counts_truncated();

INSERT INTO candidate_counts (media_type, delta)
SELECT media_type, count(*) FROM candidates GROUP BY media_type;
