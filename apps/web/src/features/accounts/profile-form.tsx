import { DownOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Lang } from '@evcms/contracts/i18n';
import { managerName, type Manager } from '@evcms/contracts/accounts';
import { applyServerErrors, zodRule } from '../../lib/form-rules.ts';
import { currentLang, useLang } from '../../lib/i18n.ts';
import { changeLanguage } from '../../lib/language.ts';
import { useUpdateMe } from './manager-api.ts';

interface Values {
  name: string;
  language: Lang;
}

const nameRules = [zodRule(managerName)];

/**
 * The manager's own name and language. The language field shows the interface's language (the
 * header may have switched it since the profile was saved) and follows the header until it is
 * changed here; saving stores what it shows and switches the interface only if it was changed.
 */
export function ProfileForm({ manager }: { manager: Manager }) {
  const { t } = useTranslation('accounts');
  const { message, notification } = App.useApp();
  const [form] = Form.useForm<Values>();
  const update = useUpdateMe();
  const lang = useLang();
  const languageOptions = LANGUAGES.map((value) => ({ value, label: t(`common:languages.${value}`) }));

  useEffect(() => {
    // setFields, not setFieldValue: that one would mark the field as changed by the user.
    if (!form.isFieldTouched('language')) form.setFields([{ name: 'language', value: lang }]);
  }, [form, lang]);

  const onFinish = (values: Values) =>
    update.mutate(values, {
      onSuccess: () => {
        void message.success(t('settings.profile_saved'));
        // Saved: the field follows the header again.
        form.setFields([{ name: 'language', touched: false }]);
        if (values.language !== currentLang()) void changeLanguage(values.language);
      },
      onError: (error) => notification.error({ title: applyServerErrors(form, error) }),
    });

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ name: manager.name, language: lang }}
      onFinish={onFinish}
      style={{ maxWidth: 480 }}
    >
      {/* Not a form field (the address is not changed here): its label is tied to it by id. */}
      <Form.Item label={t('fields.email')} htmlFor="profile-email">
        <Input id="profile-email" value={manager.email} disabled />
      </Form.Item>
      <Form.Item name="name" label={t('fields.name')} rules={nameRules} required>
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item name="language" label={t('fields.language')} extra={t('settings.language_hint')}>
        <Select options={languageOptions} suffixIcon={<DownOutlined aria-hidden />} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t('common:actions.save')}
      </Button>
    </Form>
  );
}
