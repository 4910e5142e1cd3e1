import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch, type SeenRequest } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { newsItem, timelinePage } from './analytics-test-data.ts';
import { groupByDay, newsPath } from './news-items.ts';
import { NewsTimeline } from './news-timeline.tsx';

inEnglish();

const queryOf = (request: SeenRequest) => Object.fromEntries(request.url.searchParams);

describe('the news rules', () => {
  it('groups items by their Bishkek day, newest first', () => {
    const days = groupByDay([
      newsItem(3, { created_at: '2025-03-10T19:00:00.000Z' }), // 01:00 on 11 March in Bishkek
      newsItem(2, { created_at: '2025-03-10T06:00:00.000Z' }),
      newsItem(1, { created_at: '2025-03-09T17:59:00.000Z' }), // 23:59 on 9 March
    ]);
    expect(days.map(({ day, items }) => [day, items.map((item) => item.id)])).toEqual([
      ['2025-03-11', [3]],
      ['2025-03-10', [2]],
      ['2025-03-09', [1]],
    ]);
  });

  it('leads to what was made, or to its list once it is gone', () => {
    const none = { merchant_id: null, banner_type: null };
    expect(newsPath({ kind: 'merchant_created', subject_id: 4, ...none })).toBe('/merchants/merchant/4');
    expect(newsPath({ kind: 'user_created', subject_id: 5, ...none })).toBe('/users/user/5');
    expect(newsPath({ kind: 'promotion_created', subject_id: 6, ...none })).toBe('/promotions/creating-promotion/6');
    expect(newsPath({ kind: 'station_created', subject_id: 7, ...none, merchant_id: 3 })).toBe(
      '/merchants/merchant/3/station-info/7',
    );
    expect(newsPath({ kind: 'station_created', subject_id: 7, ...none })).toBe('/merchants');
    expect(newsPath({ kind: 'banner_created', subject_id: 8, ...none, banner_type: 'fullscreen' })).toBe(
      '/banners/create-fullscr/8',
    );
    expect(newsPath({ kind: 'banner_created', subject_id: 8, ...none })).toBe('/banners');
  });
});

describe('the news timeline', { timeout: 60_000 }, () => {
  it('shows the news under day headings, with links, and the next page at the bottom of the list', async () => {
    // jsdom has no layout: every box is 1000 px of content in 300 px, scrolled to its top.
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(1000);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(300);
    const api = stubFetch({
      'GET /analytics/timeline/': (request) =>
        request.url.searchParams.get('before') === '7'
          ? timelinePage([newsItem(6, { kind: 'banner_created', title: 'Spring', created_at: '2025-03-08T10:00:00Z' })])
          : timelinePage(
              [
                newsItem(9, {
                  kind: 'user_created',
                  subject_id: 90,
                  title: 'Aida',
                  created_at: '2025-03-10T06:30:00Z',
                }),
                newsItem(7, {
                  kind: 'merchant_created',
                  subject_id: 70,
                  title: 'Volt',
                  created_at: '2025-03-09T04:00:00Z',
                }),
              ],
              7,
            ),
    });
    renderScreen(<NewsTimeline />);
    const list = await screen.findByTestId('news-timeline');
    const aida = await within(list).findByRole('link', { name: 'New user: Aida' });
    expect(aida).toHaveAttribute('href', '/users/user/90');
    expect(aida.closest('li')).toHaveTextContent('12:30');
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['10 March 2025', '9 March 2025']);
    expect(within(list).getByRole('link', { name: 'New merchant: Volt' })).toHaveAttribute(
      'href',
      '/merchants/merchant/70',
    );
    expect(queryOf(api.callsTo('GET /analytics/timeline/')[0]!)).toEqual({ size: '20' });

    list.scrollTop = 695;
    fireEvent.scroll(list);
    expect(await within(list).findByRole('link', { name: 'New banner: Spring' })).toHaveAttribute('href', '/banners');
    expect(queryOf(api.callsTo('GET /analytics/timeline/')[1]!)).toEqual({ before: '7', size: '20' });
    expect(api.callsTo('GET /analytics/timeline/')).toHaveLength(2);
  });

  it('says when there is no news', async () => {
    stubFetch({ 'GET /analytics/timeline/': () => timelinePage([]) });
    renderScreen(<NewsTimeline />);
    expect(await screen.findByText('No news for the day')).toBeInTheDocument();
  });
});
