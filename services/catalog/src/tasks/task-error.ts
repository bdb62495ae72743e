import { TaskError } from '@mcs/kit';

export const mainServerRequired = () =>
  new TaskError('main_server_required', 'No main media server is configured.');
