import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

export interface CreateButtonProps {
  /** The create form's address; or, for a create dialog, `onClick`. */
  to?: string;
  onClick?: () => void;
  children: ReactNode;
}

/** A list's create button, the last of its toolbar. */
export function CreateButton({ to, onClick, children }: CreateButtonProps) {
  const navigate = useNavigate();
  return (
    <Button
      type="primary"
      icon={<PlusOutlined aria-hidden />}
      onClick={() => (to === undefined ? onClick?.() : void navigate(to))}
    >
      {children}
    </Button>
  );
}
