import { Button, Flex, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogItemLabel } from './catalog-item.tsx';
import type { CatalogItem } from './catalog-queries.ts';

export interface CatalogItemsPreviewProps {
  items: readonly CatalogItem[];
}

/**
 * Tags or infrastructure in a table cell or on a detail page: the first item and a '+N' toggle
 * that shows the rest (spec 2.9). Nothing at all for an empty list.
 */
export function CatalogItemsPreview({ items }: CatalogItemsPreviewProps) {
  const { t } = useTranslation('pickers');
  const [expanded, setExpanded] = useState(false);
  if (items.length === 0) return null;
  const shown = expanded ? items : items.slice(0, 1);
  const hidden = items.length - 1;

  return (
    <Flex wrap gap={4} align="center">
      {shown.map((item) => (
        <Tag key={item.id} style={{ marginInlineEnd: 0 }}>
          <CatalogItemLabel item={item} />
        </Tag>
      ))}
      {hidden > 0 && (
        <Button
          type="link"
          size="small"
          aria-expanded={expanded}
          aria-label={expanded ? t('preview.less') : t('preview.more', { count: hidden })}
          onClick={(event) => {
            // In a table whose rows open a card, the toggle must not open it too.
            event.stopPropagation();
            setExpanded(!expanded);
          }}
        >
          {expanded ? t('preview.less') : `+${hidden}`}
        </Button>
      )}
    </Flex>
  );
}
