import { AlertOctagon, AlertTriangle, Info } from 'lucide-react';
import type { Alert } from './dashboard-model';
import { isConfirmable, isGuard } from './dashboard-model';
import { DateTime } from '../../ui/DateTime';

const SEVERITY_ICON = { info: Info, warning: AlertTriangle, critical: AlertOctagon };

/** Active alerts, each with the actions its `actions` allow. */
export function AlertList({
  alerts,
  onConfirm,
  onDismiss,
}: {
  alerts: Alert[];
  onConfirm: (alert: Alert) => void;
  onDismiss: (alert: Alert) => void;
}) {
  return (
    <ul className="alert-list">
      {alerts.map((alert) => {
        const Icon = SEVERITY_ICON[alert.severity];
        return (
          <li key={alert.id} className={`card alert-item severity-${alert.severity}`}>
            <Icon aria-hidden size={20} className="alert-icon" />
            <div className="alert-body">
              <p className="alert-title">
                <span className={`badge severity-badge-${alert.severity}`}>{alert.severity}</span>{' '}
                {alert.title}
              </p>
              <p className="alert-message">{alert.message}</p>
              <p className="muted small">
                <DateTime value={alert.created_at} relative />
              </p>
            </div>
            <div className="alert-actions">
              {isConfirmable(alert) && (
                <button
                  type="button"
                  className="button primary"
                  aria-label={`Confirm alert: ${alert.title}`}
                  onClick={() => onConfirm(alert)}
                >
                  Confirm
                </button>
              )}
              {alert.actions.includes('dismiss') && (
                <button
                  type="button"
                  className="button"
                  aria-label={`Dismiss alert: ${alert.title}`}
                  title={
                    isGuard(alert)
                      ? 'Dismissing hides the alert and confirms nothing: the held work stays held.'
                      : undefined
                  }
                  onClick={() => onDismiss(alert)}
                >
                  Dismiss
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
