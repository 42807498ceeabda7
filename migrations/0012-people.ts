import { ddlMigration } from './ddl';

// What each attendee lets others see (docs/privacy.md), the pins that make connections, and each event's
// own time zone.
// - contact_visibility: who sees the entry's e-mail and phone besides the organiser: 'connections' (two
//   people who pinned each other), 'room' (everyone who joined the event), 'organiser' (nobody else).
// - show_on_display: whether the venue screen shows the entry.
// - share_in_download: whether the attendee list the organiser sells or offers carries the e-mail and phone.
//   Entries made before this migration keep the defaults a new join gets: contacts to connections only, on
//   the screen, and out of downloads (nobody agreed to more).
// - attendee_pins: one attendee's pin of another, proved by the pinner's registration token. Two pins in
//   opposite directions are a connection. They go with either registration (and with the event's erasure).
// - events.time_zone: the IANA zone the event's date and times are in; null is the server's TIME_ZONE.
const UP = `
ALTER TABLE event_registrations ADD COLUMN contact_visibility TEXT NOT NULL DEFAULT 'connections'
  CHECK (contact_visibility IN ('connections', 'room', 'organiser'));
ALTER TABLE event_registrations ADD COLUMN show_on_display INTEGER NOT NULL DEFAULT 1;
ALTER TABLE event_registrations ADD COLUMN share_in_download INTEGER NOT NULL DEFAULT 0;
CREATE TABLE attendee_pins (
  event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  pinner_id TEXT NOT NULL REFERENCES event_registrations(id) ON DELETE CASCADE,
  pinned_id TEXT NOT NULL REFERENCES event_registrations(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (pinner_id, pinned_id)
) STRICT;
CREATE INDEX attendee_pins_pinned ON attendee_pins(pinned_id, pinner_id);
CREATE INDEX attendee_pins_event ON attendee_pins(event_id);
ALTER TABLE events ADD COLUMN time_zone TEXT;
`;

const DOWN = `
ALTER TABLE events DROP COLUMN time_zone;
DROP TABLE attendee_pins;
ALTER TABLE event_registrations DROP COLUMN share_in_download;
ALTER TABLE event_registrations DROP COLUMN show_on_display;
ALTER TABLE event_registrations DROP COLUMN contact_visibility;
`;

export const { up, down } = ddlMigration(UP, DOWN);
