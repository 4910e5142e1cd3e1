import { Card, Flex } from 'antd';
import type { ReactNode } from 'react';

/** A list screen's card: its toolbar (or filters) above its table. */
export function ListCard({ children }: { children: ReactNode }) {
  return (
    <Card>
      <Flex vertical gap="middle">
        {children}
      </Flex>
    </Card>
  );
}
