import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test-utils';
import { AlertList } from './AlertList';
import { confirmConsequence, type Alert } from './dashboard-model';

const alert = (overrides: Partial<Alert>): Alert => ({
  id: 1,
  kind: 'source_unavailable',
  severity: 'warning',
  title: 'Radarr is unavailable',
  message: 'The last attempt failed.',
  data: {},
  actions: ['dismiss'],
  created_at: '2026-11-28T10:00:00Z',
  resolved_at: null,
  resolved_by: null,
  ...overrides,
});

describe('AlertList', () => {
  it('offers Confirm only on guard and breaker alerts', () => {
    renderWithProviders(
      <AlertList
        onConfirm={() => {}}
        onDismiss={() => {}}
        alerts={[
          alert({}),
          alert({
            id: 2,
            kind: 'auto_delete_circuit_breaker',
            severity: 'critical',
            title: 'Breaker tripped',
            actions: ['confirm', 'dismiss'],
          }),
        ]}
      />,
    );
    expect(screen.getByRole('button', { name: 'Confirm alert: Breaker tripped' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Confirm alert: Radarr/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Dismiss alert: Breaker tripped' })).toHaveAttribute(
      'title',
      expect.stringMatching(/confirms nothing/),
    );
  });

  it('says what confirming does for each kind', () => {
    expect(
      confirmConsequence(
        alert({ kind: 'auto_delete_circuit_breaker', data: { items: 73, files: 80 } }),
      ),
    ).toMatch(/held automatic deletion run proceed.*73 held candidates \(80 files\)/);
    expect(confirmConsequence(alert({ kind: 'sync_mass_removal_blocked' }))).toMatch(
      /applies the removals the blocked sync held back/,
    );
  });
});
