import { z } from 'zod';
import { DOOR } from '../door-constants';
import { uuidSchema } from './common';

// The door: the organiser's check-in screen that keeps working offline (README "The door offline").
// The device keeps the event's list, queues check-ins and check-outs, and sends them when it can.

export const DOOR_ACTIONS = ['check-in', 'undo-check-in', 'check-out', 'undo-check-out'] as const;
export type DoorActionKind = (typeof DOOR_ACTIONS)[number];

/**
 * What became of one queued action. `unchanged`: the attendee was already in that state (checked in at
 * another door, say); `removed`: the entry is gone; `erased`: the event's attendee data is gone.
 */
export const DOOR_OUTCOMES = ['applied', 'unchanged', 'removed', 'erased'] as const;
export type DoorOutcome = (typeof DOOR_OUTCOMES)[number];

const cursorSchema = z.object({ created_at: z.string().max(40), id: uuidSchema });

/**
 * One page of the event's list for the device: oldest first, from after `after`. `known`: the change
 * number of the list the device holds; when nothing changed since, the first page answers `unchanged`.
 */
export const doorSnapshotSchema = z.object({
  eventId: uuidSchema,
  after: cursorSchema.nullable().default(null),
  known: z.number().int().nonnegative().nullable().default(null),
});
export type DoorSnapshotInput = z.input<typeof doorSnapshotSchema>;

/** One action as the device queued it: its own id (made on the device) makes sending it twice harmless. */
export const doorActionSchema = z.object({
  id: uuidSchema,
  registrationId: uuidSchema,
  kind: z.enum(DOOR_ACTIONS),
  at: z.iso.datetime({ offset: true }),
});
export type DoorAction = z.output<typeof doorActionSchema>;

export const doorSyncSchema = z.object({
  eventId: uuidSchema,
  actions: z.array(doorActionSchema).min(1).max(DOOR.SYNC_BATCH),
});
export type DoorSyncInput = z.input<typeof doorSyncSchema>;

/** What the device keeps of an attendee: enough to find and check in someone, no e-mail or phone. */
export const doorAttendeeSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  headline: z.string().nullable(),
  photo_url: z.string().nullable(),
  checked_in_at: z.string().nullable(),
  checked_out_at: z.string().nullable(),
  created_at: z.string(),
});
export type DoorAttendee = z.output<typeof doorAttendeeSchema>;

export const doorEventSchema = z.object({
  id: z.string(),
  name: z.string(),
  event_date: z.string(),
  /** The event's IANA zone: check-in times show on its clocks (a copy kept before it was sent has none). */
  time_zone: z.string().optional(),
  /** When the event's attendee data is erased (ISO): the device deletes its copy then too, even offline. */
  erases_at: z.string(),
  erased: z.boolean(),
});
export type DoorEvent = z.output<typeof doorEventSchema>;

export const doorSnapshotResponseSchema = z.object({
  event: doorEventSchema,
  attendees: z.array(doorAttendeeSchema),
  next: cursorSchema.nullable(),
  /** The event's latest change number when this page was read (0 when its log is empty). */
  seq: z.number(),
  unchanged: z.boolean(),
});
export type DoorSnapshot = z.output<typeof doorSnapshotResponseSchema>;

export const doorSyncResponseSchema = z.object({
  results: z.array(
    z.object({ id: z.string(), outcome: z.enum(DOOR_OUTCOMES), attendee: doorAttendeeSchema.nullable() }),
  ),
});
export type DoorSyncResult = z.output<typeof doorSyncResponseSchema>['results'][number];
