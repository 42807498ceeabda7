import type { DoorAction, DoorAttendee, DoorEvent } from '#shared/schemas/door';

// What the door keeps on the device (README "The door offline"), in IndexedDB: the event, its attendees
// (names, headline, photo address, presence), the actions not yet sent, and the conflicts not yet read.
// Photos are in the Cache Storage under photoCacheName(eventId). All of it goes at the event's erasure
// and at sign-out (forgetDoorEvent, forgetDoorDevice).

const DB_NAME = 'roomlist-door';
const DB_VERSION = 1;
const PHOTO_CACHE_PREFIX = 'roomlist-door-photos-';

/** The event as kept, with who kept it, when, and the change number of the list kept (`seq`). */
export type SavedEvent = DoorEvent & { userId: string; savedAt: string; seq: number };
export type LocalAttendee = DoorAttendee & { eventId: string };
export type QueuedAction = DoorAction & { eventId: string; seq: number };
export type Conflict = { id: string; eventId: string; text: string; seq: number };
export type DoorData = { event: SavedEvent; attendees: LocalAttendee[]; queue: QueuedAction[]; conflicts: Conflict[] };

const STORES = ['events', 'attendees', 'queue', 'conflicts'] as const;
type StoreName = (typeof STORES)[number];

export const photoCacheName = (eventId: string) => `${PHOTO_CACHE_PREFIX}${eventId}`;

let opening: Promise<IDBDatabase> | undefined;

function openDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const r = indexedDB.open(DB_NAME, DB_VERSION);
    r.onupgradeneeded = () => {
      const db = r.result;
      db.createObjectStore('events', { keyPath: 'id' });
      for (const name of ['attendees', 'queue', 'conflicts'] as const) {
        db.createObjectStore(name, { keyPath: 'id' }).createIndex('eventId', 'eventId');
      }
    };
    r.onsuccess = () => {
      // another tab deleting the database (a sign-out) must not wait for this connection
      r.result.onversionchange = () => {
        r.result.close();
        opening = undefined;
      };
      resolve(r.result);
    };
    r.onerror = () => {
      opening = undefined;
      reject(r.error);
    };
  });
  return opening;
}

const result = <T>(r: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });

/** Runs `work` in one transaction over `stores`; resolves once it has committed. */
async function inTransaction<T>(
  stores: readonly StoreName[],
  mode: IDBTransactionMode,
  work: (t: IDBTransaction) => Promise<T> | T,
): Promise<T> {
  const db = await openDb();
  const t = db.transaction(stores, mode);
  const committed = new Promise<void>((resolve, reject) => {
    t.oncomplete = () => resolve();
    t.onerror = () => reject(t.error);
    t.onabort = () => reject(t.error ?? new Error('aborted'));
  });
  const out = await work(t);
  await committed;
  return out;
}

const byEvent = <T>(t: IDBTransaction, store: StoreName, eventId: string) =>
  result(t.objectStore(store).index('eventId').getAll(eventId) as IDBRequest<T[]>);

async function deleteByEvent(t: IDBTransaction, store: StoreName, eventId: string) {
  const keys = await result(t.objectStore(store).index('eventId').getAllKeys(eventId));
  for (const key of keys) t.objectStore(store).delete(key);
}

export async function loadDoor(eventId: string): Promise<DoorData | undefined> {
  return inTransaction(STORES, 'readonly', async (t) => {
    const event = await result(t.objectStore('events').get(eventId) as IDBRequest<SavedEvent | undefined>);
    if (!event) return undefined;
    const [attendees, queue, conflicts] = await Promise.all([
      byEvent<LocalAttendee>(t, 'attendees', eventId),
      byEvent<QueuedAction>(t, 'queue', eventId),
      byEvent<Conflict>(t, 'conflicts', eventId),
    ]);
    return { event, attendees, queue: queue.sort((a, b) => a.seq - b.seq), conflicts };
  });
}

/** The list as the server sent it, replacing the one kept before; the queue and conflicts stay. */
export function saveSnapshot(event: SavedEvent, attendees: DoorAttendee[]) {
  return inTransaction(['events', 'attendees'], 'readwrite', async (t) => {
    await deleteByEvent(t, 'attendees', event.id);
    t.objectStore('events').put(event);
    const store = t.objectStore('attendees');
    for (const a of attendees) store.put({ ...a, eventId: event.id });
  });
}

/** The event's record alone: a refresh that found the list unchanged. */
export function saveEvent(event: SavedEvent) {
  return inTransaction(['events'], 'readwrite', (t) => {
    t.objectStore('events').put(event);
  });
}

/** An action taken at the door: the attendee as it now looks here, and the action queued, together. */
export function queueAction(action: QueuedAction, attendee: LocalAttendee) {
  return inTransaction(['attendees', 'queue'], 'readwrite', (t) => {
    t.objectStore('attendees').put(attendee);
    t.objectStore('queue').put(action);
  });
}

/** What the server answered: sent actions leave the queue, attendees take the server's state, conflicts are kept. */
export function settleSent(sentIds: string[], attendees: LocalAttendee[], removedIds: string[], conflicts: Conflict[]) {
  return inTransaction(['attendees', 'queue', 'conflicts'], 'readwrite', (t) => {
    for (const id of sentIds) t.objectStore('queue').delete(id);
    for (const a of attendees) t.objectStore('attendees').put(a);
    for (const id of removedIds) t.objectStore('attendees').delete(id);
    for (const c of conflicts) t.objectStore('conflicts').put(c);
  });
}

export function dismissConflicts(eventId: string) {
  return inTransaction(['conflicts'], 'readwrite', (t) => deleteByEvent(t, 'conflicts', eventId));
}

/** Everything kept for one event: at its erasure, or when another organiser signs in on the device. */
export async function forgetDoorEvent(eventId: string) {
  await inTransaction(STORES, 'readwrite', async (t) => {
    t.objectStore('events').delete(eventId);
    for (const store of ['attendees', 'queue', 'conflicts'] as const) await deleteByEvent(t, store, eventId);
  });
  if ('caches' in globalThis) await caches.delete(photoCacheName(eventId));
}

/** Everything the door kept on this device, every event: at sign-out. */
export async function forgetDoorDevice() {
  const db = await opening?.catch(() => undefined);
  db?.close();
  opening = undefined;
  await new Promise<void>((resolve) => {
    const r = indexedDB.deleteDatabase(DB_NAME);
    r.onsuccess = r.onerror = r.onblocked = () => resolve();
  });
  if ('caches' in globalThis) {
    for (const name of await caches.keys()) if (name.startsWith(PHOTO_CACHE_PREFIX)) await caches.delete(name);
  }
}
