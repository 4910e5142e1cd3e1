import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type SeenRequest } from '../../lib/test-fetch.ts';
import { enterText, inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { DriverList } from './driver-list.tsx';
import { aDriver, page } from './driver-test-data.ts';

inEnglish();
afterEach(() => vi.useRealTimers());

const queryOf = (request: SeenRequest) => Object.fromEntries(request.url.searchParams);
const rowOf = (name: string) => screen.getByText(name, { selector: 'td *' }).closest('tr')!;
const render = (path = '/users') =>
  renderScreen(<DriverList />, {
    path,
    pattern: '/users',
    routes: [
      { path: '/users/user/:id', element: <p data-testid="detail">detail</p> },
      { path: '/users/create-edit-user', element: <p data-testid="form">form</p> },
    ],
  });

/** Types into one end of a range picker and commits it, as a keyboard user does. */
function typeInto(input: HTMLElement, text: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}

describe('driver list', { timeout: 60_000 }, () => {
  it('shows what a row says of the driver, and opens the driver', async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch({
      'GET /users/': () =>
        page([
          aDriver(8, { surname: 'Toktogulova', first_name: 'Aida', balance: -12.3, platform: 2, blocked: true }),
          aDriver(7, { balance: 1250.5 }),
        ]),
    });
    const { router } = render();
    await screen.findByText('Asanov Bakyt');
    expect(rowOf('Asanov Bakyt')).toHaveTextContent(
      '710000007Asanov Bakyt+996 (555) 12-34-561,250.50 somNo appActive06.05.2024 14:30',
    );
    expect(rowOf('Toktogulova Aida')).toHaveTextContent('-12.30 somAndroidBlocked');
    await user.click(screen.getByRole('link', { name: 'Toktogulova Aida' }));
    expect(router.state.location.pathname).toBe('/users/user/8');
  });

  it('sends the typed filters under the API names, dates as YYYY-MM-DD and times as HH:mm:ss', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({ 'GET /users/': (request) => page(request.url.searchParams.size > 2 ? [] : [aDriver(7)]) });
    const { router } = render();
    await screen.findByText('Asanov Bakyt');
    const lastQuery = () => queryOf(api.callsTo('GET /users/').at(-1)!);

    await enterText(user, screen.getByLabelText('Search by name, phone, email or personal account'), ' Asanov ');
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', size: '10', search: 'Asanov' }));
    // The mask's characters are typed along; the digits go.
    await user.type(screen.getByLabelText('Phone'), '+996 (555');
    await waitFor(() => expect(lastQuery()).toMatchObject({ phone: '996555' }));
    await user.type(screen.getByLabelText('User ID'), '42');
    await waitFor(() => expect(lastQuery()).toMatchObject({ search_by_user_id: '42' }));

    const dates = within(screen.getByRole('group', { name: 'Registration date' }));
    typeInto(dates.getByPlaceholderText('From date'), '01.05.2024');
    typeInto(dates.getByPlaceholderText('To date'), '31.05.2024');
    await waitFor(() =>
      expect(lastQuery()).toMatchObject({ registration_date__from: '2024-05-01', registration_date__to: '2024-05-31' }),
    );

    // A window across midnight stays as picked; its end takes the whole minute shown.
    const times = within(screen.getByRole('group', { name: 'Registration time' }));
    typeInto(times.getByPlaceholderText('From'), '22:00');
    typeInto(times.getByPlaceholderText('To'), '06:30');
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        page: '1',
        size: '10',
        search: 'Asanov',
        phone: '996555',
        search_by_user_id: '42',
        registration_date__from: '2024-05-01',
        registration_date__to: '2024-05-31',
        registration_time__from: '22:00:00',
        registration_time__to: '06:30:59',
      }),
    );
    // Spec 8: the users' own words for an empty search result.
    expect(
      await screen.findByText('Unfortunately nothing was found. Check the correctness of the search data.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    // The unfiltered list is the first page asked for: it shows again from the cache.
    expect(await screen.findByText('Asanov Bakyt')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Phone')).toHaveValue('');
  });

  it('acts on the registration dates 500 ms after their last change (spec 2.5)', async () => {
    const api = stubFetch({ 'GET /users/': () => page([aDriver(7)]) });
    const { router } = render();
    await screen.findByText('Asanov Bakyt');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const dates = within(screen.getByRole('group', { name: 'Registration date' }));
    typeInto(dates.getByPlaceholderText('From date'), '01.05.2024');
    typeInto(dates.getByPlaceholderText('To date'), '31.05.2024');
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(router.state.location.search).toBe('');
    expect(api.callsTo('GET /users/')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.search).toBe('?registration_date__from=2024-05-01&registration_date__to=2024-05-31');
    expect(queryOf(api.callsTo('GET /users/').at(-1)!)).toEqual({
      page: '1',
      size: '10',
      registration_date__from: '2024-05-01',
      registration_date__to: '2024-05-31',
    });
  });

  it('leaves out a filter the server would refuse, and says why under the field', async () => {
    const api = stubFetch({ 'GET /users/': () => page([aDriver(7)]) });
    render('/users?phone=abc&search_by_user_id=0&registration_date__from=2024-02-30&registration_time__to=18:00:00');
    await screen.findByText('Asanov Bakyt');
    expect(queryOf(api.callsTo('GET /users/')[0]!)).toEqual({
      page: '1',
      size: '10',
      registration_time__to: '18:00:00',
    });
    const phone = screen.getByLabelText('Phone');
    expect(phone.closest('.ant-input-affix-wrapper')).toHaveClass('ant-input-status-error');
    expect(phone).toHaveAccessibleDescription('Please enter correct phone number format');
    expect(screen.getByLabelText('User ID')).toHaveAttribute('aria-invalid', 'true');
  });

  it('does not send an id typed with letters, and says why until it is corrected', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({ 'GET /users/': () => page([aDriver(7)]) });
    const { router } = render();
    await screen.findByText('Asanov Bakyt');
    const id = screen.getByLabelText('User ID');
    await user.type(id, 'abc-1');
    expect(await screen.findByText('Enter a whole number')).toBeInTheDocument();
    expect(id).toHaveAccessibleDescription('Enter a whole number');
    await user.clear(id);
    await user.type(id, '42');
    await waitFor(() => expect(queryOf(api.callsTo('GET /users/').at(-1)!)).toMatchObject({ search_by_user_id: '42' }));
    expect(screen.queryByText('Enter a whole number')).toBeNull();
    // Only the list's first page and the corrected id were asked for; the letters never left.
    expect(api.callsTo('GET /users/').map((call) => call.url.searchParams.get('search_by_user_id'))).toEqual([
      null,
      '42',
    ]);
    expect(router.state.location.search).toBe('?search_by_user_id=42');
  });

  it('says when there are no users at all, and leads to registering a card customer', async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch({ 'GET /users/': () => page([]) });
    const { router } = render();
    expect(await screen.findByText('There are no users yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register a customer' }));
    expect(router.state.location.pathname).toBe('/users/create-edit-user');
  });
});
