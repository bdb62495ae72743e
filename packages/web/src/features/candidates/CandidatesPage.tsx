import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { asProblem } from '../../api/problem';
import { useSession } from '../../api/session';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { Pager } from '../../ui/Pager';
import { ProblemMessage } from '../../ui/ProblemMessage';
import { Skeleton } from '../../ui/Skeleton';
import { useSearchState } from '../../ui/useSearchState';
import { BulkToolbar } from './BulkToolbar';
import { CandidateFilters } from './CandidateFilters';
import { FILTER_DEFAULTS, listQuery } from './list-query';
import { CandidateGroupCard, type SelectionApi } from './CandidateGroupCard';
import { ReclaimSummary } from './ReclaimSummary';
import type { CandidateGroup, Selected } from './target';
import './candidates.css';

/** Groups a screen shows at once; the rest of the page follows in a background render. */
const FIRST_GROUPS = 8;

/**
 * A page's group cards: the first few render with the page, the rest right after, so the first
 * candidates show without waiting for every card's rows (bench/web). The rest only add cards
 * below the fold, so nothing on screen moves.
 */
function GroupCards({
  groups,
  ruleNames,
  selection,
}: {
  groups: CandidateGroup[];
  ruleNames: ReadonlyMap<number, string>;
  selection: SelectionApi | null;
}) {
  const shown = useDeferredValue(groups, groups.slice(0, FIRST_GROUPS));
  return shown.map((group) => (
    <CandidateGroupCard
      key={`${group.media_type}:${group.media_id}`}
      group={group}
      ruleNames={ruleNames}
      selection={selection}
    />
  ));
}

function NoAccess() {
  return (
    <>
      <PageHeader title="Candidates" />
      <EmptyState title="Candidates are not shown to users on this server">
        An administrator can allow it in Settings (“Users can view candidates”).
      </EmptyState>
    </>
  );
}

/** The Candidates screen: what the rules picked, grouped by title, and what happens next. */
export function CandidatesPage() {
  const { isAdmin, canViewCandidates } = useSession();
  if (!canViewCandidates && !isAdmin) return <NoAccess />;
  return <Candidates isAdmin={isAdmin} />;
}

function Candidates({ isAdmin }: { isAdmin: boolean }) {
  const [values, set] = useSearchState(FILTER_DEFAULTS);
  const query = listQuery(values);
  const list = api.useQuery(
    'get',
    '/api/media/candidates',
    { params: { query } },
    { placeholderData: keepPreviousData, refetchInterval: 30_000 },
  );
  const rules = api.useQuery('get', '/api/media/candidates/rules', {}, { refetchInterval: 30_000 });
  const ruleNames = useMemo(
    () => new Map((rules.data?.items ?? []).map((r) => [r.id, r.name])),
    [rules.data],
  );

  // The selection belongs to one page of one filter set: changing either starts afresh.
  const key = JSON.stringify(query);
  const [picked, setPicked] = useState<{ key: string; items: Map<number, Selected> }>({
    key,
    items: new Map(),
  });
  const selected = picked.key === key ? picked.items : new Map<number, Selected>();
  const toggle = useCallback(
    (items: readonly Selected[], on: boolean) =>
      setPicked((prev) => {
        const next = new Map(prev.key === key ? prev.items : []);
        for (const item of items) {
          if (on) next.set(item.candidate.id, item);
          else next.delete(item.candidate.id);
        }
        return { key, items: next };
      }),
    [key],
  );
  const clear = useCallback(() => setPicked({ key, items: new Map() }), [key]);
  const selection: SelectionApi | null = isAdmin ? { has: (id) => selected.has(id), toggle } : null;

  if (list.error && asProblem(list.error).status === 403) return <NoAccess />;
  const data = list.data;
  return (
    <>
      <PageHeader title="Candidates" count={data?.total} />
      <ReclaimSummary />
      <CandidateFilters values={values} set={set} rules={rules.data?.items ?? []} />
      {isAdmin && <BulkToolbar items={[...selected.values()]} onClear={clear} />}
      {list.isPending ? (
        <Skeleton rows={6} height={120} />
      ) : !data ? (
        <ProblemMessage error={list.error} onRetry={() => void list.refetch()} />
      ) : data.items.length === 0 ? (
        <EmptyState title="No candidates">
          Rules pick candidates at the next scan — see{' '}
          {isAdmin ? <Link to="/rules">Rules</Link> : 'Rules'} /{' '}
          {isAdmin ? <Link to="/tasks">Tasks</Link> : 'Tasks'}.
        </EmptyState>
      ) : (
        <div className="candidate-groups" aria-busy={list.isFetching}>
          <GroupCards groups={data.items} ruleNames={ruleNames} selection={selection} />
        </div>
      )}
      {data && (
        <Pager
          page={data.page}
          totalPages={data.total_pages}
          onPage={(page) => set({ page: String(page) })}
        />
      )}
    </>
  );
}
