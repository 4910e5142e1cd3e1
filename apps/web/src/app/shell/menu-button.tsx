import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

export type MenuButtonProps =
  | { kind: 'sider'; open: boolean; onClick: () => void }
  | { kind: 'drawer'; open: boolean; controls: string; onClick: () => void };

/** The header's menu button: it folds the side menu, or on a narrow window opens the menu drawer. */
export function MenuButton(props: MenuButtonProps) {
  const { t } = useTranslation('shell');
  if (props.kind === 'drawer') {
    return (
      <Button
        type="text"
        data-testid="menu-open"
        aria-label={t('sidebar.open')}
        aria-haspopup="dialog"
        aria-expanded={props.open}
        aria-controls={props.controls}
        icon={<MenuOutlined aria-hidden />}
        onClick={props.onClick}
      />
    );
  }
  return (
    <Button
      type="text"
      data-testid="sidebar-toggle"
      aria-label={t(props.open ? 'sidebar.collapse' : 'sidebar.expand')}
      aria-expanded={props.open}
      icon={props.open ? <MenuFoldOutlined aria-hidden /> : <MenuUnfoldOutlined aria-hidden />}
      onClick={props.onClick}
    />
  );
}
