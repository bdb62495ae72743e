-- GET /api/v1/system (and the dashboard) keep the system facts in memory until they may have
-- changed (decision 031): the main-server flag and the newest finished sync and scan. Every write
-- that can change them notifies on commit, from a trigger, so no writer can forget to, whichever
-- replica it runs in. Progress and heartbeat updates of a run change none of the columns named
-- here and do not notify.
CREATE FUNCTION notify_system_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('scheduler_system_facts', '');
  RETURN NULL;
END $$;

CREATE TRIGGER task_runs_notify_system_facts
  AFTER INSERT OR DELETE OR UPDATE OF task_id, status, summary, completed_at ON task_runs
  FOR EACH STATEMENT EXECUTE FUNCTION notify_system_facts();

CREATE TRIGGER task_runs_truncate_notify_system_facts AFTER TRUNCATE ON task_runs
  FOR EACH STATEMENT EXECUTE FUNCTION notify_system_facts();

CREATE TRIGGER main_server_notify_system_facts
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON main_server
  FOR EACH STATEMENT EXECUTE FUNCTION notify_system_facts();
