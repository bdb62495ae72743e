import { EmptyState } from '../../../ui/EmptyState';

export function UsersTab() {
  return <EmptyState title="Coming soon" />;
}
