import {
  CalendarOutlined,
  CheckOutlined,
  ClockCircleOutlined,
  CloseCircleFilled,
  CloseOutlined,
  DownOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  LoadingOutlined,
  SwapRightOutlined,
} from '@ant-design/icons';
import { ConfigProvider } from 'antd';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// Drawn once: antd clones them into every select and picker.
const SELECT = {
  suffixIcon: <DownOutlined aria-hidden />,
  clearIcon: <CloseCircleFilled aria-hidden />,
  menuItemSelectedIcon: <CheckOutlined aria-hidden />,
  removeIcon: <CloseOutlined aria-hidden />,
  // In place of the arrow while the options load (a place's districts, a catalogue).
  loadingIcon: <LoadingOutlined spin aria-hidden />,
};
const DATE_PICKER = { suffixIcon: <CalendarOutlined aria-hidden />, clearIcon: <CloseCircleFilled aria-hidden /> };
const RANGE_PICKER = { separator: <SwapRightOutlined aria-hidden /> };
const TIME_PICKER = { suffixIcon: <ClockCircleOutlined aria-hidden />, clearIcon: <CloseCircleFilled aria-hidden /> };

/**
 * antd's defaults for the signed-in screens (nested in the app's ConfigProvider, whose theme and
 * locale it keeps). antd's icons name themselves in English for screen readers ("down",
 * "calendar", "eye-invisible", "loading"), read out in ru and ky too: the decorative arrows, a
 * select's loading ring and pickers' icons are hidden from them (the field itself is what they
 * announce), and a password's eye says what a click does, in the interface language. Not in the
 * providers: the sign-in screen, whose bundle is counted, needs none of these icons.
 */
export function ShellConfig({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const iconRender = useCallback(
    (visible: boolean) =>
      visible ? (
        <EyeOutlined aria-label={t('password_visibility.hide')} />
      ) : (
        <EyeInvisibleOutlined aria-label={t('password_visibility.show')} />
      ),
    [t],
  );
  return (
    <ConfigProvider
      select={SELECT}
      datePicker={DATE_PICKER}
      rangePicker={RANGE_PICKER}
      timePicker={TIME_PICKER}
      inputPassword={{ iconRender }}
    >
      {children}
    </ConfigProvider>
  );
}
