import { ddlMigration } from './ddl';

// Payments (issue 9). The built-in test checkout keeps its sessions here, as Stripe keeps its own: the
// id is random and unguessable (whoever holds it may pay), the metadata the ids fulfilment needs. Stripe's
// webhook events are recorded by id once processed, so a redelivered event does nothing.
const UP = `
CREATE TABLE test_checkouts (
  id TEXT PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (purpose IN ('membership-one-time', 'membership-annual', 'download')),
  amount_pence INTEGER NOT NULL CHECK (amount_pence >= 0),
  description TEXT NOT NULL,
  success_url TEXT NOT NULL,
  cancel_url TEXT NOT NULL,
  metadata TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'cancelled')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX test_checkouts_created ON test_checkouts(created_at);

CREATE TABLE stripe_webhook_events (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  processed_at TEXT NOT NULL
) STRICT;

-- An organiser's earnings outlive a deleted event: revenue and purchases name the organiser themselves.
ALTER TABLE download_revenue ADD COLUMN organizer_id TEXT;
ALTER TABLE download_purchases ADD COLUMN organizer_id TEXT;
UPDATE download_revenue SET organizer_id = (SELECT user_id FROM events WHERE events.id = download_revenue.event_id);
UPDATE download_purchases SET organizer_id = (SELECT user_id FROM events WHERE events.id = download_purchases.event_id);
CREATE INDEX download_revenue_organizer ON download_revenue(organizer_id);
CREATE INDEX download_purchases_organizer ON download_purchases(organizer_id, event_id);

-- The admin dashboard's top pages read (created_at, path) from the index alone.
CREATE INDEX page_views_created_path ON page_views(created_at, path);
`;

const DOWN = `
DROP INDEX page_views_created_path;
DROP INDEX download_purchases_organizer;
DROP INDEX download_revenue_organizer;
ALTER TABLE download_purchases DROP COLUMN organizer_id;
ALTER TABLE download_revenue DROP COLUMN organizer_id;
DROP TABLE stripe_webhook_events;
DROP TABLE test_checkouts;
`;

export const { up, down } = ddlMigration(UP, DOWN);
