import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Descriptions, Flex, Row, Statistic, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatMessage } from '@evcms/contracts/messages';
import type { Driver } from '@evcms/contracts/drivers';
import { useConfirm } from '../../components/confirm-modal.ts';
import { QueryContent } from '../../components/load-failure/query-content.tsx';
import { useListScreen } from '../../components/list-screen/use-list-screen.ts';
import { ResponsiveDescriptions } from '../../components/responsive-descriptions.tsx';
import { errorText } from '../../lib/api-error.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { currentLang, useLang } from '../../lib/i18n.ts';
import { formatFee } from '../../lib/number-format.ts';
import { formatPhone } from '../../lib/phone-mask.ts';
import { useResourceMutation } from '../../lib/resource-api.ts';
import { parseRouteId } from '../../lib/route-id.ts';
import { BalanceEntriesTable } from './balance-entries-table.tsx';
import { BalanceTopUp } from './balance-top-up.tsx';
import { DriverIdTags } from './driver-id-tags.tsx';
import { DriverPromoCode } from './driver-promo-code.tsx';
import { useReferralItems } from './driver-inviter.tsx';
import { DriverNotFound, driverPaths } from './driver-route.tsx';
import { PlatformName } from './driver-values.tsx';
import { driversApi } from './drivers-api.ts';

export interface DriverDetailProps {
  /**
   * The driver's charges, above the ledger. The charges feature owns them, and a feature does not
   * import another: the app composes the two (app/pages/driver-detail-page.tsx).
   */
  charges?: (driver: Driver) => ReactNode;
}

/** /users/user/{id}: the driver's profile, car, balance with its top-up, id tags, charges and ledger. */
export function DriverDetail({ charges }: DriverDetailProps) {
  const id = parseRouteId(useParams().id);
  return id === undefined ? <DriverNotFound /> : <DriverDetailOf id={id} charges={charges} />;
}

function DriverDetailOf({ id, charges }: { id: number } & DriverDetailProps) {
  const driver = useQuery(driversApi.detailQueryOptions(id));
  return (
    <QueryContent query={driver} notFound={<DriverNotFound />}>
      {(data) => <DriverCard driver={data} charges={charges} />}
    </QueryContent>
  );
}

/** Blocking asks first: a blocked driver is refused by every charge point, whatever tag they show. */
function BlockedSwitch({ driver }: { driver: Driver }) {
  const { t } = useTranslation('drivers');
  const { message, notification } = App.useApp();
  const { confirm } = useConfirm();
  const update = useResourceMutation(driversApi.update);
  const name = `${driver.surname} ${driver.first_name}`;
  const toggle = () =>
    confirm({
      title: t(driver.blocked ? 'detail.confirm_unblock' : 'detail.confirm_block', { name }),
      content: t(driver.blocked ? 'detail.unblock_content' : 'detail.block_content'),
      danger: !driver.blocked,
      onOk: async () => {
        try {
          await update.mutateAsync({ id: driver.id, changes: { blocked: !driver.blocked } });
          void message.success(t(driver.blocked ? 'detail.unblocked' : 'detail.blocked'));
        } catch (error) {
          notification.error({ title: errorText(error, formatMessage(currentLang(), 'server_error')) });
        }
      },
    });
  return (
    <Switch
      aria-label={t('fields.blocked')}
      checked={driver.blocked}
      loading={update.isPending}
      checkedChildren={t('state.blocked')}
      unCheckedChildren={t('state.active')}
      onChange={() => void toggle()}
      style={driver.blocked ? { background: '#ff4d4f' } : undefined}
    />
  );
}

