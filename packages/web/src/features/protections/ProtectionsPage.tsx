import { PageHeader } from '../../ui/PageHeader';
import { EmptyState } from '../../ui/EmptyState';

/** Placeholder: the Protections screen is being built. */
export function ProtectionsPage() {
  return (
    <>
      <PageHeader title="Protections" />
      <EmptyState title="Coming soon" />
    </>
  );
}
