import { PageHeader } from '../../ui/PageHeader';
import { EmptyState } from '../../ui/EmptyState';

/** Placeholder: the Notices screen is being built. */
export function NoticesPage() {
  return (
    <>
      <PageHeader title="Notices" />
      <EmptyState title="Coming soon" />
    </>
  );
}
