import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Form, Input, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMessage } from '@evcms/contracts/messages';
import {
  DRIVER_ID_TAGS_MAX,
  ID_TAG_MAX,
  idTagCreateRequest,
  type Driver,
  type DriverIdTag,
} from '@evcms/contracts/drivers';
import { useConfirm } from '../../components/confirm-modal.ts';
import { errorText } from '../../lib/api-error.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { applyServerErrors, zodRule } from '../../lib/form-rules.ts';
import { currentLang } from '../../lib/i18n.ts';
import { useResourceMutation } from '../../lib/resource-api.ts';
import { driversApi } from './drivers-api.ts';

const idTagRules = [zodRule(idTagCreateRequest.shape.id_tag)];

/**
 * The driver's id tags (RFID card numbers, app tokens) that charge points authorise: add one (the
 * server refuses a tag another driver holds, naming the holder's account), block or unblock one.
 * Tags are never deleted: charges name them.
 */
export function DriverIdTags({ driver }: { driver: Driver }) {
  const { t } = useTranslation('drivers');
  const { message, notification } = App.useApp();
  const { confirm } = useConfirm();
  const setBlocked = useResourceMutation(driversApi.setIdTagBlocked);
  const [changing, setChanging] = useState<number | null>(null);

  const toggle = (tag: DriverIdTag) =>
    confirm({
      title: t(tag.blocked ? 'id_tags.confirm_unblock' : 'id_tags.confirm_block', { id_tag: tag.id_tag }),
      content: t(tag.blocked ? 'id_tags.unblock_content' : 'id_tags.block_content'),
      danger: !tag.blocked,
      onOk: async () => {
        setChanging(tag.id);
        try {
          await setBlocked.mutateAsync({ id: driver.id, tagId: tag.id, blocked: !tag.blocked });
          void message.success(t(tag.blocked ? 'id_tags.unblocked' : 'id_tags.blocked'));
        } catch (error) {
          notification.error({ title: errorText(error, formatMessage(currentLang(), 'server_error')) });
        } finally {
          setChanging(null);
        }
      },
    });

  const columns: TableColumnsType<DriverIdTag> = [
    {
      key: 'id_tag',
      title: t('fields.id_tag'),
      dataIndex: 'id_tag',
      render: (value: string) => (
        <Typography.Text code copyable style={{ whiteSpace: 'nowrap' }}>
          {value}
        </Typography.Text>
      ),
    },
    {
      key: 'state',
      title: t('fields.state'),
      width: 140,
      render: (_, tag) => (
        <Tag color={tag.blocked ? 'red' : 'green'}>
          {t(tag.blocked ? 'id_tags.state_blocked' : 'id_tags.state_active')}
        </Tag>
      ),
    },
    {
      key: 'created_at',
      title: t('id_tags.created_at'),
      dataIndex: 'created_at',
      width: 150,
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'actions',
      title: t('id_tags.actions'),
      width: 170,
      render: (_, tag) => (
        <Button size="small" danger={!tag.blocked} loading={changing === tag.id} onClick={() => void toggle(tag)}>
          {t(tag.blocked ? 'id_tags.unblock' : 'id_tags.block')}
        </Button>
      ),
    },
  ];

  return (
    <Card title={t('fields.id_tags')} data-testid="driver-id-tags">
      <Flex vertical gap="middle">
        <Table<DriverIdTag>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={driver.id_tags}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('id_tags.none') }}
        />
        {driver.id_tags.length < DRIVER_ID_TAGS_MAX ? (
          <AddIdTag driverId={driver.id} />
        ) : (
          <Typography.Text type="secondary">{t('id_tags.limit', { max: DRIVER_ID_TAGS_MAX })}</Typography.Text>
        )}
      </Flex>
    </Card>
  );
}

/** One line: the new tag and Add; a taken tag comes back from the server onto the field. */
function AddIdTag({ driverId }: { driverId: number }) {
  const { t } = useTranslation('drivers');
  const { message, notification } = App.useApp();
  const [form] = Form.useForm<{ id_tag: string }>();
  const add = useResourceMutation(driversApi.addIdTag);

  const submit = async ({ id_tag }: { id_tag: string }) => {
    try {
      await add.mutateAsync({ id: driverId, body: { id_tag: id_tag.trim() } });
    } catch (error) {
      const first = applyServerErrors(form, error);
      // A refusal that is on no field (the driver gone, the limit reached) is said as it is.
      if (!form.getFieldError('id_tag').length) notification.error({ title: first });
      return;
    }
    form.resetFields();
    void message.success(t('id_tags.added'));
  };

  return (
    <Form<{ id_tag: string }>
      form={form}
      layout="inline"
      autoComplete="off"
      initialValues={{ id_tag: '' }}
      onFinish={(values) => void submit(values)}
      style={{ rowGap: 8 }}
    >
      <Form.Item name="id_tag" rules={idTagRules} style={{ flex: '1 1 220px', marginInlineEnd: 8 }}>
        <Input
          aria-label={t('id_tags.new')}
          placeholder={t('id_tags.new')}
          count={{ show: true, max: ID_TAG_MAX }}
          spellCheck={false}
        />
      </Form.Item>
      <Form.Item style={{ marginInlineEnd: 0 }}>
        <Button htmlType="submit" icon={<PlusOutlined aria-hidden />} loading={add.isPending}>
          {t('id_tags.add')}
        </Button>
      </Form.Item>
    </Form>
  );
}
