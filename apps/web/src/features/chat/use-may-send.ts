import { canChangeData } from '@flowline/shared';
import { useSession } from '../session/use-session';

/** ReadOnly members read conversations but never send (the server answers 403 read_only). */
export function useMaySendChat(): boolean {
  const { user } = useSession();
  return canChangeData({ roles: user.roles, userType: user.userType });
}
