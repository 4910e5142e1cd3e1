import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NEWS_KINDS } from '@evcms/contracts/analytics';
import { newsPath } from '../features/analytics/news-items.ts';
import { stationPath } from '../features/heat-map/station-path.ts';
import { ROUTES } from './route-table.ts';

// The dashboard's news write their links themselves (a feature imports no other feature's paths).
describe("the dashboard's news links", () => {
  it('each lead to a screen of the route table', () => {
    const linked = [
      { merchant_id: 3, banner_type: 'banner' as const },
      { merchant_id: 3, banner_type: 'fullscreen' as const },
      { merchant_id: null, banner_type: null },
    ];
    for (const kind of NEWS_KINDS)
      for (const link of linked) {
        const path = newsPath({ kind, subject_id: 5, ...link });
        const route = ROUTES.find((candidate) => matchPath(candidate.path, path));
        expect(route, `${kind}: ${path}`).toBeDefined();
      }
  });
});

describe("the heat map's station links", () => {
  it("lead to the station's card", () => {
    const route = ROUTES.find((candidate) => matchPath(candidate.path, stationPath({ station: 5, merchant: 3 })));
    expect(route?.id).toBe('station_info');
  });
});
