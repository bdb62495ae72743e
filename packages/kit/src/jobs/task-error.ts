/** A task run that cannot complete, with the machine code the run history shows. */
export class TaskError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'TaskError';
  }
}
