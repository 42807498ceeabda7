import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** THE Kysely database interface: hand-written, mirrors migrations/ (spec §3). */

/** 0/1 in SQLite. */
type Bool = number;
/** ISO-8601 timestamp text. */
type Timestamp = string;

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  email_confirmed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProfilesTable {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  created_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  secret_hash: Buffer;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export type EmailTokenType = 'signup' | 'recovery' | 'email_change' | 'magiclink';

export interface EmailTokensTable {
  id: string;
  user_id: string;
  type: EmailTokenType;
  token_hash: string;
  new_email: string | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
  /** signup rows: the details that sign-up gave, applied when its own link is used (migration 0002). */
  password_hash: string | null;
  first_name: string | null;
  last_name: string | null;
}

export interface RateLimitsTable {
  key: string;
  attempts: number;
  window_start: Timestamp;
  locked_until: Timestamp | null;
}

export interface UserRolesTable {
  id: string;
  user_id: string;
  role: 'admin' | 'moderator';
  created_at: Timestamp;
}

export interface UserMembershipsTable {
  id: string;
  user_id: string;
  membership_type: 'one_time' | 'annual';
  is_active: Bool;
  starts_at: Timestamp;
  expires_at: Timestamp | null;
  payment_session_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EventsTable {
  id: string;
  user_id: string;
  name: string;
  venue: string;
  city: string;
  event_date: string;
  start_time: string;
  end_time: string;
  email_required: Bool;
  phone_required: Bool;
  sponsor_enabled: Bool;
  sponsor_logo_url: string | null;
  sponsor_link_url: string | null;
  sponsor_text: string | null;
  sponsor_utm_source: string | null;
  sponsor_utm_medium: string | null;
  sponsor_utm_campaign: string | null;
  sponsor_utm_content: string | null;
  sponsor_utm_term: string | null;
  download_enabled: Bool;
  download_price: number;
  /** JSON array text, e.g. '["csv"]'. */
  download_formats: string;
  personal_data_deleted: Bool;
  attendee_count: number;
  /** Attendees who removed themselves: counted in attendee_count, gone from the rows (migration 0014). */
  self_removed_count: Generated<number>;
  scheduled_deletion_date: Timestamp | null;
  /** The short code of the event's `/j/{code}` address (every event has one; set by migration 0006). */
  join_code: string;
  /** The IANA zone of the event's date and times; null: the server's TIME_ZONE (migration 0012). */
  time_zone: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EventRegistrationsTable {
  id: string;
  event_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  headline: string | null;
  photo_url: string | null;
  /** SHA-256 of the browser's registration token: the proof of ownership (spec §3). */
  registration_token_hash: string;
  checked_in_at: Timestamp | null;
  /** Left the room after checking in (null: here now, when checked in). */
  checked_out_at: Timestamp | null;
  /** Who sees the e-mail and phone besides the organiser (docs/privacy.md). */
  contact_visibility: Generated<ContactVisibility>;
  /** Shown on the venue screen. */
  show_on_display: Generated<Bool>;
  /** E-mail and phone included in the attendee list the organiser offers. */
  share_in_download: Generated<Bool>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type ContactVisibility = 'connections' | 'room' | 'organiser';

/** One attendee's pin of another; two in opposite directions are a connection. */
export interface AttendeePinsTable {
  event_id: string;
  pinner_id: string;
  pinned_id: string;
  created_at: Timestamp;
}

export type FollowUpStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** The follow-up mail owed to one attendee before the erasure (docs/follow-up-mail.md): ids and state only. */
export interface FollowUpMailsTable {
  registration_id: string;
  event_id: string;
  status: FollowUpStatus;
  attempts: Generated<number>;
  /** pending: when to try; sending: when the claim runs out. */
  next_attempt_at: Timestamp;
  sent_at: Timestamp | null;
}

export type ChangeKind = 'joined' | 'updated' | 'checked_in' | 'check_in_undone' | 'removed' | 'erased';

/** The realtime change log: ids and kinds only, no personal data (ARCHITECTURE "Realtime"). */
export interface RegistrationChangesTable {
  seq: Generated<number>;
  event_id: string;
  registration_id: string;
  kind: ChangeKind;
  created_at: Timestamp;
}

/** Which process runs a clean-up job now, and until when at most. */
export interface JobLeasesTable {
  name: string;
  holder: string;
  until: Timestamp;
}

/** A door device's queued check-in or check-out, by the id the device gave it: applied once. */
export interface DoorActionsTable {
  id: string;
  event_id: string;
  registration_id: string;
  kind: 'check-in' | 'undo-check-in' | 'check-out' | 'undo-check-out';
  outcome: 'applied' | 'unchanged' | 'removed' | 'erased';
  created_at: Timestamp;
}

/** An attendee-list file built for download, fetched by its random key until it expires. */
export interface PreparedDownloadsTable {
  seq: Generated<number>;
  key: string;
  event_id: string;
  file_name: string;
  content_type: string;
  bytes: Buffer;
  size: number;
  same_as: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface DownloadRevenueTable {
  event_id: string;
  total_revenue: number;
  organizer_share: number;
  witr_share: number;
  download_count: number;
  last_download: Timestamp | null;
  payout_status: 'pending';
  /** The event's organiser when the money came in: their earnings outlive the event (no FK). */
  organizer_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DownloadPurchasesTable {
  id: string;
  event_id: string;
  registration_id: string | null;
  format: 'csv' | 'pdf';
  amount_paid: number;
  payment_session_id: string | null;
  organizer_id: string | null;
  created_at: Timestamp;
}

export interface PageViewsTable {
  id: Generated<number>;
  path: string;
  referrer: string | null;
  user_id: string | null;
  ip_anonymized: string | null;
  user_agent: string | null;
  created_at: ColumnType<Timestamp, Timestamp | undefined, never>;
}

export type TestCheckoutStatus = 'open' | 'paid' | 'cancelled';

/** The built-in test checkout's sessions (payments in test mode). */
export interface TestCheckoutsTable {
  id: string;
  purpose: 'membership-one-time' | 'membership-annual' | 'download';
  amount_pence: number;
  description: string;
  success_url: string;
  cancel_url: string;
  /** JSON object of strings. */
  metadata: string;
  status: TestCheckoutStatus;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Stripe webhook events already processed (by event id). */
export interface StripeWebhookEventsTable {
  id: string;
  type: string;
  processed_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  profiles: ProfilesTable;
  sessions: SessionsTable;
  email_tokens: EmailTokensTable;
  rate_limits: RateLimitsTable;
  user_roles: UserRolesTable;
  user_memberships: UserMembershipsTable;
  events: EventsTable;
  event_registrations: EventRegistrationsTable;
  registration_changes: RegistrationChangesTable;
  door_actions: DoorActionsTable;
  attendee_pins: AttendeePinsTable;
  follow_up_mails: FollowUpMailsTable;
  job_leases: JobLeasesTable;
  prepared_downloads: PreparedDownloadsTable;
  download_revenue: DownloadRevenueTable;
  download_purchases: DownloadPurchasesTable;
  page_views: PageViewsTable;
  test_checkouts: TestCheckoutsTable;
  stripe_webhook_events: StripeWebhookEventsTable;
}

export type User = Selectable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type EventRow = Selectable<EventsTable>;
export type NewEvent = Insertable<EventsTable>;
export type EventUpdate = Updateable<EventsTable>;
export type RegistrationRow = Selectable<EventRegistrationsTable>;
