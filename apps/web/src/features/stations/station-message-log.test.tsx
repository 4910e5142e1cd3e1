import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { StationMessageLog } from './station-message-log.tsx';
import { anOcppMessage } from './station-test-data.ts';

inEnglish();

const render = () =>
  renderScreen(<StationMessageLog stationId={8} />, { path: '/merchants/merchant/5/station-info/8?messages.page=2' });

describe('station message log', { timeout: 60_000 }, () => {
  it('shows each frame: Bishkek time to the second, direction, kind, action and one line of JSON that expands', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      'GET /stations/8/ocpp/messages/': () =>
        jsonResponse(200, {
          items: [
            anOcppMessage(3, {
              at: '2024-05-06T08:30:07.000Z',
              direction: 'out',
              kind: 'result',
              action: 'StartTransaction',
              payload: { transactionId: 118, idTagInfo: { status: 'Accepted' } },
            }),
            anOcppMessage(2, {
              action: 'StartTransaction',
              payload: { connectorId: 1, idTag: 'TAG-1', meterStart: 0 },
            }),
            anOcppMessage(1, {
              kind: 'error',
              direction: 'out',
              action: null,
              payload: { code: 'FormationViolation' },
            }),
          ],
          page: 2,
          pages: 2,
          size: 10,
          total: 13,
        }),
    });
    render();
    const log = await screen.findByTestId('station-message-log');
    await within(log).findByText('06.05.2024 14:30:07');
    expect(within(log).getByText('OCPP messages')).toBeInTheDocument();
    // The page the URL keeps, under the log's own prefix.
    expect(Object.fromEntries(api.callsTo('GET /stations/8/ocpp/messages/')[0]!.url.searchParams)).toEqual({
      page: '2',
      size: '10',
    });

    const rows = within(log).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent(
      '06.05.2024 14:30:07To the stationAnswerStartTransaction{"transactionId":118,"idTagInfo":{"status":"Accepted"}}',
    );
    expect(rows[1]).toHaveTextContent(
      '06.05.2024 14:30:05From the stationRequestStartTransaction{"connectorId":1,"idTag":"TAG-1","meterStart":0}',
    );
    // An error whose call is unknown has no action.
    expect(rows[2]).toHaveTextContent('To the stationErrorNone{"code":"FormationViolation"}');
    expect(rows[0]!.querySelector('[data-direction="out"] [aria-hidden]')).not.toBeNull();

    await user.click(within(rows[1]!).getByRole('button', { name: /expand/i }));
    const payload = await within(log).findByTestId('message-payload');
    expect(payload.textContent).toBe(JSON.stringify({ connectorId: 1, idTag: 'TAG-1', meterStart: 0 }, null, 2));
  });

  it('says when the station has exchanged no messages', async () => {
    stubFetch({
      'GET /stations/8/ocpp/messages/': () => jsonResponse(200, { items: [], page: 1, pages: 1, size: 10, total: 0 }),
    });
    render();
    expect(await screen.findByText('The station has not exchanged any messages yet')).toBeInTheDocument();
  });
});
