import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InfrastructureItem } from '@evcms/contracts/catalog';
import { IconImage } from '../../components/catalog-picker/icon-image.tsx';
import { CatalogList } from './catalog-list.tsx';
import { infrastructureApi } from './infrastructure-api.ts';
import { InfrastructureFormModal } from './infrastructure-form.tsx';

/** /infrastructure: what can be around a station (cafe, parking...), each with an svg icon. */
export function InfrastructureListPage() {
  const { t } = useTranslation('catalog');
  const iconColumn: TableColumnsType<InfrastructureItem> = [
    {
      key: 'icon',
      title: t('list.icon'),
      width: 80,
      // Icons are sanitised svg files served from /media; as <img> they cannot run anything.
      render: (_, item) => <IconImage src={item.icon_path} size={24} style={{ display: 'block' }} />,
    },
  ];
  return (
    <CatalogList<InfrastructureItem>
      kind="infrastructure"
      api={infrastructureApi}
      extraColumns={iconColumn}
      renderForm={(item, onClose) => <InfrastructureFormModal item={item} onClose={onClose} />}
    />
  );
}
