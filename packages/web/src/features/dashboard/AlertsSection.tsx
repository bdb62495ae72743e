import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { toast } from 'sonner';
import { api } from '../../api/client';
import { EmptyState } from '../../ui/EmptyState';
import { QueryState } from '../../ui/QueryState';
import { activeAlertsQuery } from './alerts-query';
import { AlertList } from './AlertList';
import { confirmConsequence, isGuard, type Alert } from './dashboard-model';

// React Aria's dialog code loads when an alert is confirmed or dismissed, not with the dashboard
// (the first screen most visits open: bench/web).
const ConfirmDialog = lazy(() =>
  import('../../ui/Dialog').then((m) => ({ default: m.ConfirmDialog })),
);

type Pending = { action: 'confirm' | 'dismiss'; alert: Alert } | null;

/** The administrator's active alerts, polled, with confirm and dismiss. */
export function AlertsSection() {
  const queryClient = useQueryClient();
  const alerts = useQuery({
    ...activeAlertsQuery(),
    refetchInterval: 30_000,
    placeholderData: keepPreviousData,
  });
  const [pending, setPending] = useState<Pending>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['get', '/api/alerts'] });
    void queryClient.invalidateQueries({ queryKey: ['get', '/api/info/sidebar-indicators'] });
  };
  const done = () => {
    setPending(null);
    refresh();
  };
  const confirm = api.useMutation('post', '/api/alerts/{alert_id}/confirm', {
    onSuccess: (result) => {
      toast.success(`Confirmed: job ${result.job_id} queued.`);
      done();
    },
  });
  const dismiss = api.useMutation('post', '/api/alerts/{alert_id}/dismiss', {
    onSuccess: () => {
      toast.success('Alert dismissed.');
      done();
    },
  });
  const dismissNow = (alert: Alert) => dismiss.mutate({ params: { path: { alert_id: alert.id } } });

  return (
    <section id="alerts" className="dash-alerts" aria-labelledby="alerts-title">
      <h2 id="alerts-title">
        Alerts
        {alerts.data && <span className="count"> {alerts.data.total.toLocaleString()}</span>}
      </h2>
      <QueryState query={alerts} rows={2} rowHeight={96}>
        {(page) =>
          page.items.length === 0 ? (
            <EmptyState title="No active alerts">
              Guards, breakers and failing sources show up here when they need you.
            </EmptyState>
          ) : (
            <>
              <AlertList
                alerts={page.items}
                onConfirm={(alert) => setPending({ action: 'confirm', alert })}
                onDismiss={(alert) =>
                  isGuard(alert) ? setPending({ action: 'dismiss', alert }) : dismissNow(alert)
                }
              />
              {page.total > page.items.length && (
                <p className="muted small">
                  Showing the newest {page.items.length} of {page.total.toLocaleString()} alerts.
                </p>
              )}
            </>
          )
        }
      </QueryState>
      <Suspense fallback={null}>
        {pending?.action === 'confirm' && (
          <ConfirmDialog
            open
            onOpenChange={(open) => !open && setPending(null)}
            title={`Confirm “${pending.alert.title}”?`}
            confirmLabel="Confirm and proceed"
            pending={confirm.isPending}
            onConfirm={() => confirm.mutate({ params: { path: { alert_id: pending.alert.id } } })}
          >
            <p>{pending.alert.message}</p>
            <p>
              <strong>{confirmConsequence(pending.alert)}</strong>
            </p>
            <p className="muted small">This cannot be undone.</p>
          </ConfirmDialog>
        )}
        {pending?.action === 'dismiss' && (
          <ConfirmDialog
            open
            onOpenChange={(open) => !open && setPending(null)}
            title={`Dismiss “${pending.alert.title}”?`}
            confirmLabel="Dismiss alert"
            pending={dismiss.isPending}
            onConfirm={() => dismissNow(pending.alert)}
          >
            <p>
              Dismissing only hides this alert. It confirms nothing: the held work stays held and is
              not carried out. To let it proceed, use Confirm instead.
            </p>
          </ConfirmDialog>
        )}
      </Suspense>
    </section>
  );
}
