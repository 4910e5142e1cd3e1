import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { aCharge, page, running } from './charge-test-data.ts';
import { DriverCharges } from './driver-charges.tsx';

inEnglish();

describe('a driver’s charges on their page', { timeout: 60_000 }, () => {
  it('shows a running charge’s total as not yet known, never 0 beside its growing amount', async () => {
    const api = stubFetch({
      'GET /users/transactions/': () => page([aCharge(4606, running), aCharge(118)]),
    });
    renderScreen(<DriverCharges driverId={7} />);
    const runningRow = (await screen.findByRole('button', { name: 'Open charge no. 4606' })).closest('tr');
    expect(runningRow).toHaveTextContent('0.761— running');
    expect(screen.getByRole('button', { name: 'Open charge no. 118' }).closest('tr')).toHaveTextContent('12.345123.45');
    expect(api.calls[0]!.url.searchParams.get('user')).toBe('7');
  });
});
