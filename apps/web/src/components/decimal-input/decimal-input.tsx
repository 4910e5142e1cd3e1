import { InputNumber, type InputNumberProps } from 'antd';
import { useLang } from '../../lib/i18n.ts';
import { decimalSeparator } from '../../lib/number-format.ts';

/*
 * A decimal field (power, a tariff, a percentage) that takes a decimal comma as well as a point.
 * antd's InputNumber on its own drops characters it does not know, so a Russian '120,5' became
 * 1205. It shows the interface language's separator once the field is left.
 */

/** The typed text as InputNumber parses it: spaces out, a decimal comma read as a point. */
export function parseDecimalText(text: string | undefined): string {
  return (text ?? '').replace(/\s/g, '').replace(',', '.');
}

export function DecimalInput(props: InputNumberProps<number>) {
  const lang = useLang();
  return (
    <InputNumber<number>
      controls={false}
      style={{ width: '100%' }}
      decimalSeparator={decimalSeparator(lang)}
      // The parser hands InputNumber numeric text, which it reads itself; antd types it as the value.
      parser={parseDecimalText as unknown as InputNumberProps<number>['parser']}
      {...props}
    />
  );
}
