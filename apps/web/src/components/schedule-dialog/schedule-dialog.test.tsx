import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { discardQuestion, findDiscardQuestion, keepEditing } from '../../test/discard-question.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { ScheduleDialog } from './schedule-dialog.tsx';

/*
 * The dialog's keyboard and closing rules; editing and saving are in schedule-field.test.tsx.
 * Elements are found by label or test id, not by role: computing roles over fourteen time
 * pickers takes seconds in jsdom.
 */

const MONDAY = [{ day: 0, start_time: '09:00:00', end_time: '18:00:00', is_break: false }];

async function openDialog() {
  const onCancel = vi.fn();
  const onSave = vi.fn();
  renderScreen(<ScheduleDialog open value={MONDAY} onSave={onSave} onCancel={onCancel} />);
  // The dialog opens with its first field focused.
  await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('All days')));
  return { onCancel, onSave, user: userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }) };
}

const pickerOpen = () => document.querySelector('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)') !== null;

describe('ScheduleDialog', { timeout: 60_000 }, () => {
  inEnglish();

  it('focuses its first field on opening', async () => {
    await openDialog();
  });

  it('closes only the time picker on Esc, keeping the dialog and its edits', async () => {
    const { user, onCancel } = await openDialog();
    await user.click(screen.getByLabelText('Tuesday'));
    await user.click(screen.getByLabelText('Monday: start'));
    await waitFor(() => expect(pickerOpen()).toBe(true));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(pickerOpen()).toBe(false));
    expect(onCancel).not.toHaveBeenCalled();
    expect(discardQuestion()).not.toBeInTheDocument();
    expect(screen.getByLabelText('Tuesday')).toBeChecked();
  });

  it('closes at once when nothing was edited', async () => {
    const { user, onCancel } = await openDialog();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
    expect(discardQuestion()).not.toBeInTheDocument();
  });

  it('asks before dropping edits, on Esc and on Cancel, and closes only after Yes', async () => {
    const { user, onCancel } = await openDialog();
    await user.click(screen.getByLabelText('Tuesday'));

    await user.keyboard('{Escape}');
    await keepEditing(user);
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Tuesday')).toBeChecked();

    await user.click(within(screen.getByTestId('schedule-footer')).getByText('Cancel'));
    await findDiscardQuestion();
    await user.click(screen.getByText('Yes'));
    await waitFor(() => expect(onCancel).toHaveBeenCalledOnce());
  });

  it('refuses a typed time off the 30-minute grid with a message and keeps the time', async () => {
    const { user, onSave } = await openDialog();
    const input = screen.getByLabelText('Monday: start');
    const type = (time: string) => {
      fireEvent.mouseDown(input);
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value: time } });
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    };
    type('10:15');
    const monday = screen.getByTestId('schedule-day-1');
    expect(await within(monday).findByText(/^10:15 is not available: times go in 30-minute steps/)).toBeInTheDocument();
    expect(input).toHaveValue('09:00');

    type('10:30');
    await waitFor(() => expect(within(monday).queryByText(/is not available/)).not.toBeInTheDocument());
    await user.click(screen.getByTestId('schedule-save'));
    expect(onSave).toHaveBeenCalledWith([{ day: 0, start_time: '10:30:00', end_time: '18:00:00', is_break: false }]);
  });
});
