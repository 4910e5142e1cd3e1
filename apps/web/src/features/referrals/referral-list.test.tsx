import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch, type SeenRequest } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { ReferralList } from './referral-list.tsx';
import { aReferral, referralPage, settingsAnswer } from './referral-test-data.ts';

inEnglish();

const queryOf = (request: SeenRequest) => Object.fromEntries(request.url.searchParams);

describe('the referral list', { timeout: 60_000 }, () => {
  it('shows each invitation with both drivers, status and bonuses, and filters by status', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      'GET /referrals/settings/': () => settingsAnswer(),
      'GET /referrals/': () =>
        referralPage([
          aReferral(2),
          aReferral(3, {
            invited: { id: 3, name: 'Osmonov Timur', phone: '996555000003', account: '10000003' },
            status: 'rewarded',
            inviter_bonus: 100,
            invited_bonus: 50.5,
            rewarded_at: '2025-03-02T06:00:00.000Z',
            charge_id: 9,
          }),
        ]),
      'GET /users/': () => jsonResponse(200, { items: [], page: 1, pages: 1, size: 20, total: 0 }),
    });
    renderScreen(<ReferralList />, { path: '/list-of-referrals' });
    const rewarded = (await screen.findByRole('link', { name: 'Osmonov Timur' })).closest('tr')!;
    expect(rewarded).toHaveTextContent('Rewarded');
    expect(rewarded).toHaveTextContent('100.00 som');
    expect(rewarded).toHaveTextContent('50.50 som');
    expect(within(rewarded).getByRole('link', { name: 'Asanova Aida' })).toHaveAttribute('href', '/users/user/1');
    const pending = screen.getByRole('link', { name: 'Bekov Nurlan' }).closest('tr')!;
    expect(pending).toHaveTextContent('Pending');
    expect(screen.getByRole('button', { name: /Export/ })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByTitle('Rewarded'));
    await waitFor(() => expect(queryOf(api.callsTo('GET /referrals/').at(-1)!)).toMatchObject({ status: 'rewarded' }));
  });

  it('saves the two bonuses, refusing what the server would', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      'GET /referrals/settings/': () => settingsAnswer(),
      'GET /referrals/': () => referralPage([]),
      'PUT /referrals/settings/': () => settingsAnswer({ inviter_bonus: 75, invited_bonus: 0 }),
    });
    renderScreen(<ReferralList />, { path: '/list-of-referrals' });
    const inviter = await screen.findByLabelText('Bonus to the inviter');
    expect(await screen.findByText('No invited users yet')).toBeInTheDocument();
    await user.clear(inviter);
    await user.type(inviter, '-5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Ensure this value is greater than or equal to 0')).toBeInTheDocument();
    expect(api.callsTo('PUT /referrals/settings/')).toHaveLength(0);
    await user.clear(inviter);
    await user.type(inviter, '75');
    const invited = screen.getByLabelText('Bonus to the invited user');
    await user.clear(invited);
    await user.type(invited, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /referrals/settings/')).toHaveLength(1));
    expect(api.callsTo('PUT /referrals/settings/')[0]!.json()).toEqual({ inviter_bonus: 75, invited_bonus: 0 });
  });
});
