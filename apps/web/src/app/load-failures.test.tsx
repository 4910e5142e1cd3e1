import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { SettingsPage } from '../features/accounts/settings-page.tsx';
import { ChargeDrawer } from '../features/charges/charge-drawer.tsx';
import { aChargeDetail, page as chargePage } from '../features/charges/charge-test-data.ts';
import { BalanceExtract } from '../features/drivers/balance-extract.tsx';
import { DriverForm } from '../features/drivers/driver-form.tsx';
import { aDriver, anEntry, page } from '../features/drivers/driver-test-data.ts';
import { MerchantForm } from '../features/merchants/merchant-form.tsx';
import { PartnerForm } from '../features/partners/partner-form.tsx';
import { PartnerReport } from '../features/partners/partner-report.tsx';
import { aPartner } from '../features/partners/partner-test-data.ts';
import { PromotionForm } from '../features/promotions/promotion-form.tsx';
import { aPromotion } from '../features/promotions/promotion-test-data.ts';
import { MerchantReport } from '../features/analytics/merchant-report.tsx';
import { merchantReport } from '../features/analytics/merchant-report-test-data.ts';
import { PromoCodeList } from '../features/promo-codes/promo-code-list.tsx';
import { aPromoCodeRow } from '../features/promo-codes/promo-code-test-data.ts';
import { RateForm } from '../features/rates/rate-form.tsx';
import { aRate, CONNECTOR_TYPES } from '../features/rates/rate-test-data.ts';
import { StationDetail } from '../features/stations/station-detail.tsx';
import { StationForm } from '../features/stations/station-form.tsx';
import { aStation, aStationRow } from '../features/stations/station-test-data.ts';
import { jsonResponse, stubFetch, type FetchHandler } from '../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../test/render-screen.tsx';
import { DriverDetailPage } from './pages/driver-detail-page.tsx';
import { MerchantDetailPage } from './pages/merchant-detail-page.tsx';
import { aMerchantRecord } from '../features/merchants/merchant-test-data.ts';
import { bishkekLocations } from '../components/location-test-data.ts';
import { BannerForm, FullscreenForm } from '../features/banners/banner-form.tsx';
import { BannerList } from '../features/banners/banner-list.tsx';
import { aBanner, aBannerRow, aFullscreen } from '../features/banners/banner-test-data.ts';
import { ReferralList } from '../features/referrals/referral-list.tsx';
import { dashboardAnswers } from '../features/analytics/analytics-test-data.ts';
import { DashboardPage } from '../features/analytics/dashboard-page.tsx';
import { aReferral, referralPage, settingsAnswer } from '../features/referrals/referral-test-data.ts';

/*
 * Every screen that loads data says a failed load in the app's own words, with Retry (issue 29):
 * not the server's text, not a skeleton for good. The live updates ask a failed query again in
 * the background; the failure stays on screen meanwhile instead of turning back into a skeleton.
 */

inEnglish();

const merchant = aMerchantRecord();

const locations = bishkekLocations;
const noEntries = () => jsonResponse(200, { items: [], page: 1, pages: 1, size: 10, total: 0 });
const rateFees = () =>
  jsonResponse(200, [{ typo: 'type2', typo_name: 'Type 2 (Mennekes)', price: 11, rate_id: 1, rate_name: 'Basic' }]);

interface LoadingScreen {
  name: string;
  element: ReactElement;
  path: string;
  pattern?: string;
  /** The request whose failure the screen must report, and its answer once the server is back. */
  request: string;
  answer: () => Response;
  /** What else the screen asks once loaded, answered normally. */
  others?: Record<string, FetchHandler>;
  /** Resolves once the screen shows its data. */
  loaded: () => Promise<unknown>;
}

