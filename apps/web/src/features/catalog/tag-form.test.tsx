import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { discardQuestion, keepEditing } from '../../test/discard-question.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { TagFormModal } from './tag-form.tsx';

inEnglish();

describe('tag form dialog', { timeout: 60_000 }, () => {
  it('opens with the first title focused and closes on Esc at once while untouched', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    renderScreen(<TagFormModal onClose={onClose} />);
    await waitFor(() => expect(screen.getByLabelText('Title in Kyrgyz')).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
    expect(discardQuestion()).not.toBeInTheDocument();
  });

  it('asks on Esc once a title was typed, and stays open on Cancel', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    renderScreen(<TagFormModal onClose={onClose} />);
    await waitFor(() => expect(screen.getByLabelText('Title in Kyrgyz')).toHaveFocus());
    await user.keyboard('Кафе{Escape}');
    await keepEditing(user);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Title in Kyrgyz')).toHaveValue('Кафе');
  });
});
