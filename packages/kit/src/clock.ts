/** Domain code takes the time as an argument; services receive a Clock, tests pin one. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stays where a test puts it. */
export function fixedClock(start: Date | string): Clock & { set(at: Date | string): void; advance(ms: number): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}
