import { PageHeader } from '../../ui/PageHeader';
import { EmptyState } from '../../ui/EmptyState';

/** Placeholder: the Rules screen is being built. */
export function RulesPage() {
  return (
    <>
      <PageHeader title="Rules" />
      <EmptyState title="Coming soon" />
    </>
  );
}
