import { PageHeader } from '../../ui/PageHeader';
import { EmptyState } from '../../ui/EmptyState';

/** Placeholder: the Media details screen is being built. */
export function MediaDetailPage() {
  return (
    <>
      <PageHeader title="Media details" />
      <EmptyState title="Coming soon" />
    </>
  );
}
