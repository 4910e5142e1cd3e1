import { CopyOutlined } from '@ant-design/icons';
import { App, Button, Flex, Image, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatMessage } from '@evcms/contracts/messages';
import { toggledStatus } from '@evcms/contracts/status';
import type { BannerListItem } from '@evcms/contracts/banners';
import { EllipsisText } from '../../components/ellipsis-text.tsx';
import { DeleteRowButton, EditRowButton, statusSwitchColumn } from '../../components/list-screen/row-buttons.tsx';
import type { ListScreen } from '../../components/list-screen/use-list-screen.ts';
import {
  listDeleteTexts,
  listStatusTexts,
  showPageBeforeIfEmptied,
  useRowActions,
} from '../../components/list-screen/use-row-actions.ts';
import { errorText } from '../../lib/api-error.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { currentLang } from '../../lib/i18n.ts';
import { useResourceMutation } from '../../lib/resource-api.ts';
import { bannerPaths, tabQuery, type BannerTab } from './banner-paths.ts';
import { bannersApi } from './banners-api.ts';

// The thumbnail's box: a strip for a banner, a phone's screen for a fullscreen.
const THUMBNAIL = { banner: { width: 48, height: 27 }, fullscreen: { width: 24, height: 52 } } as const;

const ended = (banner: BannerListItem) => Date.parse(banner.end_at) <= Date.now();

/**
 * A tab's columns: the name with its thumbnail, the type's own fields (a banner's button and
 * stations, a fullscreen's category and destination), the merchant, the period, the status switch
 * and the row's acts. Each act asks first; a refusal (409) is said in the server's words.
 */
export function useBannerColumns(screen: ListScreen<BannerListItem>, tab: BannerTab): TableColumnsType<BannerListItem> {
  const { t } = useTranslation('banners');
  const navigate = useNavigate();
  const { message, notification } = App.useApp();
  const { type, archive } = tabQuery(tab);
  const actions = useRowActions(screen, bannersApi.remove);
  const copy = useResourceMutation(bannersApi.copy);

  // The bulk call with one id: a refused activation (409, its end has passed) says why.
  const toggle = (banner: BannerListItem) =>
    actions.setStatus(banner, toggledStatus(banner.status), listStatusTexts(t, banner.name, banner.active));
  // A 409 (it is active after all) carries the server's explanation.
  const confirmDelete = (banner: BannerListItem) =>
    actions.remove(banner, listDeleteTexts(t, banner.name), showPageBeforeIfEmptied(screen));
  // The copy is a new inactive item with the original's period: opened at once to set new dates.
  const copyOf = async (banner: BannerListItem) => {
    try {
      const made = await copy.mutateAsync(banner.id);
      void message.success(t('list.copied'));
      void navigate(bannerPaths.edit(made.type, made.id));
    } catch (error) {
      notification.error({ title: errorText(error, formatMessage(currentLang(), 'server_error')) });
    }
  };

  const own: TableColumnsType<BannerListItem> =
    type === 'banner'
      ? [
          {
            key: 'button',
            title: t('fields.button'),
            width: 124,
            render: (_, banner) => (
              <Flex gap="small" align="center">
                <span
                  aria-hidden
                  style={{
                    flex: 'none',
                    width: 14,
                    height: 14,
                    borderRadius: 3,
                    border: '1px solid rgba(0, 0, 0, 0.15)',
                    background: banner.button_colour ?? 'transparent',
                  }}
                />
                <EllipsisText text={banner.button_name ?? ''} />
              </Flex>
            ),
          },
          {
            key: 'stations',
            title: t('fields.stations'),
            width: 84,
            align: 'right',
            render: (_, banner) => stationsOf(banner, t),
          },
        ]
      : [
          { key: 'category', title: t('fields.category'), dataIndex: 'category_name', width: 130 },
          { key: 'destination', title: t('fields.destination'), dataIndex: 'destination_name', width: 120 },
        ];

  return [
    { key: 'id', title: t('fields.id'), dataIndex: 'id', width: 56 },
    {
      key: 'name',
      title: t('fields.name'),
      render: (_, banner) => (
        <Flex gap="small" align="center">
          <Image
            src={banner.image}
            alt={banner.name}
            {...THUMBNAIL[type]}
            style={{ objectFit: 'cover', flex: 'none' }}
          />
          <EllipsisText text={banner.name} />
        </Flex>
      ),
    },
    ...own,
    {
      key: 'merchant',
      title: t('fields.merchant'),
      width: 130,
      render: (_, banner) => (banner.merchant_name ? <EllipsisText text={banner.merchant_name} /> : '—'),
    },
    {
      key: 'period',
      title: t('fields.period'),
      width: 150,
      render: (_, banner) => (
        <Flex vertical>
          <span>{formatDateTime(banner.start_at)}</span>
          <span>{formatDateTime(banner.end_at)}</span>
          {ended(banner) && (
            <Tag color="default" style={{ width: 'fit-content' }}>
              {t('list.ended')}
            </Tag>
          )}
        </Flex>
      ),
    },
    statusSwitchColumn({
      t,
      testId: 'banner-status-switch',
      isActive: (banner) => banner.active,
      toggling: actions.toggling,
      toggle,
    }),
    {
      key: 'actions',
      title: t('list.actions'),
      width: archive ? 148 : 104,
      render: (_, banner) => (
        <Flex gap="small">
          <EditRowButton label={t('list.edit')} onClick={() => void navigate(bannerPaths.edit(type, banner.id))} />
          {archive && (
            <Tooltip title={t('list.copy')}>
              <Button
                aria-label={t('list.copy')}
                icon={<CopyOutlined aria-hidden />}
                loading={copy.isPending && copy.variables === banner.id}
                onClick={() => void copyOf(banner)}
              />
            </Tooltip>
          )}
          <DeleteRowButton
            label={t('list.delete')}
            refusal={banner.active && t('list.delete_active')}
            onClick={() => void confirmDelete(banner)}
          />
        </Flex>
      ),
    },
  ];
}

// None chosen: shown at every station (docs/decisions.md 'Banners').
const stationsOf = (banner: BannerListItem, t: (key: string) => string) =>
  banner.stations_count === 0 ? t('list.all_stations') : banner.stations_count;
