import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OcppCommandEntry } from '@evcms/contracts/ocpp-commands';
import { jsonResponse, stubFetch, type FetchHandler } from '../../lib/test-fetch.ts';
import { renderScreen } from '../../test/render-screen.tsx';
import { StationDetail } from './station-detail.tsx';
import { aCommandEntry, aConnector, anOcppStatus, aStation, onCard } from './station-test-data.ts';

/* A Russian manager reads the station's commands, their parameters and the station's answers in Russian (issue 29). */

const page = (items: OcppCommandEntry[]) =>
  jsonResponse(200, { items, page: 1, pages: 1, size: 10, total: items.length });
const anEntry = (id: number, extra: Partial<OcppCommandEntry>) =>
  aCommandEntry(id, { outcome_name: 'Принято станцией', manager_name: 'Айзада Бекова', ...extra });

function render(routes: Record<string, FetchHandler>, station = aStation()) {
  const api = stubFetch({
    'GET /stations/8/': () => jsonResponse(200, station),
    'GET /stations/8/ocpp/messages/': () => jsonResponse(200, { items: [], page: 1, pages: 1, size: 10, total: 0 }),
    ...routes,
  });
  renderScreen(<StationDetail />, {
    path: '/merchants/merchant/5/station-info/8',
    pattern: '/merchants/merchant/:id/station-info/:stationId',
  });
  return api;
}

describe('the station card’s OCPP commands in Russian', { timeout: 60_000 }, () => {
  it('names each command, its parameters and the station’s answer, OCPP’s words in the tooltips', async () => {
    const user = userEvent.setup({ delay: null });
    render({
      'GET /stations/8/ocpp/commands/': () =>
        page([
          anEntry(3, {
            action: 'ChangeAvailability',
            params: { connectorId: 0, type: 'Inoperative' },
            response: { status: 'Scheduled' },
          }),
          anEntry(2, {
            action: 'UnlockConnector',
            params: { connectorId: 2 },
            outcome: 'rejected',
            outcome_name: 'Отклонено станцией',
            response: { status: 'UnlockFailed' },
          }),
          anEntry(1, {}),
        ]),
    });
    const log = await screen.findByTestId('station-command-log');
    await waitFor(() => expect(within(log).getAllByRole('row')).toHaveLength(4));
    const [, availability, unlock, reset] = within(log).getAllByRole('row');
    expect(availability).toHaveTextContent('Изменение доступностиКоннектор: вся станция; Тип: не в работе');
    expect(availability).toHaveTextContent('Запланировано после текущей зарядки');
    expect(unlock).toHaveTextContent('Разблокировка коннектораКоннектор: 2');
    expect(unlock).toHaveTextContent('Отклонено станциейНе удалось разблокировать');
    expect(reset).toHaveTextContent('ПерезагрузкаТип: мягкая');
    for (const word of [
      'ChangeAvailability',
      'Inoperative',
      'Scheduled',
      'UnlockConnector',
      'UnlockFailed',
      'Reset',
      'Soft',
      'Accepted',
    ]) {
      expect(log).not.toHaveTextContent(new RegExp(`\\b${word}\\b`));
    }

    await user.hover(within(unlock!).getByText('Не удалось разблокировать'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('UnlockFailed');
  });

  it('names a connector’s OCPP error code, the code in the tooltip', async () => {
    const user = userEvent.setup({ delay: null });
    const faulted = {
      ...onCard(aConnector(2, 1, 2)),
      ocpp_status: anOcppStatus('Faulted', { error_code: 'GroundFailure' }),
    };
    render({ 'GET /stations/8/ocpp/commands/': () => page([]) }, aStation({ connectors: [faulted] }));
    const tag = (await screen.findByTestId('connector-view')).querySelector<HTMLElement>('.ant-card-extra .ant-tag')!;
    expect(tag).toHaveTextContent('Неисправность · Нарушение заземления');
    await user.hover(tag);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('GroundFailure');
  });

  it('says the station’s answer in Russian, and offers the messages by their Russian names', async () => {
    const user = userEvent.setup({ delay: null });
    const api = render({
      'GET /stations/8/ocpp/commands/': () => page([]),
      'POST /stations/8/ocpp/trigger-message/': () =>
        jsonResponse(200, {
          success: true,
          outcome: 'accepted',
          outcome_name: 'Принято станцией',
          status: 'Accepted',
          command_id: 4,
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Запросить сообщение' }));
    const dialog = (
      await screen.findByText('Запросить сообщение у станции', { selector: '.ant-modal-title' })
    ).closest<HTMLElement>('.ant-modal')!;
    await user.click(within(dialog).getAllByRole('combobox')[0]!);
    await user.click(await screen.findByText('Показания счётчика', { selector: '.ant-select-item-option-content' }));
    await user.click(within(dialog).getByRole('button', { name: 'Отправить' }));

    expect(await screen.findByText('Ответ станции: Принято')).toBeInTheDocument();
    expect(api.callsTo('POST /stations/8/ocpp/trigger-message/')[0]!.json()).toMatchObject({
      requested_message: 'MeterValues',
    });
  });
});
