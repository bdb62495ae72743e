import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { correlationId, runWithContext } from '../context';
import type { Logger } from '../logger';

/**
 * One job catalogue per worker queue (STYLE 5): each job's data parser, attempts, backoff and
 * timeout in one place. Jobs carry ids, never the state itself: the database row is the truth
 * and a lost job is rebuilt by a sweeper.
 */
export interface JobSpec<D> {
  parse: (data: unknown) => D;
  attempts: number;
  backoff: { type: 'exponential' | 'fixed'; delay: number };
  timeoutMs: number;
}

export type JobSpecs = Record<string, JobSpec<unknown>>;

export interface JobCatalogue<S extends JobSpecs> {
  queue: string;
  jobs: S;
}

export type JobData<S extends JobSpecs, K extends keyof S> =
  S[K] extends JobSpec<infer D> ? D : never;

export type JobHandlers<S extends JobSpecs> = {
  [K in keyof S]: (
    data: JobData<S, K>,
    context: { job: Job; signal: AbortSignal },
  ) => Promise<unknown>;
};

export function defineJobs<S extends JobSpecs>(queue: string, jobs: S): JobCatalogue<S> {
  return { queue, jobs };
}

export class MissingJobHandler extends Error {}

export class JobTimeout extends Error {}

/** What is stored in Redis for a job: its data and the correlation id of whoever queued it. */
interface StoredJob {
  data: unknown;
  correlation_id: string;
}

export interface EnqueueOptions {
  jobId: string;
  delayMs?: number;
  priority?: number;
}

export interface JobQueueOptions {
  redis: Redis;
  /** Redis key prefix (per deployment, per test file). */
  prefix: string;
}

export class JobQueue<S extends JobSpecs> {
  private readonly queue: Queue;

  constructor(
    private readonly catalogue: JobCatalogue<S>,
    options: JobQueueOptions,
  ) {
    this.queue = new Queue(catalogue.queue, { connection: options.redis, prefix: options.prefix });
  }

  /** Adds a job; a deterministic `jobId` makes adding the same work twice harmless. */
  async enqueue<K extends keyof S & string>(
    name: K,
    data: JobData<S, K>,
    options: EnqueueOptions,
  ): Promise<void> {
    await this.queue.add(name, this.stored(name, data), this.options(name, options));
  }

  /**
   * Adds several jobs of one kind in one Redis round trip (BullMQ's addBulk), each as
   * `enqueue` would: a job whose `jobId` exists already is not added again.
   */
  async enqueueMany<K extends keyof S & string>(
    name: K,
    jobs: readonly { data: JobData<S, K>; options: EnqueueOptions }[],
  ): Promise<void> {
    if (jobs.length === 0) return;
    await this.queue.addBulk(
      jobs.map(({ data, options }) => ({
        name,
        data: this.stored(name, data),
        opts: this.options(name, options),
      })),
    );
  }

  private stored(name: keyof S & string, data: unknown): StoredJob {
    (this.catalogue.jobs[name] as JobSpec<unknown>).parse(data);
    return { data, correlation_id: correlationId() };
  }

  private options(name: keyof S & string, options: EnqueueOptions) {
    const spec = this.catalogue.jobs[name] as JobSpec<unknown>;
    return {
      jobId: options.jobId,
      attempts: spec.attempts,
      backoff: spec.backoff,
      delay: options.delayMs,
      priority: options.priority,
      removeOnComplete: { age: 3600, count: 1000 },
      removeOnFail: { age: 7 * 86400 },
    };
  }

  /**
   * Adds or updates a job scheduler (BullMQ): one job per due time however many replicas
   * schedule it, each carrying `data`. `every` ms from `startDate` (epoch ms; BullMQ fires an
   * interval at once without one), or a 5-field cron `pattern` in `tz`.
   */
  async schedule<K extends keyof S & string>(
    schedulerId: string,
    repeat: { every: number; startDate: number } | { pattern: string; tz: string },
    name: K,
    data: JobData<S, K>,
  ): Promise<void> {
    const spec = this.catalogue.jobs[name] as JobSpec<unknown>;
    spec.parse(data);
    const stored: StoredJob = { data, correlation_id: `schedule:${schedulerId}` };
    await this.queue.upsertJobScheduler(schedulerId, repeat, {
      name,
      data: stored,
      opts: {
        attempts: spec.attempts,
        backoff: spec.backoff,
        removeOnComplete: { age: 3600, count: 1000 },
        removeOnFail: { age: 7 * 86400 },
      },
    });
  }

  async unschedule(schedulerId: string): Promise<void> {
    await this.queue.removeJobScheduler(schedulerId);
  }

  /** When each job scheduler fires next, by scheduler id. */
  async nextRuns(): Promise<Map<string, Date>> {
    const schedulers = await this.queue.getJobSchedulers();
    return new Map(
      schedulers.flatMap((s) => {
        const id = s.id ?? s.key;
        return id && s.next ? [[id, new Date(s.next)] as const] : [];
      }),
    );
  }

  get bull(): Queue {
    return this.queue;
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}

/**
 * Starts the worker of a catalogue. Refuses to start when a job has no handler (or a handler
 * has no job), so a forgotten registration fails at boot instead of leaving jobs unprocessed.
 */
export function startJobWorker<S extends JobSpecs>(
  catalogue: JobCatalogue<S>,
  handlers: JobHandlers<S>,
  options: JobQueueOptions & { log: Logger; concurrency?: number },
): Worker {
  const jobs = Object.keys(catalogue.jobs).sort();
  const handled = Object.keys(handlers).sort();
  const missing = jobs.filter((name) => !handled.includes(name));
  const unknown = handled.filter((name) => !jobs.includes(name));
  if (missing.length > 0 || unknown.length > 0) {
    throw new MissingJobHandler(
      `Queue ${catalogue.queue}: ${[
        missing.length ? `no handler for ${missing.join(', ')}` : '',
        unknown.length ? `handler without job for ${unknown.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; ')}.`,
    );
  }
  const worker = new Worker(
    catalogue.queue,
    async (job: Job) => {
      const spec = catalogue.jobs[job.name] as JobSpec<unknown>;
      const handler = handlers[job.name] as JobHandlers<S>[keyof S];
      const stored = job.data as StoredJob;
      return runWithContext({ correlationId: stored.correlation_id }, () =>
        withTimeout(spec.timeoutMs, (signal) =>
          handler(spec.parse(stored.data) as never, { job, signal }),
        ),
      );
    },
    { connection: options.redis, prefix: options.prefix, concurrency: options.concurrency ?? 4 },
  );
  worker.on('failed', (job, error) =>
    options.log.warn(
      { err: error, job_id: job?.id, job: job?.name, attempt: job?.attemptsMade },
      'job failed',
    ),
  );
  worker.on('error', (error) => options.log.warn({ err: error }, 'job worker error'));
  return worker;
}

async function withTimeout<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // Reject before aborting: a handler that settles on abort must not win the race.
      reject(new JobTimeout(`Job timed out after ${ms} ms.`));
      controller.abort();
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
