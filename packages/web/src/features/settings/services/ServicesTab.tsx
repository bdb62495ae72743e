import { EmptyState } from '../../../ui/EmptyState';

export function ServicesTab() {
  return <EmptyState title="Coming soon" />;
}
