import { PageHeader } from '../../ui/PageHeader';
import { EmptyState } from '../../ui/EmptyState';

/** Placeholder: the Settings screen is being built. */
export function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" />
      <EmptyState title="Coming soon" />
    </>
  );
}
