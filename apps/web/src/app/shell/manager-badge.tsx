import { UserOutlined } from '@ant-design/icons';
import { Avatar, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../features/accounts/api/get-me.ts';

/** The signed-in manager in the header: name and the 'manager' role label. */
export function ManagerBadge() {
  const { t } = useTranslation('shell');
  const me = useMe();
  return (
    <Flex align="center" gap={10}>
      <Avatar size={36} icon={<UserOutlined />} style={{ background: 'var(--ant-color-primary)' }} />
      <Flex vertical style={{ lineHeight: 1.25 }}>
        {me.data ? (
          <Typography.Text strong data-testid="manager-name" ellipsis style={{ maxWidth: 200 }}>
            {me.data.name || me.data.email}
          </Typography.Text>
        ) : (
          <Skeleton.Input active size="small" style={{ width: 120, height: 16 }} />
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('header.manager')}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
