import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Tag } from '@evcms/contracts/catalog';
import { useResourceMutation } from '../../lib/resource-api.ts';
import { CatalogFormModal } from './catalog-form-modal.tsx';
import { changedTitles, titlesOf, trimmedTitles, type CatalogTitles } from './catalog-titles.ts';
import { tagsApi } from './tags-api.ts';

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
  const create = useResourceMutation(tagsApi.create);
  const update = useResourceMutation(tagsApi.update);

  const submit = async (values: Values): Promise<string | null> => {
    if (!tag) {
      await create.mutateAsync({ ...trimmedTitles(values), active: values.active ?? true });
      return t('tags.created');
    }
    const changes = changedTitles(values, tag);
    if (Object.keys(changes).length === 0) return null;
    await update.mutateAsync({ id: tag.id, changes });
    return t('tags.saved');
  };

  return (
    <CatalogFormModal<Values>
      form={form}
      mode={tag ? 'edit' : 'create'}
      title={tag ? t('tags.edit_title') : t('tags.create_title')}
      initialValues={tag ? titlesOf(tag) : { active: true }}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
