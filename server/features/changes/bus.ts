import type { ChangeKind } from '../../db/schema';

/** One committed change of an event's attendees, as recorded in registration_changes. */
export type Change = { seq: number; event_id: string; registration_id: string; kind: ChangeKind };

/**
 * ARCHITECTURE "Realtime": features publish committed changes here and subscriptions listen per event.
 * The in-process default is enough for one process; on PostgreSQL, ./postgres-bus.ts carries the same
 * messages between processes with LISTEN/NOTIFY.
 */
export interface LiveBus {
  /** Call after the transaction that recorded the changes has committed. */
  publish(changes: Change[]): void;
  /** Listens to one event's changes; returns the unsubscribe function. */
  subscribe(eventId: string, listener: (change: Change) => void): () => void;
  /** The events someone listens to here. */
  watched(): string[];
  /** Resolves once it hears other processes (the PostgreSQL bus); the server listens only after that. */
  ready?(): Promise<void>;
  /** Stops listening to other processes (the PostgreSQL bus); nothing to do in one process. */
  close?(): Promise<void>;
  /** For /healthz: `in-process`, or whether the connection that hears other processes is up. */
  health(): 'in-process' | 'ok' | 'reconnecting';
}

export function createInProcessBus(): LiveBus {
  const listeners = new Map<string, Set<(change: Change) => void>>();
  return {
    publish(changes) {
      for (const change of changes) {
        for (const listener of listeners.get(change.event_id) ?? []) listener(change);
      }
    },
    watched: () => [...listeners.keys()],
    health: () => 'in-process',
    subscribe(eventId, listener) {
      const set = listeners.get(eventId) ?? new Set();
      listeners.set(eventId, set);
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(eventId);
      };
    },
  };
}
