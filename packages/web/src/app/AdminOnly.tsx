import type { ReactNode } from 'react';
import { useSession } from '../api/session';
import { EmptyState } from '../ui/EmptyState';

/** Screens for administrators: a user who follows a link gets an explanation, not a 403. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { isAdmin } = useSession();
  if (!isAdmin)
    return (
      <EmptyState title="Administrators only">Ask an administrator of this server.</EmptyState>
    );
  return <>{children}</>;
}
