import { EmptyState } from '../../../ui/EmptyState';

export function OidcTab() {
  return <EmptyState title="Coming soon" />;
}
