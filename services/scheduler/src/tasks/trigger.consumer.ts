import { messageConsumer, type Runtime } from '@mcs/kit';
import type { Db } from '../db';
import type { TriggerService } from './trigger.service';

/**
 * Another service's request for a run now (scheduler.task.trigger, decision 016), queued as
 * the manual trigger route queues it. No one waits for an answer: a task that cannot run or
 * already runs gets no new run, and the command is acked (a retry would not change that).
 */
export function triggerConsumer(runtime: Runtime, db: Db, trigger: TriggerService) {
  return messageConsumer(runtime, {
    name: 'task-triggers',
    db,
    handlers: {
      'scheduler.task.trigger': async ({ payload }, tx) => {
        const outcome = await trigger.runOnCommand(tx, payload);
        const task_id = payload.task_id;
        if ('refused' in outcome)
          runtime.log.info(
            { task_id, reason: outcome.refused },
            'trigger command: task cannot run',
          );
        else if (!outcome.queued)
          runtime.log.info({ task_id, run_id: outcome.run.id }, 'trigger command: a run is active');
      },
    },
  });
}
