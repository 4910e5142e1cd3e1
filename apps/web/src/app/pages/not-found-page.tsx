import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <Result
      data-testid="not-found"
      status="404"
      title={t('not_found.title')}
      subTitle={t('not_found.text')}
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          {t('not_found.home')}
        </Button>
      }
    />
  );
}
