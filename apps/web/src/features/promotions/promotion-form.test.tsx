import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cropCanvas } from '../../components/image-crop/crop-canvas.ts';
import { jsonResponse, stubFetch, type FetchHandler, type SeenRequest } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { PromotionForm } from './promotion-form.tsx';
import { aPromotion } from './promotion-test-data.ts';

inEnglish();

/*
 * jsdom decodes no image and has no canvas: as in image-crop-modal.test.tsx, object URLs, the
 * photo's decoding, the cropping area's size and the JPEG export are stubbed; the crop itself runs.
 */
beforeAll(() => {
  URL.createObjectURL ??= () => '';
  URL.revokeObjectURL ??= () => undefined;
});
beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:photo');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({
    x: 0,
    y: 0,
    left: 0,
    top: 0,
    width: 480,
    height: 270,
    right: 480,
    bottom: 270,
    toJSON: () => ({}),
  });
  vi.spyOn(cropCanvas, 'toJpeg').mockResolvedValue(new Blob(['jpeg'], { type: 'image/jpeg' }));
});

const MERCHANTS = [
  { id: 7, name: 'Volt Energy' },
  { id: 3, name: 'Osh Charge' },
];
const STATIONS = [
  { id: 11, name: 'Volt Chui', merchant: 7 },
  { id: 12, name: 'Volt Osh', merchant: 7 },
  { id: 20, name: 'Osh Bazaar', merchant: 3 },
];
const paged = <T,>(items: T[]) => jsonResponse(200, { items, page: 1, pages: 1, size: 20, total: items.length });

const pickers: Record<string, FetchHandler> = {
  'GET /merchants/for-promotion/': (request) => {
    const search = request.url.searchParams.get('search')?.toLowerCase() ?? '';
    return paged(MERCHANTS.filter((merchant) => merchant.name.toLowerCase().includes(search)));
  },
  'GET /stations/for-promotion/': (request) => {
    const merchant = request.url.searchParams.get('merchant');
    const items = STATIONS.filter((station) => !merchant || station.merchant === Number(merchant));
    return paged(items.map(({ id, name }) => ({ id, name })));
  },
};

const render = (path: string, routes: Record<string, FetchHandler>) => {
  const api = stubFetch({ ...pickers, ...routes });
  const view = renderScreen(<PromotionForm />, {
    path,
    pattern: '/promotions/creating-promotion/:id?',
    routes: [{ path: '/promotions', element: <p data-testid="list">list</p> }],
  });
  return { api, ...view };
};

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const itemOf = (label: string) => screen.getByLabelText(label).closest<HTMLElement>('.ant-form-item')!;
function typeInto(input: HTMLElement, text: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}
const entries = (request: SeenRequest) =>
  [...(request.body as FormData).entries()].map(([name, value]) => [name, value instanceof File ? value.name : value]);

async function choose(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, option: string) {
  await user.click(field);
  // The option of the list just opened: not a select showing the same name, nor an earlier list.
  const options = await screen.findAllByTitle(option);
  await user.click(options.filter((found) => found.classList.contains('ant-select-item-option')).at(-1)!);
}

/** Chooses the photo and crops it as it comes (16:9 already). */
async function uploadImage(user: ReturnType<typeof userEvent.setup>) {
  const input = screen.getByTestId('promotion-image').querySelector<HTMLInputElement>('input[type="file"]')!;
  await user.upload(input, new File(['png bytes'], 'night.png', { type: 'image/png' }));
  const image = await waitFor(() => {
    const found = document.querySelector<HTMLImageElement>('img.reactEasyCrop_Image');
    expect(found).not.toBeNull();
    return found!;
  });
  Object.defineProperty(image, 'naturalWidth', { value: 1600, configurable: true });
  Object.defineProperty(image, 'naturalHeight', { value: 900, configurable: true });
  fireEvent.load(image);
  await waitFor(() => expect(screen.getByTestId('crop-done')).toBeEnabled());
  await user.click(screen.getByTestId('crop-done'));
  expect(await screen.findByText('night.jpg')).toBeInTheDocument();
}

