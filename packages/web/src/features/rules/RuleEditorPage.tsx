import { PageHeader } from '../../ui/PageHeader';
import { EmptyState } from '../../ui/EmptyState';

/** Placeholder: the Rule editor screen is being built. */
export function RuleEditorPage() {
  return (
    <>
      <PageHeader title="Rule editor" />
      <EmptyState title="Coming soon" />
    </>
  );
}
