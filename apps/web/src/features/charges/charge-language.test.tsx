import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { renderScreen } from '../../test/render-screen.tsx';
import { ChargeList } from './charge-list.tsx';
import { aCharge, aChargeDetail, page } from './charge-test-data.ts';

/* A Russian manager reads a charge's result and stop reason in Russian, in the export's words (issue 29). */

describe('a charge in Russian', { timeout: 60_000 }, () => {
  it('names the result as the export does and the stop reason, OCPP’s word in the tooltip', async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch({
      'GET /users/transactions/': () => page([aCharge(118)]),
      'GET /users/transactions/118/': () => jsonResponse(200, aChargeDetail(118, { stop_reason: 'Remote' })),
      'GET /stations/for-transaction/': () => page([]),
      'GET /ads/promotions/': () => page([]),
    });
    renderScreen(<ChargeList />, { path: '/chargers-list', pattern: '/chargers-list' });
    const open = await screen.findByRole('button', { name: 'Открыть зарядку № 118' });
    const row = open.closest('tr')!;
    expect(within(row).getByText('Успешно')).toBeInTheDocument();

    await user.click(within(row).getByText('Ala-Too'));
    const details = await screen.findByTestId('charge-details');
    expect(within(details).getByText('Успешно')).toBeInTheDocument();
    const reason = within(details).getByTestId('charge-stop-reason');
    expect(reason).toHaveTextContent('Остановлена удалённо');
    await user.hover(reason);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Remote');
  });
});
