// Stands in for @date-fns/tz in the browser build (without-time-zones.mjs).
const unused = () => {
  throw new Error('@date-fns/tz is left out of the browser build: give the calendar no timeZone or noonSafe prop');
};

export class TZDate extends Date {
  constructor() {
    super();
    unused();
  }

  static tz() {
    return unused();
  }
}

export const tz = unused;
