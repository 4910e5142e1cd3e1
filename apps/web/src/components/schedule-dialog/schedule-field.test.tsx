import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { ScheduleField } from './schedule-field.tsx';

/*
 * The dialog holds fourteen or more time pickers: elements are found by label or text, not by
 * role (computing roles over that tree takes seconds in jsdom), and times are typed with fireEvent
 * (userEvent re-renders the dialog per keystroke).
 */

/** Types a time into a picker and confirms it with Enter, as a keyboard user does. */
function typeTime(label: string, time: string) {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: time } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}

describe('ScheduleField', { timeout: 60_000 }, () => {
  inEnglish();

  it('edits a schedule in the dialog: days, a shared break, errors that keep it open, and saves 0..6 days', async () => {
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const onValuesChange = vi.fn();
    renderScreen(
      <Form initialValues={{ schedule: [] }} onValuesChange={onValuesChange}>
        <Form.Item name="schedule">
          <ScheduleField />
        </Form.Item>
      </Form>,
    );
    expect(screen.getByTestId('schedule-summary')).toHaveTextContent('No schedule');
    await user.click(screen.getByText('Specify operating mode'));
    await screen.findByText('Operating mode');

    for (const day of ['Monday', 'Tuesday', 'Wednesday']) await user.click(screen.getByLabelText(day));
    await user.click(screen.getByLabelText('Add break: Monday'));
    typeTime('Monday: break start', '13:00');
    typeTime('Monday: break end', '14:00');
    await user.click(screen.getByLabelText('Share to all selected days: Monday'));
    typeTime('Tuesday: start', '19:00');

    await user.click(screen.getByTestId('schedule-save'));
    const tuesday = screen.getByTestId('schedule-day-2');
    expect(await within(tuesday).findByText('The start cannot be later than the end')).toBeInTheDocument();
    expect(within(tuesday).getByText('The end cannot be earlier than the start')).toBeInTheDocument();
    expect(onValuesChange).not.toHaveBeenCalled();

    typeTime('Tuesday: start', '10:00');
    await waitFor(() =>
      expect(within(tuesday).queryByText('The start cannot be later than the end')).not.toBeInTheDocument(),
    );
    await user.click(screen.getByTestId('schedule-save'));

    await waitFor(() => expect(onValuesChange).toHaveBeenCalledTimes(1));
    expect(onValuesChange.mock.calls[0]![0]).toEqual({
      schedule: [
        { day: 0, start_time: '09:00:00', end_time: '18:00:00', is_break: false },
        { day: 0, start_time: '13:00:00', end_time: '14:00:00', is_break: true },
        { day: 1, start_time: '10:00:00', end_time: '18:00:00', is_break: false },
        { day: 1, start_time: '13:00:00', end_time: '14:00:00', is_break: true },
        { day: 2, start_time: '09:00:00', end_time: '18:00:00', is_break: false },
        { day: 2, start_time: '13:00:00', end_time: '14:00:00', is_break: true },
      ],
    });
    const summary = screen.getByTestId('schedule-summary');
    expect(summary).toHaveTextContent('Non-standard schedule');
    expect(summary).toHaveTextContent('Mon, Wed 09:00-18:00');
    expect(summary).toHaveTextContent('Tue 10:00-18:00');
    expect(summary).toHaveTextContent('Break 13:00-14:00');
    expect(screen.getByTestId('schedule-open')).toHaveTextContent('Change');
  });
});
