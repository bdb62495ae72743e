import { EmptyState } from '../../../ui/EmptyState';

export function GeneralTab() {
  return <EmptyState title="Coming soon" />;
}
