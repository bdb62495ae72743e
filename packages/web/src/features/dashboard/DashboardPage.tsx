import { PageHeader } from '../../ui/PageHeader';
import { EmptyState } from '../../ui/EmptyState';

/** Placeholder: the Dashboard screen is being built. */
export function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" />
      <EmptyState title="Coming soon" />
    </>
  );
}
