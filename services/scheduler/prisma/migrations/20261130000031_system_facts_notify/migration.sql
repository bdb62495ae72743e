-- GET /api/v1/system (and the dashboard) keep the system facts in memory until they may have
-- changed (decision 031): the main-server flag and the newest finished sync and scan. Every write
-- that can change them notifies on commit, from a trigger, so no writer can forget to, whichever
-- replica it runs in. The facts read only completed runs, so only a write that makes a run
-- completed, changes a completed run or removes one notifies: queueing and starting runs, their
-- progress reports and heartbeats, and the sweeper's passes do not. (pg_notify sends one
-- notification per transaction for repeated identical calls.)
CREATE FUNCTION notify_system_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('scheduler_system_facts', '');
  RETURN NULL;
END $$;

CREATE TRIGGER task_runs_insert_notify_system_facts AFTER INSERT ON task_runs
  FOR EACH ROW WHEN (NEW.status = 'completed') EXECUTE FUNCTION notify_system_facts();

CREATE TRIGGER task_runs_update_notify_system_facts AFTER UPDATE ON task_runs
  FOR EACH ROW
  WHEN ((OLD.status = 'completed' OR NEW.status = 'completed')
        AND (OLD.task_id, OLD.status, OLD.summary, OLD.completed_at)
            IS DISTINCT FROM (NEW.task_id, NEW.status, NEW.summary, NEW.completed_at))
  EXECUTE FUNCTION notify_system_facts();

CREATE TRIGGER task_runs_delete_notify_system_facts AFTER DELETE ON task_runs
  FOR EACH ROW WHEN (OLD.status = 'completed') EXECUTE FUNCTION notify_system_facts();

CREATE TRIGGER task_runs_truncate_notify_system_facts AFTER TRUNCATE ON task_runs
  FOR EACH STATEMENT EXECUTE FUNCTION notify_system_facts();

CREATE TRIGGER main_server_notify_system_facts
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON main_server
  FOR EACH STATEMENT EXECUTE FUNCTION notify_system_facts();
