import { UserOutlined } from '@ant-design/icons';
import { Avatar, Flex, Skeleton, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useShownFailure } from '../../components/load-failure/use-shown-failure.ts';
import { useMe } from '../../features/accounts/manager-api.ts';

/**
 * The signed-in manager in the header: name and the 'manager' role label. `compact` (a phone)
 * keeps only the avatar, which names the manager in its tooltip and to screen readers.
 */
export function ManagerBadge({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('shell');
  const me = useMe();
  const name = me.data ? me.data.name || me.data.email : undefined;
  // Unread (the settings say why, with Retry): the role alone, not a skeleton for good.
  const failed = useShownFailure(me.error, me.isFetching) !== null;
  if (compact) {
    const label = name ? `${name} · ${t('header.manager')}` : t('header.manager');
    return (
      <Tooltip title={label} placement="bottomRight">
        <span
          role="img"
          aria-label={label}
          data-testid="manager-avatar"
          style={{ display: 'inline-flex', flexShrink: 0 }}
        >
          <Avatar size={32} icon={<UserOutlined aria-hidden />} style={{ background: 'var(--ant-color-primary)' }} />
        </span>
      </Tooltip>
    );
  }
  return (
    <Flex align="center" gap={10}>
      <Avatar size={36} icon={<UserOutlined aria-hidden />} style={{ background: 'var(--ant-color-primary)' }} />
      <Flex vertical style={{ lineHeight: 1.25 }}>
        {name !== undefined ? (
          <Typography.Text strong data-testid="manager-name" ellipsis style={{ maxWidth: 200 }}>
            {name}
          </Typography.Text>
        ) : (
          !failed && <Skeleton.Input active size="small" style={{ width: 120, height: 16 }} />
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('header.manager')}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
