import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { LocationFields } from '../location-select/location-fields.tsx';

inEnglish();

function Harness() {
  const [form] = Form.useForm();
  return (
    <Form form={form}>
      <LocationFields form={form} />
    </Form>
  );
}

describe('a select whose options could not be loaded', { timeout: 30_000 }, () => {
  it('says so in its dropdown, with Retry, which brings the options', async () => {
    const user = userEvent.setup({ delay: null });
    let up = false;
    stubFetch({
      'GET /common/locations/': () =>
        up
          ? jsonResponse(200, [
              { id: 1, name: 'Kyrgyzstan', name_ru: 'Кыргызстан', name_en: 'Kyrgyzstan', name_ky: 'Кыргызстан' },
            ])
          : jsonResponse(500, { error: 'Internal Server Error' }),
    });
    renderScreen(<Harness />, { queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) });
    await user.click(screen.getByLabelText('Country'));
    const failure = await screen.findByTestId('options-load-failure');
    expect(failure).toHaveTextContent(
      'The list could not be loadedThe server could not answer. Try again in a moment.',
    );

    up = true;
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTitle('Kyrgyzstan')).toBeInTheDocument();
    expect(screen.queryByTestId('options-load-failure')).not.toBeInTheDocument();
  });
});
