/** Time source passed through deps, so tests run on a fixed clock instead of real timers. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can move by hand. */
export function fixedClock(start: Date | string) {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    set: (d: Date | string) => {
      t = new Date(d).getTime();
    },
    advance: (ms: number) => {
      t += ms;
    },
  };
}
