import { keepPreviousData } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { api } from '../../api/client';
import { useSession } from '../../api/session';
import { PageHeader } from '../../ui/PageHeader';
import { ProblemMessage } from '../../ui/ProblemMessage';
import { AlertsSection } from './AlertsSection';
import { DashboardSkeleton, DashboardView } from './DashboardView';
import './dashboard.css';

/** Route `/`: the library at a glance, polled; administrators also see alerts and disks. */
export function DashboardPage() {
  const { isAdmin, canViewCandidates } = useSession();
  const dashboard = api.useQuery(
    'get',
    '/api/dashboard',
    {},
    { refetchInterval: 30_000, placeholderData: keepPreviousData },
  );
  useScrollToHash();
  return (
    <>
      <PageHeader title="Dashboard" />
      {dashboard.isPending ? (
        <DashboardSkeleton showCandidates={canViewCandidates} isAdmin={isAdmin} />
      ) : dashboard.data ? (
        <DashboardView data={dashboard.data} showCandidates={canViewCandidates} isAdmin={isAdmin} />
      ) : (
        <ProblemMessage error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      )}
      {isAdmin && <AlertsSection />}
    </>
  );
}

/** The top bar's bell links to `/#alerts`: bring that section into view, also on a re-click. */
function useScrollToHash() {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ block: 'start' });
  }, [hash, key]);
}