describe('promotion form', { timeout: 90_000 }, () => {
  it('creates a promotion in one multipart request with the cropped image and its crop data, after the rules and the server refused it', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    let answer: FetchHandler = () =>
      jsonResponse(400, { min_charges: ['Ensure this value is less than or equal to 100000'] });
    const { api, router } = render('/promotions/creating-promotion', {
      'POST /ads/promotions/': (request) => answer(request),
    });

    fill('Title in Kyrgyz', 'Түнкү арзандатуу');
    await user.click(screen.getByTestId('stepper-next'));
    await waitFor(() => expect(screen.getByTestId('stepper-pane-ru')).toBeVisible());
    fill('Title in Russian', 'Ночная скидка');
    await user.click(screen.getByTestId('stepper-next'));
    await waitFor(() => expect(screen.getByTestId('stepper-pane-en')).toBeVisible());
    fill('Title in English', 'Night discount');

    await uploadImage(user);
    await choose(user, screen.getByLabelText('Initiator'), 'Merchant');
    await choose(user, await screen.findByRole('combobox', { name: 'Merchant' }), 'Volt Energy');
    await user.clear(screen.getByLabelText('Minimum charge amount'));
    await user.type(screen.getByLabelText('Minimum charge amount'), '100');
    await user.clear(screen.getByLabelText('Minimum number of charges'));
    await user.type(screen.getByLabelText('Minimum number of charges'), '2');
    await user.click(screen.getByRole('radio', { name: 'Amount' }));
    // The amount's field replaces the percentage's once the choice is watched.
    await user.type(await screen.findByLabelText('Discount amount'), '150');

    await choose(user, screen.getByRole('combobox', { name: 'Stations of merchant' }), 'Volt Energy');
    await user.click(screen.getByRole('button', { name: 'Add all stations of the merchant' }));
    await waitFor(() => expect(itemOf('Stations')).toHaveTextContent('Volt ChuiVolt Osh'));

    typeInto(screen.getByLabelText('Start'), '01.12.2026 00:00');
    typeInto(screen.getByLabelText('End'), '30.11.2026 00:00');
    typeInto(screen.getByLabelText('Happy hours from'), '22:00');

    // The contract's rules of the fields together, before anything is sent.
    await user.click(screen.getByTestId('stepper-submit'));
    await waitFor(() =>
      expect(itemOf('Discount amount')).toHaveTextContent(
        'The discount amount cannot exceed the minimum charge amount',
      ),
    );
    expect(itemOf('End')).toHaveTextContent('The end of the promotion must be later than its start');
    expect(itemOf('Happy hours until')).toHaveTextContent('Set both the start and the end of happy hours');
    expect(api.callsTo('POST /ads/promotions/')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Discount amount'));
    await user.type(screen.getByLabelText('Discount amount'), '50');
    typeInto(screen.getByLabelText('End'), '01.01.2027 00:00');
    typeInto(screen.getByLabelText('Happy hours until'), '06:00');
    await user.click(screen.getByTestId('stepper-submit'));

    await waitFor(() => expect(api.callsTo('POST /ads/promotions/')).toHaveLength(1));
    expect(entries(api.callsTo('POST /ads/promotions/')[0]!)).toEqual([
      ['title_ru', 'Ночная скидка'],
      ['title_en', 'Night discount'],
      ['title_ky', 'Түнкү арзандатуу'],
      ['initiator', 'merchant'],
      ['merchant', '7'],
      ['min_charge_amount', '100'],
      ['min_charges', '2'],
      ['discount_percent', ''],
      ['discount_amount', '50'],
      ['start_at', '2026-12-01T00:00:00+06:00'],
      ['end_at', '2027-01-01T00:00:00+06:00'],
      ['happy_hours_start', '22:00:00'],
      ['happy_hours_end', '06:00:00'],
      ['status', '0'],
      ['stations', '11'],
      ['stations', '12'],
      ['image', 'night.jpg'],
      ['crop[percent][x]', '0'],
      ['crop[percent][y]', '0'],
      ['crop[percent][width]', '100'],
      ['crop[percent][height]', '100'],
      ['crop[pixels][x]', '0'],
      ['crop[pixels][y]', '0'],
      ['crop[pixels][width]', '1600'],
      ['crop[pixels][height]', '900'],
    ]);
    // Spec 8: the first field error in a notification, and the field flagged.
    expect(
      await screen.findByText('Ensure this value is less than or equal to 100000', { selector: '.ant-notification *' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(itemOf('Minimum number of charges')).toHaveTextContent(
        'Ensure this value is less than or equal to 100000',
      ),
    );
    expect(await screen.findByText('Incorrectly filled field')).toBeInTheDocument();

    answer = () => jsonResponse(201, aPromotion());
    await user.click(screen.getByTestId('stepper-submit'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Promotion created');
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/promotions'));
  });

  it('edits a promotion: its stored merchant, stations and hours shown, only the changed fields sent', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { api, router } = render('/promotions/creating-promotion/5', {
      'GET /ads/promotions/5/': () => jsonResponse(200, aPromotion()),
      'PATCH /ads/promotions/5/': () => jsonResponse(200, aPromotion({ min_charges: 3 })),
    });
    await screen.findByDisplayValue('Night discount');
    expect(itemOf('Initiator')).toHaveTextContent('Merchant');
    expect(screen.getByRole('combobox', { name: 'Merchant' }).closest('.ant-select')).toHaveTextContent('Volt Energy');
    expect(itemOf('Stations')).toHaveTextContent('Volt ChuiVolt Osh');
    expect(screen.getByLabelText('Discount amount')).toHaveValue('50.00');
    expect(screen.getByLabelText('Start')).toHaveValue('01.12.2026 00:00');
    expect(screen.getByLabelText('Happy hours from')).toHaveValue('22:00');
    expect(screen.getByRole('img', { name: 'Image' })).toHaveAttribute('src', '/media/promotions/5.jpg');

    await user.clear(screen.getByLabelText('Minimum number of charges'));
    await user.type(screen.getByLabelText('Minimum number of charges'), '3');
    await user.click(screen.getByText('English'));
    await user.click(await screen.findByTestId('stepper-submit'));
    await waitFor(() => expect(api.callsTo('PATCH /ads/promotions/5/')).toHaveLength(1));
    expect(entries(api.callsTo('PATCH /ads/promotions/5/')[0]!)).toEqual([['min_charges', '3']]);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Changes saved');
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/promotions'));
  });
});
