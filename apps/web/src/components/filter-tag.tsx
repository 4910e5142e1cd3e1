import { CloseOutlined } from '@ant-design/icons';
import { Button, Flex, Tag } from 'antd';

export interface FilterTagProps {
  /** What the list is narrowed to ('User: Asanov Bakyt'). */
  label: string;
  /** The close button's accessible name: what removing the filter shows ('Show the charges of all users'). */
  clearLabel: string;
  onClear: () => void;
  'data-testid'?: string;
}

/** A filter that has no field of its own (a link narrowed the list to one driver), with a real button to remove it. */
export function FilterTag({ label, clearLabel, onClear, 'data-testid': testId }: FilterTagProps) {
  return (
    <Tag
      color="blue"
      style={{ marginInlineEnd: 0, paddingBlock: 2, maxWidth: '100%', whiteSpace: 'normal' }}
      data-testid={testId}
    >
      <Flex align="center" gap={4}>
        {label}
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined aria-hidden />}
          aria-label={clearLabel}
          title={clearLabel}
          onClick={onClear}
        />
      </Flex>
    </Tag>
  );
}
