-- The API caches each caller's user, membership and roles for a few seconds (auth/context-cache).
-- Every change that can widen or narrow access is announced on 'flowline_auth', whichever
-- instance or process wrote it, so every API instance drops the affected entries at once.
CREATE FUNCTION notify_auth_context_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_data record;
BEGIN
  IF TG_OP = 'DELETE' THEN row_data := OLD; ELSE row_data := NEW; END IF;
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('flowline_auth', json_build_object('userId', row_data.id)::text);
  ELSIF TG_TABLE_NAME = 'companies' THEN
    PERFORM pg_notify('flowline_auth', json_build_object('companyId', row_data.id)::text);
  ELSE
    PERFORM pg_notify('flowline_auth', json_build_object(
      'userId', row_data.user_id, 'companyId', row_data.company_id)::text);
    IF TG_OP = 'UPDATE' AND (OLD.user_id, OLD.company_id) IS DISTINCT FROM (NEW.user_id, NEW.company_id) THEN
      PERFORM pg_notify('flowline_auth', json_build_object(
        'userId', OLD.user_id, 'companyId', OLD.company_id)::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER memberships_auth_context AFTER INSERT OR UPDATE OR DELETE ON "memberships"
  FOR EACH ROW EXECUTE FUNCTION notify_auth_context_changed();--> statement-breakpoint
CREATE TRIGGER membership_roles_auth_context AFTER INSERT OR UPDATE OR DELETE ON "membership_roles"
  FOR EACH ROW EXECUTE FUNCTION notify_auth_context_changed();--> statement-breakpoint
CREATE TRIGGER users_auth_context AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION notify_auth_context_changed();--> statement-breakpoint
CREATE TRIGGER companies_auth_context AFTER UPDATE OF is_active OR DELETE ON "companies"
  FOR EACH ROW EXECUTE FUNCTION notify_auth_context_changed();--> statement-breakpoint
CREATE TRIGGER api_keys_auth_context AFTER UPDATE OF revoked_at OR DELETE ON "api_keys"
  FOR EACH ROW EXECUTE FUNCTION notify_auth_context_changed();
