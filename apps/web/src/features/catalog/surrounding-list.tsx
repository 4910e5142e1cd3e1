import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Surrounding } from '@evcms/contracts/catalog';
import { listSurroundingsQueryOptions } from '../../components/catalog-picker/catalog-queries.ts';
import { useDeleteSurrounding } from './api/delete-surrounding.ts';
import { useSetSurroundingStatuses } from './api/set-surrounding-statuses.ts';
import { CatalogList, useCatalogListParams } from './catalog-list.tsx';
import { SurroundingFormModal } from './surrounding-form.tsx';

/** /infrastructure: what can be around a station (cafe, parking...), each with an svg icon. */
export function SurroundingListPage() {
  const { t } = useTranslation('catalog');
  const state = useCatalogListParams();
  const query = useQuery(listSurroundingsQueryOptions(state.params));
  const setStatuses = useSetSurroundingStatuses();
  const remove = useDeleteSurrounding();
  const iconColumn: TableColumnsType<Surrounding> = [
    {
      key: 'icon',
      title: t('list.icon'),
      width: 80,
      // Icons are sanitised svg files served from /media; as <img> they cannot run anything.
      render: (_, item) => <img src={item.icon_path} alt="" width={24} height={24} style={{ display: 'block' }} />,
    },
  ];
  return (
    <CatalogList<Surrounding>
      kind="surroundings"
      state={state}
      query={query}
      extraColumns={iconColumn}
      setStatuses={setStatuses.mutateAsync}
      remove={remove.mutateAsync}
      renderForm={(item, onClose) => <SurroundingFormModal item={item} onClose={onClose} />}
    />
  );
}
