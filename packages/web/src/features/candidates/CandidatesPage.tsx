import { PageHeader } from '../../ui/PageHeader';
import { EmptyState } from '../../ui/EmptyState';

/** Placeholder: the Candidates screen is being built. */
export function CandidatesPage() {
  return (
    <>
      <PageHeader title="Candidates" />
      <EmptyState title="Coming soon" />
    </>
  );
}
