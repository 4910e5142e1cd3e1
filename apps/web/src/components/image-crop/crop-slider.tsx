import { Flex, Slider, Typography } from 'antd';
import { useId } from 'react';
import type { Range } from './crop-math.ts';

export interface CropSliderProps {
  label: string;
  range: Range;
  value: number;
  onChange: (value: number) => void;
  /** The value as shown beside the slider and read out by screen readers ("1.5×", "30°"). */
  format: (value: number) => string;
  testId?: string;
}

/** One labelled control of the cropper; antd's handle takes the arrow, Page and Home/End keys. */
export function CropSlider({ label, range, value, onChange, format, testId }: CropSliderProps) {
  const labelId = useId();
  return (
    // On a phone the label takes its own line, so the slider keeps a usable length under it.
    <Flex align="center" gap={12} wrap data-testid={testId}>
      <Typography.Text id={labelId} style={{ width: 150, flex: 'none' }}>
        {label}
      </Typography.Text>
      <Slider
        style={{ flex: '1 1 180px', minWidth: 0 }}
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        onChange={onChange}
        ariaLabelledByForHandle={labelId}
        ariaValueTextFormatterForHandle={format}
        tooltip={{ open: false }}
      />
      <Typography.Text type="secondary" style={{ width: 48, flex: 'none', textAlign: 'right' }}>
        {format(value)}
      </Typography.Text>
    </Flex>
  );
}
