import { PageHeader } from '../../ui/PageHeader';
import { EmptyState } from '../../ui/EmptyState';

/** Placeholder: the Requests screen is being built. */
export function RequestsPage() {
  return (
    <>
      <PageHeader title="Requests" />
      <EmptyState title="Coming soon" />
    </>
  );
}
