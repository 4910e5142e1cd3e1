import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch, type FetchHandler } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { PartnerForm } from './partner-form.tsx';
import { aPartner } from './partner-test-data.ts';

inEnglish();

const noMerchants = () => jsonResponse(200, { items: [], page: 1, pages: 1, size: 20, total: 0 });
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function render(path: string, handlers: Record<string, FetchHandler>) {
  const api = stubFetch({ 'GET /merchants/for-promotion/': noMerchants, ...handlers });
  const { router } = renderScreen(<PartnerForm />, {
    path,
    pattern: '/software-rental-partners/create/:id?',
    routes: [{ path: '/software-rental-partners', element: <p>partners list</p> }],
  });
  return { api, router };
}

async function nextStep(user: ReturnType<typeof userEvent.setup>, lang: string) {
  await user.click(screen.getByTestId('stepper-next'));
  await waitFor(() => expect(screen.getByTestId(`stepper-pane-${lang}`)).toBeVisible());
}

async function okay(user: ReturnType<typeof userEvent.setup>, text: string) {
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent(text);
  await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
}

describe('partner form', { timeout: 60_000 }, () => {
  it('creates a partner with the 12-digit phone and the chosen model’s amount only, telling a refused merchant', async () => {
    const user = userEvent.setup({ delay: null });
    let answer = () =>
      jsonResponse(409, { detail: 'The merchant "Volt Energy" is already operated by the partner "Chui Soft"' });
    const { api, router } = render('/software-rental-partners/create', { 'POST /partners/': () => answer() });

    fill('Name in Kyrgyz', 'Вольт КЖ');
    await nextStep(user, 'ru');
    fill('Name in Russian', 'Вольт');
    await nextStep(user, 'en');
    fill('Name in English', 'Volt Ops');
    fill('Legal entity name', 'Volt Ops LLC');
    fill('Contract number', 'PC-17');
    fill('Contact person', 'Bakyt');
    fill('Phone', '996700123456');
    expect(screen.getByLabelText('Phone')).toHaveValue('+996 (700) 12-34-56');
    fill('Email', 'ops@example.kg');
    fill('Share of turnover', '12.5');
    // The fixed model shows its own amount; the percentage typed stays aside and is not sent.
    await user.click(screen.getByRole('radio', { name: 'Fixed per month' }));
    fireEvent.change(await screen.findByLabelText('Monthly fee'), { target: { value: '15000' } });
    await user.click(screen.getByLabelText('Start date'));
    fill('Start date', '01.03.2024');
    fireEvent.keyDown(screen.getByLabelText('Start date'), { key: 'Enter', code: 'Enter' });

    await user.click(screen.getByTestId('stepper-submit'));
    await waitFor(() => expect(api.callsTo('POST /partners/')).toHaveLength(1));
    expect(api.callsTo('POST /partners/')[0]!.json()).toEqual({
      name_ky: 'Вольт КЖ',
      name_ru: 'Вольт',
      name_en: 'Volt Ops',
      legal_name: 'Volt Ops LLC',
      contract_number: 'PC-17',
      contact_person: 'Bakyt',
      phone: '996700123456',
      email: 'ops@example.kg',
      fee_model: 'fixed',
      fee_fixed: 15000,
      started_on: '2024-03-01',
      merchant_ids: [],
    });
    expect(await screen.findByText(/is already operated by the partner "Chui Soft"/)).toBeInTheDocument();

    answer = () => jsonResponse(201, aPartner(9, 'Volt Ops'));
    await user.click(screen.getByTestId('stepper-submit'));
    await okay(user, 'Partner created');
    await waitFor(() => expect(router.state.location.pathname).toBe('/software-rental-partners'));
  });

  it('edits a stored partner, sending only what changed', async () => {
    const user = userEvent.setup({ delay: null });
    const stored = aPartner(5, 'Chui Soft', { merchant_ids: [7], merchants: [{ id: 7, name: 'Volt Energy' }] });
    const { api, router } = render('/software-rental-partners/create/5', {
      'GET /partners/5/': () => jsonResponse(200, stored),
      'PATCH /partners/5/': () => jsonResponse(200, { ...stored, fee_percent: 8 }),
    });
    expect(await screen.findByDisplayValue('PC-5')).toBeInTheDocument();
    await nextStep(user, 'ru');
    await nextStep(user, 'en');
    fill('Share of turnover', '8');
    await user.click(screen.getByTestId('stepper-submit'));
    await waitFor(() => expect(api.callsTo('PATCH /partners/5/')).toHaveLength(1));
    expect(api.callsTo('PATCH /partners/5/')[0]!.json()).toEqual({ fee_percent: 8 });
    await okay(user, 'Changes saved');
    await waitFor(() => expect(router.state.location.pathname).toBe('/software-rental-partners'));
  });
});
