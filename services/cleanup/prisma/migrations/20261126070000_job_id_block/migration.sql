-- Job ids name their owner (decision 014, kit jobs/job-ids.ts): cleanup's file-operation jobs
-- draw from the block [2^40, 2^41), so the gateway sends GET /api/jobs/{job_id} here by the id
-- alone. Task runs, the scheduler's, stay below 2^40.
ALTER SEQUENCE file_operation_jobs
  MINVALUE 1099511627776 MAXVALUE 2199023255551 START WITH 1099511627776 RESTART;
