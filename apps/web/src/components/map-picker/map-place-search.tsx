import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface MapPlaceSearchProps {
  searching: boolean;
  onSearch: (query: string) => void;
}

/**
 * The search icon above the map, which expands into a search field (spec 2.11). It searches on
 * Enter only: Nominatim's usage policy forbids asking per keystroke.
 */
export function MapPlaceSearch({ searching, onSearch }: MapPlaceSearchProps) {
  const { t } = useTranslation('map');
  const [expanded, setExpanded] = useState(false);
  return (
    <Flex justify="flex-end">
      {expanded ? (
        <Input.Search
          autoFocus
          allowClear={{ clearIcon: <CloseCircleFilled aria-label={t('search.clear')} /> }}
          enterButton
          aria-label={t('search.placeholder')}
          placeholder={t('search.placeholder')}
          loading={searching}
          style={{ maxWidth: 420 }}
          onSearch={(value, _event, info) => {
            const query = value.trim();
            if (query !== '' && info?.source !== 'clear') onSearch(query);
          }}
        />
      ) : (
        <Button icon={<SearchOutlined aria-hidden />} aria-label={t('search.open')} onClick={() => setExpanded(true)} />
      )}
    </Flex>
  );
}
