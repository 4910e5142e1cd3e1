import { App, Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { changePasswordRequest, type ChangePasswordRequest } from '@evcms/contracts/accounts';
import { applyServerErrors, zodFormRule, zodRule } from '../../lib/form-rules.ts';
import { useChangePassword } from './manager-api.ts';
import { PasswordInput } from './password-input.tsx';

const rules = {
  current_password: [zodRule(changePasswordRequest.shape.current_password)],
  password: [zodRule(changePasswordRequest.shape.password)],
  password_confirm: [
    zodRule(changePasswordRequest.shape.password_confirm),
    zodFormRule(changePasswordRequest, 'password_confirm'),
  ],
};

/** Change password while signed in: the current one, then the new one twice. */
export function PasswordForm() {
  const { t } = useTranslation('accounts');
  const { notification } = App.useApp();
  const [form] = Form.useForm<ChangePasswordRequest>();
  const change = useChangePassword();

  const onFinish = (values: ChangePasswordRequest) =>
    change.mutate(values, {
      onSuccess: (answer) => {
        notification.success({ title: answer.detail });
        form.resetFields();
      },
      onError: (error) => notification.error({ title: applyServerErrors(form, error) }),
    });

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ current_password: '', password: '', password_confirm: '' }}
      onFinish={onFinish}
      style={{ maxWidth: 480 }}
    >
      <Form.Item name="current_password" label={t('fields.current_password')} rules={rules.current_password} required>
        <PasswordInput autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="password" label={t('fields.new_password')} rules={rules.password} required>
        <PasswordInput autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="password_confirm"
        label={t('fields.password_confirm')}
        rules={rules.password_confirm}
        dependencies={['password']}
        validateFirst
        required
      >
        <PasswordInput autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        {t('settings.change_password')}
      </Button>
    </Form>
  );
}
