import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { enterText, inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { aDriver } from './driver-test-data.ts';
import { DriverPromoCode } from './driver-promo-code.tsx';

inEnglish();

/** The dialog by its title (antd gives every labelling id the same value under test, so not by its name). */
async function dialogTitled(title: string) {
  const shown = await screen.findByText(title, { selector: '.ant-modal-title' });
  return within(shown.closest<HTMLElement>('[role="dialog"]')!);
}

describe('applying a promo code on the driver card', { timeout: 60_000 }, () => {
  it('says each refusal in the dialog in the server’s words, then names the new balance', async () => {
    const user = userEvent.setup({ delay: null });
    let answers = 0;
    const api = stubFetch({
      'POST /users/7/promo-code/': () => {
        answers += 1;
        if (answers === 1) return jsonResponse(400, { code: ['There is no such promo code'] });
        if (answers === 2) return jsonResponse(409, { detail: 'This driver has already used this promo code' });
        return jsonResponse(200, aDriver(7, { balance: 150 }));
      },
    });
    renderScreen(<DriverPromoCode driver={aDriver(7, { balance: 100 })} />);
    await user.click(screen.getByRole('button', { name: 'Apply promo code' }));
    const dialog = await dialogTitled('Promo code for Asanov Bakyt');
    const submit = dialog.getByRole('button', { name: 'Apply' });

    await user.click(submit);
    expect(await dialog.findByText('Field cannot be blank')).toBeInTheDocument();
    await enterText(user, dialog.getByLabelText('Promo code'), 'nope');
    await user.click(submit);
    expect(
      await dialog.findByText('There is no such promo code', { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();

    await user.clear(dialog.getByLabelText('Promo code'));
    await enterText(user, dialog.getByLabelText('Promo code'), 'welcome-50');
    await user.click(submit);
    expect(await dialog.findByTestId('promo-code-refusal')).toHaveTextContent(
      'This driver has already used this promo code',
    );
    expect(api.callsTo('POST /users/7/promo-code/')[1]!.json()).toEqual({ code: 'welcome-50' });

    await user.click(submit);
    const done = await screen.findByText('Promo code applied', { selector: '.ant-modal-confirm-title' });
    expect(done.closest('[role="dialog"]')).toHaveTextContent('New balance: 150.00 som');
    await waitFor(() =>
      expect(
        screen.queryByText('Promo code for Asanov Bakyt', { selector: '.ant-modal-title' }),
      ).not.toBeInTheDocument(),
    );
  });
});
