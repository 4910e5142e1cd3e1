import { Modal, Skeleton, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toCoordinateTexts, type CoordinateTexts, type Point } from './coordinates.ts';
import type { MarkerAddress } from './use-map-picker.ts';

export interface PickedPlaceModalProps {
  /** The clicked point; the dialog is open while there is one. */
  picked: Point | null;
  address: MarkerAddress;
  onCancel: () => void;
  onSave: (coordinates: CoordinateTexts) => void;
}

/** The confirmation after a click on the map: the place's address and the coordinates to save. */
export function PickedPlaceModal({ picked, address, onCancel, onSave }: PickedPlaceModalProps) {
  const { t } = useTranslation('map');
  const coordinates = picked && toCoordinateTexts(picked);
  const body = useRef<HTMLDivElement>(null);
  return (
    <Modal
      open={coordinates !== null}
      title={t('confirm.title')}
      okText={t('confirm.save')}
      // Save takes the focus once the dialog has focused itself: Enter saves, Esc goes back to the map.
      afterOpenChange={(visible) =>
        visible &&
        body.current?.closest('.ant-modal')?.querySelector<HTMLElement>('.ant-modal-footer .ant-btn-primary')?.focus()
      }
      onOk={() => coordinates && onSave(coordinates)}
      onCancel={onCancel}
    >
      <div ref={body}>
        {address.pending ? (
          <Skeleton active title={false} paragraph={{ rows: 1 }} />
        ) : (
          <Typography.Paragraph data-testid="picked-address">
            {address.text ?? t('confirm.no_address')}
          </Typography.Paragraph>
        )}
        {coordinates && (
          <Typography.Text type="secondary">{t('confirm.coordinates', { ...coordinates })}</Typography.Text>
        )}
      </div>
    </Modal>
  );
}
