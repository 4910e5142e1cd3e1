import { Button, ColorPicker, Flex, Input } from 'antd';
import { useTranslation } from 'react-i18next';

export interface BannerColourInputProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
  'aria-label'?: string;
}

/** The button's colour: `#rrggbb` typed, or picked on the swatch beside it (which follows what is typed). */
export function BannerColourInput({ value, onChange, id, 'aria-label': label }: BannerColourInputProps) {
  const { t } = useTranslation('banners');
  const typed = value ?? '';
  const valid = /^#[0-9a-f]{6}$/i.test(typed);
  return (
    <Flex gap="small" align="center">
      {/* Its own trigger: a named button (antd's swatch is a focusable div a screen reader cannot name). */}
      <ColorPicker
        value={valid ? typed : undefined}
        disabledAlpha
        format="hex"
        onChangeComplete={(colour) => onChange?.(colour.toHexString())}
      >
        <Button aria-label={t('form.pick_colour')} style={{ paddingInline: 6 }}>
          <span
            aria-hidden
            style={{
              display: 'block',
              width: 18,
              height: 18,
              borderRadius: 3,
              border: '1px solid rgba(0, 0, 0, 0.15)',
              background: valid ? typed : 'transparent',
            }}
          />
        </Button>
      </ColorPicker>
      <Input
        id={id}
        aria-label={label}
        value={typed}
        maxLength={7}
        placeholder="#1677ff"
        onChange={(event) => onChange?.(event.target.value.trim() || null)}
        style={{ width: 120 }}
      />
    </Flex>
  );
}
