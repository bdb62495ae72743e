import type { MessagePayload } from '@mcs/contracts';
import { createLogger, type PgListener } from '@mcs/kit';
import { recordMessages } from '@mcs/kit/testing';
import { inputRefreshListener } from '../../src/scan/input-refresher';
import type { World } from './world';

type Command = MessagePayload<'catalog.inputs.refresh'>;
type NowPlaying = MessagePayload<'media.inputs_refreshed'>['now_playing'];
type Preceding = MessagePayload<'media.inputs_refreshed'>['preceded_by'];

/**
 * Answers every catalog.inputs.refresh cleanup sends as catalog does (media.inputs_refreshed),
 * with the now-playing list the test sets: catalog's part of a deletion run (domain.md 6.1
 * step 3), in the tests of cleanup alone. `silent` stops answering: `release(runId)` answers
 * the commands of that run it held back (the others stay unanswered).
 */
export function useRefreshAnswers(world: World) {
  const held: { messageId: string; command: Command }[] = [];
  const answer = (messageId: string, command: Command) =>
    world.service.runtime.publisher.publish('media.inputs_refreshed', {
      run_id: command.run_id,
      command_message_id: messageId,
      sources: [],
      now_playing: control.nowPlaying,
      completed_at: new Date().toISOString(),
      preceded_by: control.precededBy,
    });
  const control: {
    nowPlaying: NowPlaying;
    precededBy: Preceding;
    silent: boolean;
    commands: Command[];
    release(runId: number): Promise<void>;
  } = {
    nowPlaying: [],
    precededBy: [],
    silent: false,
    commands: [],
    release: async (runId) => {
      for (const { messageId, command } of held.filter((h) => h.command.run_id === runId))
        await answer(messageId, command);
    },
  };
  let close = () => Promise.resolve();
  beforeAll(async () => {
    const recorder = await recordMessages<Command>(
      world.env.namespace,
      ['catalog.inputs.refresh'],
      'commands',
      (message) => {
        control.commands.push(message.payload);
        if (control.silent) held.push({ messageId: message.messageId, command: message.payload });
        else void answer(message.messageId, message.payload);
      },
    );
    close = recorder.close;
  });
  afterAll(() => close());
  return control;
}

/**
 * A listener for refresh wake-ups of the test's own, for refreshers a test builds with its own
 * timeouts.
 */
export function useRefreshListener(world: World): { listener: PgListener } {
  const held = {} as { listener: PgListener };
  beforeAll(async () => {
    const log = createLogger({ service: 'test', level: 'silent' });
    held.listener = inputRefreshListener(world.env.databaseUrl, log);
    held.listener.start();
    await held.listener.ready();
  });
  afterAll(() => held.listener.stop());
  return held;
}
