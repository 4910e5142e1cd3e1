import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/*
 * The question a dialog or form asks before dropping unsaved edits (`confirmDiscard`,
 * components/confirm-modal.ts), found by the confirm's own title: a dialog's title alike does not count.
 */
const TITLE = { selector: '.ant-modal-confirm-title' };

/** The question's title, or null while it is not asked. */
export const discardQuestion = () => screen.queryByText('Cancel data entry?', TITLE);

/** Waits for the question to be asked; resolves to its title. */
export const findDiscardQuestion = () => screen.findByText('Cancel data entry?', TITLE);

/** Waits for the question, answers Cancel to keep the edits, and waits until it has closed. */
export async function keepEditing(user: Pick<UserEvent, 'click'>) {
  const title = await findDiscardQuestion();
  await user.click(within(title.closest<HTMLElement>('.ant-modal-confirm')!).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(discardQuestion()).not.toBeInTheDocument());
}
