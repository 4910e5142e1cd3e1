import { Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useRouteTitle } from '../use-current-route.ts';

/** The place of a screen that is not built yet: its title and an honest note, no made-up data. */
export function ComingSoonPage() {
  const { t } = useTranslation('common');
  const title = useRouteTitle();
  return (
    <Result
      data-testid="coming-soon"
      icon={<ToolOutlined aria-hidden style={{ color: 'var(--ant-color-primary)' }} />}
      title={title}
      subTitle={t('coming_soon')}
    />
  );
}
