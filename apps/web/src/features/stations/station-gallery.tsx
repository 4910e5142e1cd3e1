import { Empty, Flex, Image } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StationMediaFile } from '@evcms/contracts/station-media';

const TILE = { width: 200, height: 150 } as const;

/**
 * The station's photos and videos in their order: photos open a preview (browsable between the
 * photos), videos play in place and load only their first frame until played.
 */
export function StationGallery({ media }: { media: readonly StationMediaFile[] }) {
  const { t } = useTranslation('stations');
  if (media.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.no_media')} />;
  const ordered = [...media].sort((a, b) => a.position - b.position);
  let photo = 0;
  let video = 0;
  return (
    <Image.PreviewGroup>
      <Flex wrap gap={12} data-testid="station-gallery">
        {ordered.map((file) =>
          file.kind === 'photo' ? (
            <Image
              key={file.id}
              src={file.url}
              alt={t('detail.photo', { number: ++photo })}
              {...TILE}
              style={{ objectFit: 'cover', borderRadius: 8 }}
            />
          ) : (
            <video
              key={file.id}
              src={file.url}
              controls
              preload="metadata"
              aria-label={t('detail.video', { number: ++video })}
              {...TILE}
              style={{ borderRadius: 8, background: '#000' }}
            />
          ),
        )}
      </Flex>
    </Image.PreviewGroup>
  );
}
