import type { MessagePayload } from '@mcs/contracts';
import { recordMessages } from '@mcs/kit/testing';
import type { World } from './world';

type Command = MessagePayload<'catalog.inputs.refresh'>;
type NowPlaying = MessagePayload<'media.inputs_refreshed'>['now_playing'];
type Preceding = MessagePayload<'media.inputs_refreshed'>['preceded_by'];

/**
 * Answers every catalog.inputs.refresh cleanup sends as catalog does (media.inputs_refreshed),
 * with the now-playing list the test sets: catalog's part of a deletion run (domain.md 6.1
 * step 3), in the tests of cleanup alone. `silent` stops answering.
 */
export function useRefreshAnswers(world: World) {
  const control: {
    nowPlaying: NowPlaying;
    precededBy: Preceding;
    silent: boolean;
    commands: Command[];
  } = {
    nowPlaying: [],
    precededBy: [],
    silent: false,
    commands: [],
  };
  let close = () => Promise.resolve();
  beforeAll(async () => {
    const recorder = await recordMessages<Command>(
      world.env.namespace,
      ['catalog.inputs.refresh'],
      'commands',
      (message) => {
        control.commands.push(message.payload);
        if (control.silent) return;
        void world.service.runtime.publisher.publish('media.inputs_refreshed', {
          run_id: message.payload.run_id,
          command_message_id: message.messageId,
          sources: [],
          now_playing: control.nowPlaying,
          completed_at: new Date().toISOString(),
          preceded_by: control.precededBy,
        });
      },
    );
    close = recorder.close;
  });
  afterAll(() => close());
  return control;
}
