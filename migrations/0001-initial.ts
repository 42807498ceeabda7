import { ddlMigration } from './ddl';

// Spec §3 entities plus users, sessions, e-mail tokens, rate limits and page views.
// Booleans are 0/1 integers; timestamps ISO-8601 text; money integer pence.
const UP = `
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email_confirmed_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

CREATE TABLE profiles (
  id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;

CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  secret_hash BLOB NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
) STRICT;
CREATE INDEX sessions_user_id ON sessions(user_id);
CREATE INDEX sessions_expires_at ON sessions(expires_at);

CREATE TABLE email_tokens (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('signup', 'recovery', 'email_change', 'magiclink')),
  token_hash TEXT NOT NULL UNIQUE,
  new_email TEXT,
  expires_at TEXT NOT NULL,
  used_at TEXT,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX email_tokens_user_type ON email_tokens(user_id, type);

CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  attempts INTEGER NOT NULL,
  window_start TEXT NOT NULL,
  locked_until TEXT
) STRICT;

CREATE TABLE user_roles (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('admin', 'moderator')),
  created_at TEXT NOT NULL,
  UNIQUE (user_id, role)
) STRICT;

CREATE TABLE user_memberships (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  membership_type TEXT NOT NULL CHECK (membership_type IN ('one_time', 'annual')),
  is_active INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
  starts_at TEXT NOT NULL,
  expires_at TEXT,
  payment_session_id TEXT UNIQUE,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX user_memberships_user ON user_memberships(user_id, is_active);
CREATE INDEX user_memberships_type ON user_memberships(membership_type, is_active);

CREATE TABLE events (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  venue TEXT NOT NULL,
  city TEXT NOT NULL,
  event_date TEXT NOT NULL,
  start_time TEXT NOT NULL,
  end_time TEXT NOT NULL,
  email_required INTEGER NOT NULL DEFAULT 0 CHECK (email_required IN (0, 1)),
  phone_required INTEGER NOT NULL DEFAULT 0 CHECK (phone_required IN (0, 1)),
  sponsor_enabled INTEGER NOT NULL DEFAULT 0 CHECK (sponsor_enabled IN (0, 1)),
  sponsor_logo_url TEXT,
  sponsor_link_url TEXT,
  sponsor_text TEXT,
  sponsor_utm_source TEXT,
  sponsor_utm_medium TEXT,
  sponsor_utm_campaign TEXT,
  sponsor_utm_content TEXT,
  sponsor_utm_term TEXT,
  download_enabled INTEGER NOT NULL DEFAULT 0 CHECK (download_enabled IN (0, 1)),
  download_price INTEGER NOT NULL DEFAULT 0 CHECK (download_price >= 0),
  download_formats TEXT NOT NULL DEFAULT '["csv"]',
  personal_data_deleted INTEGER NOT NULL DEFAULT 0 CHECK (personal_data_deleted IN (0, 1)),
  attendee_count INTEGER NOT NULL DEFAULT 0,
  scheduled_deletion_date TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX events_user_date ON events(user_id, event_date);
CREATE INDEX events_user_created ON events(user_id, created_at);
CREATE INDEX events_cleanup ON events(personal_data_deleted, scheduled_deletion_date);

CREATE TABLE event_registrations (
  id TEXT PRIMARY KEY,
  event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT,
  phone TEXT,
  headline TEXT,
  photo_url TEXT,
  registration_token_hash TEXT NOT NULL,
  checked_in_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX event_registrations_event_created ON event_registrations(event_id, created_at);
CREATE INDEX event_registrations_token ON event_registrations(event_id, registration_token_hash);

-- Revenue rows outlive a deleted event ("Unknown Event"), so event_id has no foreign key.
CREATE TABLE download_revenue (
  event_id TEXT PRIMARY KEY,
  total_revenue INTEGER NOT NULL DEFAULT 0,
  organizer_share INTEGER NOT NULL DEFAULT 0,
  witr_share INTEGER NOT NULL DEFAULT 0,
  download_count INTEGER NOT NULL DEFAULT 0,
  last_download TEXT,
  payout_status TEXT NOT NULL DEFAULT 'pending' CHECK (payout_status IN ('pending')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

CREATE TABLE download_purchases (
  id TEXT PRIMARY KEY,
  event_id TEXT NOT NULL,
  registration_id TEXT,
  format TEXT NOT NULL CHECK (format IN ('csv', 'pdf')),
  amount_paid INTEGER NOT NULL CHECK (amount_paid >= 0),
  payment_session_id TEXT UNIQUE,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX download_purchases_event_created ON download_purchases(event_id, created_at);

CREATE TABLE page_views (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  path TEXT NOT NULL,
  referrer TEXT,
  user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  ip_anonymized TEXT,
  user_agent TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
CREATE INDEX page_views_created ON page_views(created_at);
`;

const DOWN = `
DROP TABLE page_views;
DROP TABLE download_purchases;
DROP TABLE download_revenue;
DROP TABLE event_registrations;
DROP TABLE events;
DROP TABLE user_memberships;
DROP TABLE user_roles;
DROP TABLE rate_limits;
DROP TABLE email_tokens;
DROP TABLE sessions;
DROP TABLE profiles;
DROP TABLE users;
`;

export const { up, down } = ddlMigration(UP, DOWN);
