import { PageHeader } from '../../ui/PageHeader';
import { EmptyState } from '../../ui/EmptyState';

/** Placeholder: the Library screen is being built. */
export function LibraryPage() {
  return (
    <>
      <PageHeader title="Library" />
      <EmptyState title="Coming soon" />
    </>
  );
}
