import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bishkekLocations } from '../../components/location-test-data.ts';
import { jsonResponse, stubFetch, type FetchHandler } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { MerchantForm } from './merchant-form.tsx';

inEnglish();

/** The create form, with Kyrgyzstan and Bishkek to choose and `post` answering the save. */
function render(post: FetchHandler) {
  const api = stubFetch({ 'GET /common/locations/': bishkekLocations, 'POST /merchants/': post });
  const { router } = renderScreen(<MerchantForm />, {
    path: '/merchants/create-edit-merchant',
    pattern: '/merchants/create-edit-merchant/:id?',
    routes: [{ path: '/merchants/merchant/:id', element: <p>merchant page</p> }],
  });
  return { api, router };
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  // The city waits for a country: its select is disabled until then.
  await waitFor(() => expect(screen.getByLabelText(label)).toBeEnabled());
  await user.click(screen.getByLabelText(label));
  await user.click(await screen.findByTitle(option));
}

/** Fills in a valid merchant but its percentage: the names step by step, then the English step's fields. */
async function fillAllButPercentage(user: ReturnType<typeof userEvent.setup>) {
  fill('Name in Kyrgyz', 'Вольт КЖ');
  await user.click(screen.getByTestId('stepper-next'));
  await waitFor(() => expect(screen.getByTestId('stepper-pane-ru')).toBeVisible());
  fill('Name in Russian', 'Вольт');
  await user.click(screen.getByTestId('stepper-next'));
  await waitFor(() => expect(screen.getByTestId('stepper-pane-en')).toBeVisible());
  fill('Name in English', 'Volt');
  fill('Agreement number', 'A-17');
  fill('Legal entity name', 'Volt LLC');
  await choose(user, 'Country', 'Kyrgyzstan');
  await choose(user, 'City', 'Bishkek');
  fill('Street', 'Chui 1');
  fill('Phone', '996555123456');
  fill('Email', 'volt@example.kg');
}

describe('merchant form', { timeout: 60_000 }, () => {
  it('creates a merchant with the 12-digit phone and a numeric percentage, after field errors from the server', async () => {
    const user = userEvent.setup({ delay: null });
    let answer = () =>
      jsonResponse(400, {
        name_ky: ['Ensure this field has no more than 100 characters'],
        phone: ['A merchant with this phone already exists'],
      });
    const { api, router } = render(() => answer());

    await fillAllButPercentage(user);
    // Typed or pasted, the field shows the mask (each keystroke: phone-mask.test.ts).
    expect(screen.getByLabelText('Phone')).toHaveValue('+996 (555) 12-34-56');
    fill('Agency agreement percentage', '12.5');

    await user.click(screen.getByTestId('stepper-submit'));
    await waitFor(() => expect(api.callsTo('POST /merchants/')).toHaveLength(1));
    expect(api.callsTo('POST /merchants/')[0]!.json()).toEqual({
      name_ky: 'Вольт КЖ',
      name_ru: 'Вольт',
      name_en: 'Volt',
      agreement_number: 'A-17',
      legal_name: 'Volt LLC',
      country: 1,
      district: null,
      city: 2,
      street: 'Chui 1',
      phone: '996555123456',
      email: 'volt@example.kg',
      percentage: 12.5,
      tags: [],
      environment: [],
      schedule: [],
    });
    // The server's messages are on their fields, the generic alert says so, and the first field
    // in error (on the Kyrgyz step, no longer shown) is opened and focused.
    expect(await screen.findByText('Incorrectly filled field')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone').closest('.ant-form-item')).toHaveTextContent(
      'A merchant with this phone already exists',
    );
    await waitFor(() => expect(screen.getByTestId('stepper-pane-ky')).toBeVisible());
    await waitFor(() => expect(screen.getByLabelText('Name in Kyrgyz')).toHaveFocus());
    // Only on the field: the alert is the generic one, not the first message again.
    expect(screen.getAllByText('Ensure this field has no more than 100 characters')).toHaveLength(1);
    await user.click(screen.getByText('English'));

    answer = () => jsonResponse(201, { id: 17 });
    await user.click(screen.getByTestId('stepper-submit'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Merchant created');
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/merchants/merchant/17'));
  });

  it('refuses a percentage over 100 with one message naming the limit, keeps 150 and focuses it', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = render(() => jsonResponse(201, { id: 1 }));
    await fillAllButPercentage(user);
    const percentage = screen.getByLabelText('Agency agreement percentage');
    await user.type(percentage, '150');
    await user.click(screen.getByTestId('stepper-submit'));

    expect(await screen.findByText('Incorrectly filled field')).toBeInTheDocument();
    const item = percentage.closest<HTMLElement>('.ant-form-item')!;
    const messages = () => [...item.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent);
    await waitFor(() => expect(messages()).toEqual(['Ensure this value is less than or equal to 100']));
    await waitFor(() => expect(percentage).toHaveFocus());
    // Not clamped to 100 (the field shows the step's two decimals).
    expect(percentage).toHaveValue('150.00');
    expect(api.callsTo('POST /merchants/')).toHaveLength(0);
  });
});
