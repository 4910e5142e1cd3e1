import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogItemLabel } from './catalog-item.tsx';
import { CatalogPicker } from './catalog-picker.tsx';
import { allCatalogItemsQueryOptions, type CatalogItem, type CatalogKind } from './catalog-queries.ts';

// The end-to-end specs find the fields by these ids; the infrastructure one was named after the
// API's path (`/common/surroundings/`) and is kept so the specs stay as they are.
const FIELD_TEST_IDS: Record<CatalogKind, string> = {
  tags: 'catalog-field-tags',
  infrastructure: 'catalog-field-surroundings',
};

export interface CatalogPickerFieldProps {
  kind: CatalogKind;
  /** The chosen ids (antd's Form.Item passes value, onChange and id). */
  value?: number[];
  onChange?: (ids: number[]) => void;
  /** The items an edit form loaded with its record, so their titles show without another request. */
  initialItems?: readonly CatalogItem[];
  disabled?: boolean;
  id?: string;
}

/**
 * A form field holding tag or infrastructure ids: the chosen items as removable tags and a Choose
 * button that opens the picker. Titles come from `initialItems` and from what the picker returned;
 * ids known from neither are looked up with one request for every item, only when there are some.
 */
export function CatalogPickerField({ kind, value, onChange, initialItems, disabled, id }: CatalogPickerFieldProps) {
  const { t } = useTranslation('pickers');
  const [open, setOpen] = useState(false);
  const [returned, setReturned] = useState<readonly CatalogItem[]>([]);
  const ids = useMemo(() => value ?? [], [value]);

  const given = useMemo(
    () => new Map([...(initialItems ?? []), ...returned].map((item) => [item.id, item])),
    [initialItems, returned],
  );
  const missing = ids.some((itemId) => !given.has(itemId));
  const all = useQuery({ ...allCatalogItemsQueryOptions(kind), enabled: missing });
  const known = useMemo(() => {
    const map = new Map(given);
    for (const item of all.data?.items ?? []) if (!map.has(item.id)) map.set(item.id, item);
    return map;
  }, [given, all.data]);

  const remove = (itemId: number) => onChange?.(ids.filter((other) => other !== itemId));

  return (
    <>
      <Flex wrap gap="small" align="center" data-testid={FIELD_TEST_IDS[kind]}>
        {ids.map((itemId) => {
          const item = known.get(itemId);
          return (
            <Tag
              key={itemId}
              style={{ marginInlineEnd: 0 }}
              closable={!disabled}
              onClose={(event) => {
                // The list re-renders from the form's value; antd must not hide the tag itself.
                event.preventDefault();
                remove(itemId);
              }}
            >
              {item ? (
                <CatalogItemLabel item={item} />
              ) : all.isFetching ? (
                <LoadingOutlined aria-hidden />
              ) : (
                `#${itemId}`
              )}
            </Tag>
          );
        })}
        <Button id={id} icon={<PlusOutlined aria-hidden />} disabled={disabled} onClick={() => setOpen(true)}>
          {t('picker.choose')}
        </Button>
      </Flex>
      <CatalogPicker
        kind={kind}
        open={open}
        value={ids}
        knownItems={[...known.values()]}
        onChoose={(items) => {
          setReturned(items);
          onChange?.(items.map((item) => item.id));
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
