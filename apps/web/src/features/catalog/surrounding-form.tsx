import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { surroundingCreateRequest, surroundingUpdateRequest, type Surrounding } from '@evcms/contracts/catalog';
import { zodRule } from '../../lib/form-rules.ts';
import { useCreateSurrounding } from './api/create-surrounding.ts';
import { useUpdateSurrounding } from './api/update-surrounding.ts';
import { CatalogFormModal } from './catalog-form-modal.tsx';
import { changedTitles, trimmedTitles, type CatalogTitles } from './catalog-titles.ts';
import { IconUpload } from './icon-upload.tsx';

type Values = CatalogTitles & { active?: boolean; icon?: File };

// The contracts' icon rules: required with 'Upload icon' on create, optional on edit, 256 KB at most.
const createIconRules = [zodRule(surroundingCreateRequest.shape.icon)];
const updateIconRules = [zodRule(surroundingUpdateRequest.shape.icon)];

export interface SurroundingFormModalProps {
  /** The item to edit; absent to create one. */
  item?: Surrounding;
  onClose: () => void;
}

/** Creates an infrastructure item (titles, 'active', svg icon) or changes one, sending only what changed. */
export function SurroundingFormModal({ item, onClose }: SurroundingFormModalProps) {
  const { t } = useTranslation('catalog');
  const [form] = Form.useForm<Values>();
  const create = useCreateSurrounding();
  const update = useUpdateSurrounding();

  const submit = async (values: Values): Promise<string | null> => {
    if (!item) {
      // The rule above made sure there is an icon.
      await create.mutateAsync({ ...trimmedTitles(values), active: values.active ?? true, icon: values.icon! });
      return t('surroundings.created');
    }
    const fields = { ...changedTitles(values, item), ...(values.icon ? { icon: values.icon } : {}) };
    if (Object.keys(fields).length === 0) return null;
    await update.mutateAsync({ id: item.id, fields });
    return t('surroundings.saved');
  };

  return (
    <CatalogFormModal<Values>
      form={form}
      mode={item ? 'edit' : 'create'}
      title={item ? t('surroundings.edit_title') : t('surroundings.create_title')}
      initialValues={item ? { title_ky: item.title_ky, title_ru: item.title_ru, title_en: item.title_en } : { active: true }}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="icon" label={t('form.icon')} rules={item ? updateIconRules : createIconRules} required={!item}>
        <IconUpload currentPath={item?.icon_path} />
      </Form.Item>
    </CatalogFormModal>
  );
}
