import { Flex, Spin } from 'antd';
import { useEffect } from 'react';
import { logout } from './logout.ts';

/** The /logout route of the menu: logs out as soon as it is shown. */
export function LogoutPage() {
  useEffect(() => {
    void logout();
  }, []);
  return (
    <Flex justify="center" style={{ padding: 48 }}>
      <Spin size="large" />
    </Flex>
  );
}
