import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TaskCard } from './TaskCard';
import { newTask } from './task-fixture';

const run = {
  id: 9,
  task_id: 'sync_media',
  status: 'running' as const,
  trigger: 'manual' as const,
  progress: 42,
  items_processed: 512,
  error: null,
  started_at: '2026-03-01T00:00:00Z',
  completed_at: null,
  created_at: '2026-03-01T00:00:00Z',
  phase: 'Reading Jellyfin libraries',
  summary: {},
  requested_by: { type: 'user' as const, id: 1 },
};

describe('TaskCard', () => {
  it('runs and edits the task by its name', async () => {
    const onRun = vi.fn();
    const onEdit = vi.fn();
    render(
      <TaskCard task={newTask()} hasMainServer running={false} onRun={onRun} onEdit={onEdit} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Run Sync media' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit schedule Sync media' }));
    expect(onRun).toHaveBeenCalledOnce();
    expect(onEdit).toHaveBeenCalledOnce();
  });

  it('shows the active run’s phase and progress', () => {
    render(
      <TaskCard
        task={newTask({ active_run: run })}
        hasMainServer
        running={false}
        onRun={vi.fn()}
        onEdit={vi.fn()}
      />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Progress of Sync media' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('Reading Jellyfin libraries')).toBeInTheDocument();
  });

  it('explains why a run would be refused', () => {
    render(
      <TaskCard
        task={newTask({ requires_main_server: true })}
        hasMainServer={false}
        running={false}
        onRun={vi.fn()}
        onEdit={vi.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: 'Run Sync media' })).toHaveAccessibleDescription(
      /needs a main media server/i,
    );
  });
});
