import type { Clock, Outbox } from '@mcs/kit';
import type { Db } from './db';
import { TaskService } from './services/task.service';
import { TriggerService } from './services/trigger.service';

/** Builds the service objects once, each with only the dependencies it uses (STYLE 10). */
export function createServices(deps: { db: Db; outbox: Outbox; clock: Clock }) {
  return {
    tasks: new TaskService({ db: deps.db, clock: deps.clock }),
    trigger: new TriggerService({ db: deps.db, outbox: deps.outbox }),
  };
}

export type Services = ReturnType<typeof createServices>;