const SCREENS: LoadingScreen[] = [
  {
    name: 'the station card',
    element: <StationDetail />,
    path: '/merchants/merchant/5/station-info/8',
    pattern: '/merchants/merchant/:id/station-info/:stationId',
    request: 'GET /stations/8/',
    answer: () => jsonResponse(200, aStation()),
    others: { 'GET /stations/8/ocpp/commands/': noEntries, 'GET /stations/8/ocpp/messages/': noEntries },
    loaded: () => screen.findByTestId('station-details'),
  },
  {
    name: 'the station edit form',
    element: <StationForm />,
    path: '/merchants/merchant/5/edit-station/8',
    pattern: '/merchants/merchant/:id/edit-station/:stationId',
    request: 'GET /stations/update/8/',
    answer: () => jsonResponse(200, aStation()),
    others: {
      'GET /common/locations/': locations,
      'GET /stations/connectors-types-positions/': () => jsonResponse(200, {}),
    },
    loaded: () => screen.findByTestId('stepper-next'),
  },
  {
    name: 'the merchant card',
    element: <MerchantDetailPage />,
    path: '/merchants/merchant/5',
    pattern: '/merchants/merchant/:id',
    request: 'GET /merchants/5/',
    answer: () => jsonResponse(200, merchant),
    others: {
      'GET /stations/': () =>
        jsonResponse(200, { items: [aStationRow(8, 'Volt Chui', 0)], page: 1, pages: 1, size: 10, total: 1 }),
    },
    loaded: () => screen.findByRole('link', { name: 'Volt Chui' }),
  },
  {
    name: 'the merchant edit form',
    element: <MerchantForm />,
    path: '/merchants/create-edit-merchant/5',
    pattern: '/merchants/create-edit-merchant/:id?',
    request: 'GET /merchants/for-update/5/',
    answer: () => jsonResponse(200, merchant),
    others: { 'GET /common/locations/': locations },
    loaded: () => screen.findByTestId('stepper-next'),
  },
  {
    name: 'the driver card',
    element: <DriverDetailPage />,
    path: '/users/user/7',
    pattern: '/users/user/:id',
    request: 'GET /users/7/',
    answer: () => jsonResponse(200, aDriver(7)),
    others: { 'GET /users/payments/': () => page([]), 'GET /users/transactions/': () => chargePage([]) },
    loaded: () => screen.findByTestId('driver-details'),
  },
  {
    name: 'the driver edit form',
    element: <DriverForm />,
    path: '/users/create-edit-user/7',
    pattern: '/users/create-edit-user/:id?',
    request: 'GET /users/7/',
    answer: () => jsonResponse(200, aDriver(7)),
    loaded: () => screen.findByTestId('driver-submit'),
  },
  {
    name: 'the rate edit form',
    element: <RateForm />,
    path: '/rates/edit-rates/5',
    pattern: '/rates/edit-rates/:id?',
    request: 'GET /payments/5/',
    answer: () => jsonResponse(200, aRate(5, 'Chui personal', { status: 1 })),
    others: {
      'GET /stations/connectors-types-positions/': () => jsonResponse(200, CONNECTOR_TYPES),
      'GET /payments/default-rates-fee/': rateFees,
      'GET /merchants/for-promotion/': noEntries,
    },
    loaded: () => screen.findByDisplayValue('Chui personal'),
  },
  {
    name: 'the promotion edit form',
    element: <PromotionForm />,
    path: '/promotions/creating-promotion/5',
    pattern: '/promotions/creating-promotion/:id?',
    request: 'GET /ads/promotions/5/',
    answer: () => jsonResponse(200, aPromotion()),
    others: { 'GET /merchants/for-promotion/': noEntries, 'GET /stations/for-promotion/': noEntries },
    loaded: () => screen.findByDisplayValue('Night discount'),
  },
  {
    name: 'the banner list (an archive tab)',
    element: <BannerList />,
    path: '/banners?tab=archive-fullscreen',
    pattern: '/banners',
    request: 'GET /ads/banners/',
    answer: () =>
      jsonResponse(200, {
        items: [aBannerRow(4, 'Old promo', { type: 'fullscreen', status: 1 })],
        page: 1,
        pages: 1,
        size: 10,
        total: 1,
      }),
    loaded: () => screen.findByText('Old promo'),
  },
  {
    name: 'the banner edit form',
    element: <BannerForm />,
    path: '/banners/create-banner/5',
    pattern: '/banners/create-banner/:id?',
    request: 'GET /ads/banners/5/',
    answer: () => jsonResponse(200, aBanner()),
    others: { 'GET /merchants/for-promotion/': noEntries, 'GET /stations/for-promotion/': noEntries },
    loaded: () => screen.findByDisplayValue('Winter charging'),
  },
  {
    name: 'the fullscreen edit form',
    element: <FullscreenForm />,
    path: '/banners/create-fullscr/6',
    pattern: '/banners/create-fullscr/:id?',
    request: 'GET /ads/banners/6/',
    answer: () => jsonResponse(200, aFullscreen()),
    others: { 'GET /merchants/for-promotion/': noEntries },
    loaded: () => screen.findByDisplayValue('New stations'),
  },
  {
    name: 'the partner edit form',
    element: <PartnerForm />,
    path: '/software-rental-partners/create/5',
    pattern: '/software-rental-partners/create/:id?',
    request: 'GET /partners/5/',
    answer: () => jsonResponse(200, aPartner(5, 'Chui Soft')),
    others: { 'GET /merchants/for-promotion/': noEntries },
    loaded: () => screen.findByDisplayValue('PC-5'),
  },
  {
    name: 'the partners report',
    element: <PartnerReport />,
    path: '/software-rental-partners/report',
    request: 'GET /partners/report/',
    answer: () =>
      jsonResponse(200, {
        items: [
          { ...aPartner(3, 'Osh Soft'), partner: 3, stations: 1, charges: 2, energy: 3, turnover: 4, fee_due: 0.4 },
        ],
        totals: { stations: 1, charges: 2, energy: 3, turnover: 4, fee_due: 0.4 },
      }),
    loaded: () => screen.findByText('Osh Soft'),
  },
  {
    name: 'the merchant report',
    element: <MerchantReport />,
    path: '/merchant-report',
    request: 'GET /analytics/merchant-report/',
    answer: () => merchantReport(),
    others: { 'GET /merchants/for-promotion/': noEntries },
    loaded: () => screen.findByText('Osh Volt'),
  },
  {
    name: 'the balance extract',
    element: <BalanceExtract />,
    path: '/extract-balance',
    pattern: '/extract-balance',
    request: 'GET /users/payments/',
    answer: () => page([anEntry(1, { reason: 'Top-up at the desk' })]),
    loaded: () => screen.findByText('Top-up at the desk'),
  },
  {
    name: 'the promo codes',
    element: <PromoCodeList />,
    path: '/list-of-promotional-codes',
    pattern: '/list-of-promotional-codes',
    request: 'GET /ads/promo-codes/',
    answer: () => page([aPromoCodeRow(1, 'WELCOME-50')]),
    loaded: () => screen.findByText('WELCOME-50'),
  },
  {
    name: 'the settings',
    element: <SettingsPage />,
    path: '/settings',
    request: 'GET /accounts/me/',
    answer: () => jsonResponse(200, { id: 1, email: 'aida@example.kg', name: 'Aida', language: 'ru' }),
    loaded: () => screen.findByDisplayValue('Aida'),
  },
  {
    name: "a charge's drawer",
    element: <ChargeDrawer id={118} onClose={() => {}} />,
    path: '/chargers-list',
    request: 'GET /users/transactions/118/',
    answer: () => jsonResponse(200, aChargeDetail(118, { id_tag: 'CARD-118' })),
    loaded: () => screen.findByText('CARD-118'),
  },
  {
    name: 'the referral bonuses',
    element: <ReferralList />,
    path: '/list-of-referrals',
    request: 'GET /referrals/settings/',
    answer: () => settingsAnswer({ inviter_bonus: 123 }),
    others: { 'GET /referrals/': () => referralPage([]) },
    loaded: () => screen.findByDisplayValue('123'),
  },
  {
    name: 'the referral list',
    element: <ReferralList />,
    path: '/list-of-referrals',
    request: 'GET /referrals/',
    answer: () => referralPage([aReferral(2)]),
    others: { 'GET /referrals/settings/': () => settingsAnswer() },
    loaded: () => screen.findByRole('link', { name: 'Bekov Nurlan' }),
  },
  {
    name: 'the dashboard (its figures)',
    element: <DashboardPage />,
    path: '/?period=week',
    pattern: '/',
    request: 'GET /analytics/',
    answer: dashboardAnswers()['GET /analytics/'],
    others: dashboardAnswers(),
    loaded: () => screen.findByTestId('figure-turnover'),
  },
  {
    name: 'the dashboard (its charts)',
    element: <DashboardPage />,
    path: '/',
    pattern: '/',
    request: 'GET /analytics/graph/',
    answer: dashboardAnswers()['GET /analytics/graph/'],
    others: dashboardAnswers(),
    loaded: () => screen.findByTestId('chart-by_day'),
  },
  {
    name: 'the news timeline',
    element: <DashboardPage />,
    path: '/',
    pattern: '/',
    request: 'GET /analytics/timeline/',
    answer: dashboardAnswers()['GET /analytics/timeline/'],
    others: dashboardAnswers(),
    loaded: () => screen.findByRole('link', { name: 'New merchant: Merchant 1' }),
  },
];

