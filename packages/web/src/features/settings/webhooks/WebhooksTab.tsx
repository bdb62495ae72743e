import { EmptyState } from '../../../ui/EmptyState';

export function WebhooksTab() {
  return <EmptyState title="Coming soon" />;
}
