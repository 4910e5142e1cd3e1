import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cropCanvas } from '../../components/image-crop/crop-canvas.ts';
import { jsonResponse, stubFetch, type FetchHandler, type SeenRequest } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { BannerForm, FullscreenForm } from './banner-form.tsx';
import { aBanner, aFullscreen } from './banner-test-data.ts';

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
  { id: 11, name: 'Volt Chui' },
  { id: 12, name: 'Volt Osh' },
  { id: 20, name: 'Osh Bazaar' },
];
const paged = <T,>(items: T[]) => jsonResponse(200, { items, page: 1, pages: 1, size: 20, total: items.length });
const named = (items: { name: string }[]) => (request: SeenRequest) => {
  const search = request.url.searchParams.get('search')?.toLowerCase() ?? '';
  return paged(items.filter((item) => item.name.toLowerCase().includes(search)));
};
const pickers: Record<string, FetchHandler> = {
  'GET /merchants/for-promotion/': named(MERCHANTS),
  'GET /stations/for-promotion/': named(STATIONS),
};

const render = (element: React.ReactElement, path: string, pattern: string, routes: Record<string, FetchHandler>) => {
  const api = stubFetch({ ...pickers, ...routes });
  const view = renderScreen(element, {
    path,
    pattern,
    routes: [{ path: '/banners', element: <p data-testid="list">list</p> }],
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
  const options = await screen.findAllByTitle(option);
  await user.click(options.filter((found) => found.classList.contains('ant-select-item-option')).at(-1)!);
}

/** Chooses a 1600 x 900 photo and applies the crop as it starts. */
async function uploadImage(user: ReturnType<typeof userEvent.setup>) {
  const input = screen.getByTestId('banner-image').querySelector<HTMLInputElement>('input[type="file"]')!;
  await user.upload(input, new File(['png bytes'], 'winter.png', { type: 'image/png' }));
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
  expect(await screen.findByText('winter.jpg')).toBeInTheDocument();
}

describe('banner form', { timeout: 90_000 }, () => {
  it('creates a banner in one multipart request with the cropped image, after the rules and the server refused it', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    let answer: FetchHandler = () => jsonResponse(400, { link: ['Enter a valid URL'] });
    const { api, router } = render(<BannerForm />, '/banners/create-banner', '/banners/create-banner/:id?', {
      'POST /ads/banners/': (request) => answer(request),
    });

    // Nothing filled: every required field says so and nothing is sent.
    await user.click(screen.getByTestId('banner-submit'));
    await waitFor(() => expect(itemOf('Name')).toHaveTextContent('Field cannot be blank'));
    expect(itemOf('Button name')).toHaveTextContent('Field cannot be blank');
    expect(screen.getByTestId('banner-image').closest('.ant-form-item')).toHaveTextContent('Upload an image');

    fill('Name', 'Winter charging');
    fill('Source link', 'not a link');
    await uploadImage(user);
    fill('Button name', 'Read more');
    fill('Button colour', '#1677FF');
    await choose(user, screen.getByRole('combobox', { name: 'Merchant' }), 'Volt Energy');
    await choose(user, screen.getByRole('combobox', { name: 'Stations' }), 'Volt Osh');
    await choose(user, screen.getByRole('combobox', { name: 'Stations' }), 'Volt Chui');
    typeInto(screen.getByLabelText('Launch'), '01.12.2026 00:00');
    typeInto(screen.getByLabelText('Completion'), '01.12.2026 00:00');

    await user.click(screen.getByTestId('banner-submit'));
    await waitFor(() => expect(itemOf('Completion')).toHaveTextContent('The end must be later than the start'));
    expect(itemOf('Source link')).toHaveTextContent('Enter a valid URL');
    expect(api.callsTo('POST /ads/banners/')).toHaveLength(0);

    // The server has the last word: its first field error in a notification, and the field flagged.
    fill('Source link', 'https://example.kg/winter');
    typeInto(screen.getByLabelText('Completion'), '01.01.2027 00:00');
    await user.click(screen.getByTestId('banner-submit'));
    await waitFor(() => expect(api.callsTo('POST /ads/banners/')).toHaveLength(1));
    const sent = entries(api.callsTo('POST /ads/banners/')[0]!);
    expect(sent.filter(([name]) => !String(name).startsWith('crop['))).toEqual([
      ['type', 'banner'],
      ['name', 'Winter charging'],
      ['link', 'https://example.kg/winter'],
      ['merchant', '7'],
      ['start_at', '2026-12-01T00:00:00+06:00'],
      ['end_at', '2027-01-01T00:00:00+06:00'],
      ['status', '0'],
      ['button_name', 'Read more'],
      ['button_colour', '#1677FF'],
      ['stations', '11'],
      ['stations', '12'],
      ['image', 'winter.jpg'],
    ]);
    // Where the crop lies, in percentages and pixels (the whole width of the photo, at its own aspect).
    expect(sent.filter(([name]) => String(name).startsWith('crop[')).map(([name]) => name)).toEqual([
      'crop[percent][x]',
      'crop[percent][y]',
      'crop[percent][width]',
      'crop[percent][height]',
      'crop[pixels][x]',
      'crop[pixels][y]',
      'crop[pixels][width]',
      'crop[pixels][height]',
    ]);
    expect(sent).toContainEqual(['crop[pixels][width]', '1600']);
    expect(await screen.findByText('Enter a valid URL', { selector: '.ant-notification *' })).toBeInTheDocument();
    await waitFor(() => expect(itemOf('Source link')).toHaveTextContent('Enter a valid URL'));

    answer = () => jsonResponse(201, aBanner());
    await user.click(screen.getByTestId('banner-submit'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Banner created');
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/banners'));
  });

  it('creates a fullscreen with its image cropped to 9:19.5, its category and destination, and no banner fields', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { api, router } = render(<FullscreenForm />, '/banners/create-fullscr', '/banners/create-fullscr/:id?', {
      'POST /ads/banners/': () => jsonResponse(201, aFullscreen()),
    });
    expect(screen.queryByLabelText('Button name')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Stations' })).toBeNull();

    fill('Name', 'New stations');
    fill('Source link', 'https://example.kg/map');
    await user.click(screen.getByTestId('banner-submit'));
    await waitFor(() => expect(itemOf('Category')).toHaveTextContent('Field cannot be blank'));

    const input = screen.getByTestId('banner-image').querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['png bytes'], 'map.png', { type: 'image/png' }));
    const image = await waitFor(() => document.querySelector<HTMLImageElement>('img.reactEasyCrop_Image')!);
    Object.defineProperty(image, 'naturalWidth', { value: 1600, configurable: true });
    Object.defineProperty(image, 'naturalHeight', { value: 900, configurable: true });
    fireEvent.load(image);
    // The shape is fixed: no aspect slider to move it off 9:19.5.
    expect(screen.queryByRole('slider', { name: 'Aspect ratio' })).toBeNull();
    await waitFor(() => expect(screen.getByTestId('crop-done')).toBeEnabled());
    await user.click(screen.getByTestId('crop-done'));
    await screen.findByText('map.jpg');

    await choose(user, screen.getByRole('combobox', { name: 'Category' }), 'Map');
    await choose(user, screen.getByRole('combobox', { name: 'Link opens' }), 'In the app');
    typeInto(screen.getByLabelText('Launch'), '01.12.2026 00:00');
    typeInto(screen.getByLabelText('Completion'), '01.01.2027 00:00');
    await user.click(screen.getByRole('switch', { name: 'Active' }));
    await user.click(screen.getByTestId('banner-submit'));

    await waitFor(() => expect(api.callsTo('POST /ads/banners/')).toHaveLength(1));
    const sent = entries(api.callsTo('POST /ads/banners/')[0]!);
    expect(sent.filter(([name]) => !String(name).startsWith('crop['))).toEqual([
      ['type', 'fullscreen'],
      ['name', 'New stations'],
      ['link', 'https://example.kg/map'],
      ['merchant', ''],
      ['start_at', '2026-12-01T00:00:00+06:00'],
      ['end_at', '2027-01-01T00:00:00+06:00'],
      ['status', '1'],
      ['category', 'maps'],
      ['destination', 'app'],
      ['image', 'map.jpg'],
    ]);
    // The tallest 9:19.5 crop of the 1600 x 900 photo.
    expect(sent).toContainEqual(['crop[pixels][width]', '415']);
    expect(sent).toContainEqual(['crop[pixels][height]', '900']);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Fullscreen created');
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/banners'));
    expect(router.state.location.search).toBe('?tab=fullscreen');
  });

  it('edits a banner: its stored merchant and stations shown, only the changed fields sent', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { api, router } = render(<BannerForm />, '/banners/create-banner/5', '/banners/create-banner/:id?', {
      'GET /ads/banners/5/': () => jsonResponse(200, aBanner()),
      'PATCH /ads/banners/5/': () => jsonResponse(200, aBanner({ name: 'Winter fast charging' })),
    });
    await screen.findByDisplayValue('Winter charging');
    expect(screen.getByRole('combobox', { name: 'Merchant' }).closest('.ant-select')).toHaveTextContent('Volt Energy');
    await waitFor(() => expect(itemOf('Stations')).toHaveTextContent('Volt ChuiVolt Osh'));
    expect(screen.getByLabelText('Launch')).toHaveValue('01.12.2026 00:00');
    expect(screen.getByLabelText('Button colour')).toHaveValue('#1677ff');
    expect(screen.getByRole('img', { name: 'Image' })).toHaveAttribute('src', '/media/banners/5.jpg');

    fill('Name', 'Winter fast charging');
    await user.click(screen.getByTestId('banner-submit'));
    await waitFor(() => expect(api.callsTo('PATCH /ads/banners/5/')).toHaveLength(1));
    expect(entries(api.callsTo('PATCH /ads/banners/5/')[0]!)).toEqual([['name', 'Winter fast charging']]);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Changes saved');
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/banners'));
  });

  it('asks before leaving with unsaved changes, and leaves at once when nothing was entered', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { router } = render(<FullscreenForm />, '/banners/create-fullscr', '/banners/create-fullscr/:id?', {});
    fill('Name', 'Half typed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/banners/create-fullscr');
    expect(screen.getByLabelText('Name')).toHaveValue('Half typed');
    fill('Name', '');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/banners'));
  });

  it("says a fullscreen's id at the banner form's address is not a banner", async () => {
    render(<BannerForm />, '/banners/create-banner/6', '/banners/create-banner/:id?', {
      'GET /ads/banners/6/': () => jsonResponse(200, aFullscreen()),
    });
    expect(await screen.findByTestId('banner-not-found')).toHaveTextContent('Banner not found');
  });
});
