import { createContext, useContext } from 'react';
import type { CurrentUser, UserCompany } from '@flowline/shared';

/** The signed-in user working in the selected company (spec 2 §4.4). */
export interface Session {
  company: UserCompany;
  /** Every company of the user, cloud-hosted ones included. */
  companies: UserCompany[];
  /** The user with the roles they hold in `company`. */
  user: CurrentUser;
  isAdministrator: boolean;
  /** Selects another company: remembers it, drops all cached tenant data and goes Home. */
  switchCompany(companyId: number): Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside the signed-in shell');
  return session;
}
