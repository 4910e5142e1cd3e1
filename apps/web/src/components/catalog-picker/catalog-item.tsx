import { Flex } from 'antd';
import type { Lang } from '@evcms/contracts/i18n';
import { localizedKey } from '@evcms/contracts/localized';
import { useLang } from '../../lib/i18n.ts';
import { IconImage } from './icon-image.tsx';
import type { CatalogItem } from './catalog-queries.ts';

/**
 * The title in the interface language. Items carry all three titles, so an item kept from before
 * a language switch (a picker's choice, an edit form's loaded items) still reads right.
 */
export function catalogTitle(item: CatalogItem, lang: Lang): string {
  return item[localizedKey('title', lang)] || item.title;
}

/** The svg of an infrastructure item ('' when it lacks one); null for a tag, which has no icon at all. */
export function catalogIcon(item: CatalogItem): string | null {
  return 'icon_path' in item ? item.icon_path : null;
}

/** Title, after the icon for infrastructure items: the content of a tag or a table cell. */
export function CatalogItemLabel({ item }: { item: CatalogItem }) {
  const lang = useLang();
  const icon = catalogIcon(item);
  return (
    <Flex component="span" align="center" gap={4} style={{ display: 'inline-flex' }}>
      {icon !== null && <IconImage src={icon} size={16} />}
      <span>{catalogTitle(item, lang)}</span>
    </Flex>
  );
}