function DriverCard({ driver, charges }: { driver: Driver } & DriverDetailProps) {
  const { t } = useTranslation('drivers');
  const lang = useLang();
  const navigate = useNavigate();
  const referral = useReferralItems(driver);
  const none = <Typography.Text type="secondary">{t('detail.none')}</Typography.Text>;
  const birthday = driver.birthday
    ? `${driver.birthday.split('-').reverse().join('.')}${driver.age === null ? '' : ` (${t('units.age', { count: driver.age })})`}`
    : null;

  const profile = [
    {
      key: 'account',
      label: t('fields.account'),
      children: <Typography.Text copyable>{driver.account}</Typography.Text>,
    },
    { key: 'phone', label: t('fields.phone'), children: formatPhone(driver.phone) },
    { key: 'email', label: t('fields.email'), children: driver.email ?? none },
    { key: 'gender', label: t('fields.gender'), children: driver.gender ? t(`gender.${driver.gender}`) : none },
    { key: 'birthday', label: t('fields.birthday'), children: birthday ?? none },
    { key: 'licence', label: t('fields.licence'), children: driver.licence ?? none },
    { key: 'registered_at', label: t('fields.registered_at'), children: formatDateTime(driver.registered_at) },
    { key: 'platform', label: t('fields.platform'), children: <PlatformName platform={driver.platform} /> },
    { key: 'app_version', label: t('fields.app_version'), children: driver.app_version ?? none },
    { key: 'blocked', label: t('fields.blocked'), children: <BlockedSwitch driver={driver} /> },
    ...referral,
  ];
  const { car } = driver;
  const carItems = [
    { key: 'make', label: t('fields.car_make'), children: car.make ?? none },
    { key: 'model', label: t('fields.car_model'), children: car.model ?? none },
    { key: 'year', label: t('fields.car_year'), children: car.year ?? none },
    { key: 'colour', label: t('fields.car_colour'), children: car.colour ?? none },
  ];

  return (
    <Flex vertical gap={24}>
      {/* The profile's pairs need the whole width below 1600 px; balance and car then sit side by side under it. */}
      <Row gutter={[24, 24]}>
        <Col xs={24} xxl={16}>
          <Card
            title={`${driver.surname} ${driver.first_name}`}
            extra={
              <Button icon={<EditOutlined aria-hidden />} onClick={() => void navigate(driverPaths.edit(driver.id))}>
                {t('detail.edit')}
              </Button>
            }
            style={{ height: '100%' }}
          >
            <ResponsiveDescriptions items={profile} data-testid="driver-details" />
          </Card>
        </Col>
        <Col xs={24} xxl={8}>
          <Row gutter={[24, 24]} style={{ height: '100%' }}>
            <Col xs={24} md={12} xxl={24}>
              <Card title={t('fields.balance')} data-testid="driver-balance" style={{ height: '100%' }}>
                <Flex vertical gap="middle" align="flex-start">
                  <Statistic
                    value={formatFee(driver.balance, lang)}
                    suffix={t('units.currency')}
                    styles={{ content: driver.balance < 0 ? { color: '#cf1322' } : undefined }}
                  />
                  <BalanceTopUp driver={driver} />
                  <DriverPromoCode driver={driver} />
                </Flex>
              </Card>
            </Col>
            <Col xs={24} md={12} xxl={24}>
              <Card title={t('fields.car')} style={{ height: '100%' }}>
                <Descriptions bordered size="small" column={1} items={carItems} data-testid="driver-car" />
              </Card>
            </Col>
          </Row>
        </Col>
      </Row>
      <DriverIdTags driver={driver} />
      {charges?.(driver)}
      <DriverLedger driverId={driver.id} />
    </Flex>
  );
}

/** The driver's ledger entries, newest first; the whole ledger, filtered to the driver, is a link away. */
function DriverLedger({ driverId }: { driverId: number }) {
  const { t } = useTranslation('drivers');
  // Kept in the URL under its own prefix: the driver's charges sit beside it.
  const { list, query } = useListScreen({
    query: ({ page, size }) => driversApi.ledgerQueryOptions({ page, size, user: String(driverId) }),
    prefix: 'ledger.',
    search: false,
  });
  return (
    <Card
      title={t('ledger.title')}
      extra={<Link to={driverPaths.ledger(driverId)}>{t('ledger.open_extract')}</Link>}
      data-testid="driver-ledger"
    >
      <BalanceEntriesTable query={query} list={list} showDriver={false} emptyText={t('ledger.empty_driver')} />
    </Card>
  );
}
