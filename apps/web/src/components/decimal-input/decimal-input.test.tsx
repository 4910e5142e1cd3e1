import { fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { DecimalInput, parseDecimalText } from './decimal-input.tsx';

describe('parseDecimalText', () => {
  it('reads a decimal comma as a point and drops spaces', () => {
    expect(parseDecimalText('120,5')).toBe('120.5');
    expect(parseDecimalText(' 1 200.25 ')).toBe('1200.25');
    expect(parseDecimalText(undefined)).toBe('');
  });
});

describe('DecimalInput', () => {
  it('keeps 120,5 typed with a comma as 120.5, not 1205', async () => {
    let values: Record<string, unknown> = {};
    render(
      <Form onValuesChange={(_, all) => (values = all)}>
        <Form.Item name="power" label="Power">
          <DecimalInput />
        </Form.Item>
      </Form>,
    );
    const input = screen.getByLabelText('Power');
    fireEvent.change(input, { target: { value: '120,5' } });
    expect(values.power).toBe(120.5);
  });
});
