-- Every new notification is announced on the 'flowline_realtime' channel, whichever instance or
-- process wrote it; each API instance LISTENs and pushes it to its own WebSocket clients.
CREATE FUNCTION notify_notification_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('flowline_realtime', json_build_object(
    'type', 'notification',
    'id', NEW.id,
    'companyId', NEW.company_id,
    'userId', NEW.user_id,
    'notificationTypeId', NEW.notification_type_id,
    'title', NEW.title
  )::text);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER notifications_announce AFTER INSERT ON "notifications"
  FOR EACH ROW EXECUTE FUNCTION notify_notification_created();
