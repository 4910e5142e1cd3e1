import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  infrastructureCreateRequest,
  infrastructureUpdateRequest,
  type InfrastructureItem,
} from '@evcms/contracts/catalog';
import { zodRule } from '../../lib/form-rules.ts';
import { useResourceMutation } from '../../lib/resource-api.ts';
import { CatalogFormModal } from './catalog-form-modal.tsx';
import { changedTitles, titlesOf, trimmedTitles, type CatalogTitles } from './catalog-titles.ts';
import { IconUpload } from './icon-upload.tsx';
import { infrastructureApi } from './infrastructure-api.ts';

type Values = CatalogTitles & { active?: boolean; icon?: File };

// The contracts' icon rules: required with 'Upload icon' on create, optional on edit, 256 KB at most.
const createIconRules = [zodRule(infrastructureCreateRequest.shape.icon)];
const updateIconRules = [zodRule(infrastructureUpdateRequest.shape.icon)];

export interface InfrastructureFormModalProps {
  /** The item to edit; absent to create one. */
  item?: InfrastructureItem;
  onClose: () => void;
}

/** Creates an infrastructure item (titles, 'active', svg icon) or changes one, sending only what changed. */
export function InfrastructureFormModal({ item, onClose }: InfrastructureFormModalProps) {
  const { t } = useTranslation('catalog');
  const [form] = Form.useForm<Values>();
  const create = useResourceMutation(infrastructureApi.create);
  const update = useResourceMutation(infrastructureApi.update);

  const submit = async (values: Values): Promise<string | null> => {
    if (!item) {
      // The rule above made sure there is an icon.
      await create.mutateAsync({ ...trimmedTitles(values), active: values.active ?? true, icon: values.icon! });
      return t('infrastructure.created');
    }
    const changes = { ...changedTitles(values, item), ...(values.icon ? { icon: values.icon } : {}) };
    if (Object.keys(changes).length === 0) return null;
    await update.mutateAsync({ id: item.id, changes });
    return t('infrastructure.saved');
  };

  return (
    <CatalogFormModal<Values>
      form={form}
      mode={item ? 'edit' : 'create'}
      title={item ? t('infrastructure.edit_title') : t('infrastructure.create_title')}
      initialValues={item ? titlesOf(item) : { active: true }}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="icon" label={t('form.icon')} rules={item ? updateIconRules : createIconRules} required={!item}>
        <IconUpload currentPath={item?.icon_path} />
      </Form.Item>
    </CatalogFormModal>
  );
}
