import pino from 'pino';

export type Log = pino.Logger;

export function createLog(level: string): Log {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}
