import { PageHeader } from '../../ui/PageHeader';
import { EmptyState } from '../../ui/EmptyState';

/** Placeholder: the Tasks screen is being built. */
export function TasksPage() {
  return (
    <>
      <PageHeader title="Tasks" />
      <EmptyState title="Coming soon" />
    </>
  );
}
