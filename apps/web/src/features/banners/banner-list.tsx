import { EllipsisOutlined } from '@ant-design/icons';
import { Card, Flex, Grid, Select, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BulkStatusButton } from '../../components/bulk-status/bulk-status-button.tsx';
import { CreateButton } from '../../components/list-screen/create-button.tsx';
import { ListScreenTable } from '../../components/list-screen/list-screen-table.tsx';
import { useListScreen } from '../../components/list-screen/use-list-screen.ts';
import { ListSearch } from '../../components/search-input.tsx';
import type { BannerListItem } from '@evcms/contracts/banners';
import { useBannerColumns } from './banner-columns.tsx';
import { BANNER_TABS, bannerPaths, isBannerTab, tabQuery, type BannerTab } from './banner-paths.ts';
import { bannersApi } from './banners-api.ts';

// The fixed columns take about 840 px and the name what is left (at least 180: it fits a 1366 px
// laptop's card); a narrower card (a phone) scrolls the table inside its card, not the page.
const MIN_TABLE_WIDTH = 1024;

const rowIsActive = (banner: BannerListItem) => banner.active;

/**
 * Advertising banners (spec 2.3 /banners): four tabs, the current banners and fullscreens and
 * each one's archive (inactive or past its end), the tab kept in the URL (`?tab=`) so reload and
 * the back button keep it. Another tab starts at its first page with no search.
 */
export function BannerList() {
  const { t } = useTranslation('banners');
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: BannerTab = isBannerTab(raw) ? raw : 'banner';
  const choose = (key: string) => void setParams(key === 'banner' ? {} : { tab: key });
  const items = BANNER_TABS.map((key) => ({ key, value: key, label: t(`tabs.${key}`) }));
  // A phone cannot fit the four tabs, and antd's overflow button inside the tab list breaks its
  // role (axe: aria-required-children): there the same choice is a select.
  const phone = Grid.useBreakpoint().xs === true;
  return (
    <Card>
      {phone ? (
        <Select
          aria-label={t('tabs.label')}
          value={tab}
          options={items}
          onChange={choose}
          style={{ width: '100%', marginBottom: 16 }}
        />
      ) : (
        // antd's overflow button is in the page even when hidden; its icon would be read by its
        // English name ('ellipsis').
        <Tabs
          activeKey={tab}
          onChange={choose}
          items={items}
          more={{ icon: <EllipsisOutlined aria-label={t('tabs.more')} /> }}
        />
      )}
      <BannerTabList key={tab} tab={tab} />
    </Card>
  );
}

/** One tab: search, a paged table with a status switch, edit, copy (archive), delete and the bulk status change. */
function BannerTabList({ tab }: { tab: BannerTab }) {
  const { t } = useTranslation('banners');
  const { t: tc } = useTranslation('components');
  const { type, archive } = tabQuery(tab);
  const screen = useListScreen<BannerListItem>({
    query: (params) => bannersApi.listQueryOptions({ ...params, type, archive }),
    statuses: { isActive: rowIsActive, setStatuses: bannersApi.setStatuses },
  });
  const columns = useBannerColumns(screen, tab);

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" wrap gap="middle">
        {/* The search keeps its width but never outgrows the line, so a phone does not scroll sideways. */}
        <Flex wrap gap="middle" style={{ maxWidth: '100%', minWidth: 0 }}>
          <ListSearch list={screen.list} label={t('list.search')} width={260} />
        </Flex>
        <Flex wrap gap="middle" align="center">
          {screen.selected.length > 0 && (
            <Flex align="center" gap="middle" data-testid="bulk-bar">
              <Typography.Text>{tc('bulk.selected', { count: screen.selected.length })}</Typography.Text>
              <BulkStatusButton selected={screen.selectedStatuses} onChange={screen.changeSelected} />
            </Flex>
          )}
          <CreateButton to={bannerPaths.create(type)}>{t(`list.create_${type}`)}</CreateButton>
        </Flex>
      </Flex>
      <ListScreenTable<BannerListItem>
        screen={screen}
        columns={columns}
        minWidth={MIN_TABLE_WIDTH}
        emptyText={t(`list.empty_${tab}`)}
      />
    </Flex>
  );
}
