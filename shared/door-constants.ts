// The door's offline mode (README "The door offline"). All figures are ours: the spec has no door.
export const DOOR = {
  SNAPSHOT_PAGE: 500, // attendees per snapshot request; the device asks for pages until it has all
  SYNC_BATCH: 50, // queued actions sent in one request
  QUEUE_MAX: 5_000, // actions one device may hold unsent; beyond it the screen asks to go online first
  REFRESH_MS: 30_000, // while online, the list is read again this often (and at every reconnect)
  RETRY_MS: 5_000, // while the server cannot be reached, it is tried again this often
  PHOTO_PREFETCH_MAX: 3_000, // photos kept on the device for one event
  PHOTO_PREFETCH_PARALLEL: 4,
  MAX_BACKDATE_MS: 7 * 24 * 60 * 60 * 1000, // an action's device time older than this is taken as the send time
} as const;
