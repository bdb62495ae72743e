-- A scan or deletion run waits for catalog's answer to catalog.inputs.refresh and for the
-- media.* messages catalog committed before it (decision 024). It waits on a notification, not
-- on a timer: while a refresh is awaited, every transaction that records a handled message in
-- the inbox (the answer's own, and each of those messages, whichever replica consumes them)
-- notifies on commit, and the waiter looks again. The trigger keeps the kit's consumers unaware
-- of it; with no refresh awaited it costs one look at this small table per inbox write.

-- Real (database) time until which the run waits; after it, or when the waiting process died,
-- the row no longer makes inbox writes notify. Earlier rows count as no longer awaited.
ALTER TABLE input_refreshes ADD COLUMN wait_until TIMESTAMPTZ NOT NULL DEFAULT now();

CREATE FUNCTION notify_input_refresh_waiters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A fresh snapshot (volatile function): a refresh recorded before this statement is seen.
  -- The messages a waiter waits for are all sent after its row committed (catalog answers the
  -- command that committed with it), so their inbox writes always see the row.
  IF EXISTS (SELECT 1 FROM input_refreshes WHERE wait_until > now()) THEN
    PERFORM pg_notify('cleanup_input_refreshes', '');
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER inbox_wakes_input_refresh_waiters AFTER INSERT ON inbox
  FOR EACH STATEMENT EXECUTE FUNCTION notify_input_refresh_waiters();
