import { EnvironmentOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CoordinateTexts, CoordinateValue } from './coordinates.ts';
import { MapPickerModal, preloadMap } from './map-picker-modal.tsx';

export interface MapPickerButtonProps {
  /** The form's coordinates now (texts or numbers; empty or invalid opens the map near Bishkek). */
  value?: CoordinateValue | null;
  /** The saved point as six-decimal texts (`'42.870000'`), with its address when one was found. */
  onChange?: (coordinates: CoordinateTexts, address?: string) => void;
  disabled?: boolean;
  id?: string;
}

/**
 * A button that opens the map picker (spec 2.11); saving there hands the coordinates to onChange
 * and closes it. `<MapPickerButton value={{ latitude, longitude }} onChange={(c) => form.setFieldsValue(c)} />`
 */
export function MapPickerButton({ value, onChange, disabled, id }: MapPickerButtonProps) {
  const { t } = useTranslation('map');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        id={id}
        icon={<EnvironmentOutlined aria-hidden />}
        disabled={disabled}
        onPointerEnter={preloadMap}
        onFocus={preloadMap}
        onClick={() => setOpen(true)}
      >
        {t('open')}
      </Button>
      <MapPickerModal
        open={open}
        value={value}
        onCancel={() => setOpen(false)}
        onSave={(coordinates, address) => {
          setOpen(false);
          onChange?.(coordinates, address);
        }}
      />
    </>
  );
}
