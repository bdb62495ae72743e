/** The time source of every time-based rule ("now" in domain.md); tests inject their own. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
