import { createContext, useContext, type ReactNode } from 'react';
import type { Schemas } from './client';

export type Me = Schemas['MeResponse'];

const SessionContext = createContext<Me | null>(null);

export function SessionProvider({ me, children }: { me: Me; children: ReactNode }) {
  return <SessionContext.Provider value={me}>{children}</SessionContext.Provider>;
}

/** The signed-in user, their role and what they may open. Inside the app shell only. */
export function useSession() {
  const me = useContext(SessionContext);
  if (!me) throw new Error('useSession outside the signed-in app');
  return {
    user: me.user,
    isAdmin: me.user.role === 'admin',
    canViewCandidates: me.permissions.candidates_page,
  };
}
