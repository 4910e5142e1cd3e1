import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CommandAnswer } from '@evcms/contracts/ocpp-commands';
import { i18n } from '../../lib/i18n.ts';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { MerchantStationList } from './station-list.tsx';
import { StationResetButton } from './station-reset.tsx';
import { aStationRow } from './station-test-data.ts';

inEnglish();

const STATION = { id: 8, name: 'Volt Chui', identity: 'CP 008' };
const answer = (body: CommandAnswer) => () => jsonResponse(200, body);
const accepted = answer({ success: true, outcome: 'accepted', outcome_name: 'Accepted by the station' });

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Restart' }));
  const title = await screen.findByText('Restart the station «Volt Chui»?');
  return title.closest<HTMLElement>('[role="dialog"]')!;
}

describe('station restart (spec 2.9, 8)', { timeout: 60_000 }, () => {
  it('asks first, naming the station, then sends the type chosen and says the restart went through', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({ 'POST /stations/reset/CP%20008/': accepted });
    renderScreen(<StationResetButton station={STATION} />);

    const dialog = await openDialog(user);
    // Soft is offered first and focused: the keyboard switches the type with the arrows.
    expect(within(dialog).getByRole('radio', { name: /Soft restart/ })).toBeChecked();
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: /Soft restart/ })).toHaveFocus());
    expect(api.callsTo('POST /stations/reset/CP%20008/')).toHaveLength(0);
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('radio', { name: /Hard restart/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Restart' }));

    expect(await screen.findByText('Restart (hard) completed successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /stations/reset/CP%20008/').map((call) => call.json())).toEqual([{ reset_type: 'Hard' }]);
    await waitFor(() => expect(screen.queryByText('Restart the station «Volt Chui»?')).not.toBeInTheDocument());
  });

  it('sends nothing when cancelled', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({});
    renderScreen(<StationResetButton station={STATION} />);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Restart the station «Volt Chui»?')).not.toBeInTheDocument());
    expect(api.calls).toHaveLength(0);
  });

  it('says the request failed, and why, when the station did not take it', async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch({
      'POST /stations/reset/CP%20008/': answer({
        success: false,
        outcome: 'offline',
        outcome_name: 'The station is offline',
      }),
    });
    renderScreen(<StationResetButton station={STATION} />);
    await user.click(within(await openDialog(user)).getByRole('button', { name: 'Restart' }));
    const failure = await screen.findByText('Failed to send the restart request. Please try again.');
    expect(failure.closest('.ant-notification-notice')).toHaveTextContent('The station is offline');
  });

  it('says the same when the request itself fails', async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch({
      'POST /stations/reset/CP%20008/': () => jsonResponse(500, { detail: 'boom' }),
    });
    renderScreen(<StationResetButton station={STATION} />);
    await user.click(within(await openDialog(user)).getByRole('button', { name: 'Restart' }));
    expect(await screen.findByText('Failed to send the restart request. Please try again.')).toBeInTheDocument();
  });

  it('speaks Russian with the type in its words', async () => {
    const user = userEvent.setup({ delay: null });
    await i18n.changeLanguage('ru');
    stubFetch({ 'POST /stations/reset/CP%20008/': accepted });
    renderScreen(<StationResetButton station={STATION} />);
    await user.click(screen.getByRole('button', { name: 'Перезагрузить' }));
    const dialog = (await screen.findByText('Перезагрузить станцию «Volt Chui»?')).closest<HTMLElement>(
      '[role="dialog"]',
    )!;
    await user.click(within(dialog).getByRole('radio', { name: /Жёсткая перезагрузка/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Перезагрузить' }));
    expect(await screen.findByText('Перезагрузка (жёсткая) успешно выполнена')).toBeInTheDocument();
  });

  it('is offered on every row of the station list', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      'GET /stations/': () =>
        jsonResponse(200, { items: [aStationRow(8, 'Volt Chui', 0)], page: 1, pages: 1, size: 10, total: 1 }),
      'POST /stations/reset/CP-8/': accepted,
    });
    renderScreen(<MerchantStationList merchantId={5} />, {
      path: '/merchants/merchant/5',
      pattern: '/merchants/merchant/:id',
    });
    const row = (await screen.findByRole('link', { name: 'Volt Chui' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Restart' }));
    const dialog = (await screen.findByText('Restart the station «Volt Chui»?')).closest<HTMLElement>(
      '[role="dialog"]',
    )!;
    await user.click(within(dialog).getByRole('button', { name: 'Restart' }));
    expect(await screen.findByText('Restart (soft) completed successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /stations/reset/CP-8/')[0]!.json()).toEqual({ reset_type: 'Soft' });
  });
});
