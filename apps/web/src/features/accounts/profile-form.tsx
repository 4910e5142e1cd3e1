import { App, Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Lang } from '@evcms/contracts/i18n';
import { managerName, type Manager } from '@evcms/contracts/accounts';
import { applyServerErrors, zodRule } from '../../lib/form-rules.ts';
import { currentLang } from '../../lib/i18n.ts';
import { changeLanguage } from '../../lib/language.ts';
import { useUpdateMe } from './api/update-me.ts';

interface Values {
  name: string;
  language: Lang;
}

const nameRules = [zodRule(managerName)];

/** The manager's own name and language (the language of e-mails and, once saved, of this interface). */
export function ProfileForm({ manager }: { manager: Manager }) {
  const { t } = useTranslation('accounts');
  const { message, notification } = App.useApp();
  const [form] = Form.useForm<Values>();
  const update = useUpdateMe();
  const languageOptions = LANGUAGES.map((lang) => ({ value: lang, label: t(`common:languages.${lang}`) }));

  const onFinish = (values: Values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        void message.success(t('settings.profile_saved'));
        if (saved.language !== currentLang()) void changeLanguage(saved.language);
      },
      onError: (error) => notification.error({ title: applyServerErrors(form, error) }),
    });

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ name: manager.name, language: manager.language }}
      onFinish={onFinish}
      style={{ maxWidth: 480 }}
    >
      <Form.Item label={t('fields.email')}>
        <Input value={manager.email} disabled />
      </Form.Item>
      <Form.Item name="name" label={t('fields.name')} rules={nameRules} required>
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item name="language" label={t('fields.language')} extra={t('settings.language_hint')}>
        <Select options={languageOptions} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t('common:actions.save')}
      </Button>
    </Form>
  );
}
