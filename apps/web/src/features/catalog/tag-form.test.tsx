import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { TagFormModal } from './tag-form.tsx';

inEnglish();

const QUESTION = { selector: '.ant-modal-confirm-title' };

describe('tag form dialog', { timeout: 60_000 }, () => {
  it('opens with the first title focused and closes on Esc at once while untouched', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    renderScreen(<TagFormModal onClose={onClose} />);
    await waitFor(() => expect(screen.getByLabelText('Title in Kyrgyz')).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByText('Cancel data entry?', QUESTION)).not.toBeInTheDocument();
  });

  it('asks on Esc once a title was typed, and stays open on Cancel', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    renderScreen(<TagFormModal onClose={onClose} />);
    await waitFor(() => expect(screen.getByLabelText('Title in Kyrgyz')).toHaveFocus());
    await user.keyboard('Кафе{Escape}');
    const question = await screen.findByText('Cancel data entry?', QUESTION);
    await user.click(
      within(question.closest<HTMLElement>('.ant-modal-confirm')!).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByText('Cancel data entry?', QUESTION)).not.toBeInTheDocument());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Title in Kyrgyz')).toHaveValue('Кафе');
  });
});
