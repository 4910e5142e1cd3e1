import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { reloadPage } from '../lib/page-reload.ts';

/** Shown when a screen throws or its code could not be loaded even after the automatic reload. */
export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  console.error(error);
  return (
    <Result
      status="error"
      title={t('errors.page_failed')}
      subTitle={t('errors.page_failed_hint')}
      extra={
        <Button type="primary" onClick={reloadPage}>
          {t('actions.reload')}
        </Button>
      }
    />
  );
}