/** The body a server or a proxy in front of it answers a crash with: nothing to show a manager. */
const crashed = () =>
  jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'relation "x" does not exist' });

describe('a failed load', { timeout: 60_000 }, () => {
  for (const subject of SCREENS) {
    it(`on ${subject.name}: says so in our words with Retry, stays while asked again, and Retry brings the data`, async () => {
      const user = userEvent.setup({ delay: null });
      let state: 'refused' | 'crashing' | 'slow' | 'up' = 'refused';
      let release = () => {};
      const answer = (): Response | Promise<Response> => {
        if (state === 'refused') throw new TypeError('Failed to fetch');
        if (state === 'crashing') return crashed();
        if (state === 'slow') return new Promise((resolve) => (release = () => resolve(crashed())));
        return subject.answer();
      };
      const api = stubFetch({ ...subject.others, [subject.request]: answer });
      // The app retries twice before it says so (lib/query-client.ts); here the first failure is the last.
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      renderScreen(subject.element, { path: subject.path, pattern: subject.pattern, queryClient });

      const failure = () => screen.getByTestId('load-failure');
      // The connection refused.
      expect(await screen.findByTestId('load-failure')).toHaveTextContent(
        'The server cannot be reached. Check the connection and try again.',
      );

      // Retry, and the server fails: its own text stays out.
      state = 'crashing';
      await user.click(within(failure()).getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(failure()).toHaveTextContent('The server could not answer. Try again in a moment.'));
      expect(document.body).not.toHaveTextContent('Internal Server Error');
      expect(document.body).not.toHaveTextContent('relation');

      // The live updates ask again in the background, and it fails again: the failure stays all
      // along, never a skeleton (which stayed for good while the updates kept asking).
      state = 'slow';
      void queryClient.invalidateQueries();
      await waitFor(() => expect(api.callsTo(subject.request)).toHaveLength(3));
      expect(failure()).toHaveTextContent('The server could not answer.');
      expect(document.querySelector('.ant-skeleton')).toBeNull();
      release();
      // Once the answer is in and shown (Retry shows a spinner while a request is under way).
      await waitFor(() => {
        expect(queryClient.isFetching()).toBe(0);
        expect(within(failure()).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
      });
      expect(failure()).toHaveTextContent('The server could not answer.');

      // The server is back: Retry brings the data.
      state = 'up';
      await user.click(within(failure()).getByRole('button', { name: 'Retry' }));
      await subject.loaded();
      expect(screen.queryByTestId('load-failure')).not.toBeInTheDocument();
    });
  }
});
