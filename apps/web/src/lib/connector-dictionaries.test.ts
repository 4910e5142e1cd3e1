import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { connectorDictionaryQueryOptions, defaultRateFeesQueryOptions } from './connector-dictionaries.ts';
import { jsonResponse, stubFetch } from './test-fetch.ts';

describe('connector dictionaries', () => {
  it('reads a connector dictionary by its info', async () => {
    const api = stubFetch({
      'GET /stations/connectors-types-positions/': () => jsonResponse(200, { type2: 'Type 2' }),
    });
    expect(await new QueryClient().fetchQuery(connectorDictionaryQueryOptions('types'))).toEqual({ type2: 'Type 2' });
    expect(api.calls[0]!.url.search).toBe('?info=types');
  });

  it('reads the default tariff of each connector type', async () => {
    const fees = [{ typo: 'type2', typo_name: 'Type 2', price: 12.5, rate_id: 3, rate_name: 'Base' }];
    stubFetch({ 'GET /payments/default-rates-fee/': () => jsonResponse(200, fees) });
    expect(await new QueryClient().fetchQuery(defaultRateFeesQueryOptions())).toEqual(fees);
  });
});
