import { ColorPicker, Flex, Input } from 'antd';

export interface BannerColourInputProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
  'aria-label'?: string;
}

/** The button's colour: `#rrggbb` typed, or picked on the swatch beside it (which follows what is typed). */
export function BannerColourInput({ value, onChange, id, 'aria-label': label }: BannerColourInputProps) {
  const typed = value ?? '';
  return (
    <Flex gap="small" align="center">
      <ColorPicker
        value={/^#[0-9a-f]{6}$/i.test(typed) ? typed : undefined}
        disabledAlpha
        format="hex"
        onChangeComplete={(colour) => onChange?.(colour.toHexString())}
        aria-hidden
      />
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
