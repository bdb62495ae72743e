import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ScheduleForm } from './ScheduleForm';
import { newTask } from './task-fixture';

const NOW = new Date('2026-03-01T00:00:00Z');

function renderForm(
  task = newTask(),
  problem: Parameters<typeof ScheduleForm>[0]['problem'] = null,
) {
  const onSubmit = vi.fn();
  render(
    <ScheduleForm task={task} problem={problem} now={NOW} onSubmit={onSubmit} onCancel={vi.fn()} />,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('ScheduleForm', () => {
  it('shows the sentence and the next five runs of a cron value', () => {
    renderForm();
    expect(screen.getByRole('textbox', { name: 'Cron expression' })).toHaveValue('0 2 * * *');
    expect(screen.getByText('At 02:00 AM, every day')).toBeInTheDocument();
    const runs = within(screen.getByRole('list', { name: 'Next runs' })).getAllByRole('listitem');
    expect(runs).toHaveLength(5);
    const times = runs.map((li) => new Date(li.querySelector('time')?.dateTime ?? '').getTime());
    for (const time of times) expect(time).toBeGreaterThan(NOW.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('when the cron is invalid, shows the error on the field and does not submit', async () => {
    const { onSubmit, user } = renderForm();
    const input = screen.getByRole('textbox', { name: 'Cron expression' });
    await user.clear(input);
    await user.type(input, '61 * * * *');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(/not a valid cron expression/i);
    expect(screen.queryByRole('list', { name: 'Next runs' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for exactly five cron fields', async () => {
    const { user } = renderForm();
    const input = screen.getByRole('textbox', { name: 'Cron expression' });
    await user.clear(input);
    await user.type(input, '0 0 2 * * *');
    expect(screen.getByRole('alert')).toHaveTextContent(/exactly 5 fields/i);
  });

  it('keeps an interval between 60 seconds and 7 days', async () => {
    const { onSubmit, user } = renderForm(
      newTask({ schedule_type: 'interval', schedule_value: '900' }),
    );
    const amount = screen.getByRole('spinbutton', { name: 'Every' });
    expect(amount).toHaveValue(15);
    expect(screen.getByRole('combobox', { name: 'Interval unit' })).toHaveValue('minutes');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Interval unit' }), 'seconds');
    await user.clear(amount);
    await user.type(amount, '59');
    expect(screen.getByRole('alert')).toHaveTextContent(/between 60 seconds/i);
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Interval unit' }), 'hours');
    await user.clear(amount);
    await user.type(amount, '169');
    expect(screen.getByRole('alert')).toHaveTextContent(/604,800 seconds/);

    await user.clear(amount);
    await user.type(amount, '168');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(onSubmit).toHaveBeenCalledWith({
      schedule_type: 'interval',
      schedule_value: '604800',
      enabled: true,
    });
  });

  it('places the server 422 on the value field', () => {
    renderForm(newTask(), {
      type: 'about:blank',
      title: 'Validation failed',
      status: 422,
      detail: 'The request is invalid.',
      code: 'validation_failed',
      request_id: 'r1',
      errors: [{ in: 'body', name: 'schedule_value', message: 'cron must have 5 fields' }],
    });
    expect(screen.getByRole('alert')).toHaveTextContent('cron must have 5 fields');
  });

  it('cannot disable a task the service depends on, and says why', () => {
    renderForm(newTask({ can_disable: false }));
    const toggle = screen.getByRole('switch', { name: 'Enabled' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(/cannot be disabled/);
  });

  it('resets to the default schedule', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Reset to default' }));
    expect(screen.getByRole('spinbutton', { name: 'Every' })).toHaveValue(15);
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(onSubmit).toHaveBeenCalledWith({
      schedule_type: 'interval',
      schedule_value: '900',
      enabled: true,
    });
  });
});
