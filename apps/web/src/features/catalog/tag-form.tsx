import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Tag } from '@evcms/contracts/catalog';
import { useCreateTag } from './api/create-tag.ts';
import { useUpdateTag } from './api/update-tag.ts';
import { CatalogFormModal } from './catalog-form-modal.tsx';
import { changedTitles, trimmedTitles, type CatalogTitles } from './catalog-titles.ts';

type Values = CatalogTitles & { active?: boolean };

export interface TagFormModalProps {
  /** The tag to edit; absent to create one. */
  tag?: Tag;
  onClose: () => void;
}

/** Creates a tag (titles and 'active'), or changes an existing tag's titles, sending only what changed. */
export function TagFormModal({ tag, onClose }: TagFormModalProps) {
  const { t } = useTranslation('catalog');
  const [form] = Form.useForm<Values>();
  const create = useCreateTag();
  const update = useUpdateTag();

  const submit = async (values: Values): Promise<string | null> => {
    if (!tag) {
      await create.mutateAsync({ ...trimmedTitles(values), active: values.active ?? true });
      return t('tags.created');
    }
    const body = changedTitles(values, tag);
    if (Object.keys(body).length === 0) return null;
    await update.mutateAsync({ id: tag.id, body });
    return t('tags.saved');
  };

  return (
    <CatalogFormModal<Values>
      form={form}
      mode={tag ? 'edit' : 'create'}
      title={tag ? t('tags.edit_title') : t('tags.create_title')}
      initialValues={tag ? { title_ky: tag.title_ky, title_ru: tag.title_ru, title_en: tag.title_en } : { active: true }}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
