-- The due time a scheduled run was fired for (its BullMQ job id). BullMQ may process one due
-- time twice (a stalled job under load is handed to another worker); the key makes the second
-- processing find the run instead of queueing another one once the first has finished.
ALTER TABLE task_runs ADD COLUMN fire_key TEXT;
CREATE UNIQUE INDEX task_runs_fire_key_idx ON task_runs (fire_key) WHERE fire_key IS NOT NULL;
