-- Every event pushed over the real-time socket is a row first (docs/realtime.md): its id is the
-- sequence number a reconnecting client sends back to receive what it missed. Written in the
-- transaction of the change that causes it; NOTIFY (delivered at commit) carries the row.
-- No foreign keys: the rows are short-lived (pruned after 24 h) and written on hot paths.
CREATE TABLE "realtime_events" (
  "id" bigserial PRIMARY KEY,
  "company_id" integer NOT NULL,
  -- null: every member of the company sees it
  "user_id" integer,
  "type" varchar(60) NOT NULL,
  "payload" jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- clock time of the insert (not of the transaction start): close to the order of ids
  "created_at" timestamp with time zone NOT NULL DEFAULT clock_timestamp()
);--> statement-breakpoint
CREATE INDEX "realtime_events_company_id_idx" ON "realtime_events" ("company_id", "id");--> statement-breakpoint
CREATE INDEX "realtime_events_created_at_idx" ON "realtime_events" ("created_at");--> statement-breakpoint
-- Announces the row; a payload near NOTIFY's 8000-byte limit is announced by id only (the hub
-- reads the row). Every 1000th row prunes the rows older than 24 hours.
CREATE FUNCTION announce_realtime_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  message text := json_build_object(
    'seq', NEW.id,
    'companyId', NEW.company_id,
    'userId', NEW.user_id,
    'type', NEW.type,
    'payload', NEW.payload
  )::text;
BEGIN
  IF octet_length(message) > 7000 THEN
    message := json_build_object('seq', NEW.id)::text;
  END IF;
  PERFORM pg_notify('flowline_realtime', message);
  IF NEW.id % 1000 = 0 THEN
    DELETE FROM realtime_events WHERE created_at < now() - interval '24 hours';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER realtime_events_announce AFTER INSERT ON "realtime_events"
  FOR EACH ROW EXECUTE FUNCTION announce_realtime_event();--> statement-breakpoint
-- A new notification becomes an event of its user (migration 0009 announced it directly).
CREATE OR REPLACE FUNCTION notify_notification_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO realtime_events (company_id, user_id, type, payload)
  VALUES (NEW.company_id, NEW.user_id, 'notification', json_build_object(
    'notification', json_build_object(
      'id', NEW.id,
      'title', NEW.title,
      'notificationTypeId', NEW.notification_type_id
    )
  )::jsonb);
  RETURN NEW;
END;
$$;
