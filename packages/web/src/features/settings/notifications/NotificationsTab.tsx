import { EmptyState } from '../../../ui/EmptyState';

export function NotificationsTab() {
  return <EmptyState title="Coming soon" />;
}
