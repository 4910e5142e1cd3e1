import { App } from 'antd';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmOptions {
  title: ReactNode;
  content?: ReactNode;
  /** Runs on 'Yes'; while a returned promise is pending the button spins, and a rejection keeps the modal open. */
  onOk?: () => unknown;
  okText?: ReactNode;
  cancelText?: ReactNode;
  /** Paints 'Yes' red, for deletions. */
  danger?: boolean;
}

export interface SuccessOptions {
  title: ReactNode;
  content?: ReactNode;
}

/**
 * Confirm ('Yes' / 'Cancel') and success ('Okay') modals, localised, rendered by the antd <App>
 * around the application so they pick up its theme and locale.
 */
export function useConfirm() {
  const { modal } = App.useApp();
  const { t } = useTranslation('components');

  return useMemo(
    () => ({
      /** Resolves true when the user chose 'Yes' (after onOk settled), false on 'Cancel' or close. */
      confirm: async ({ title, content, onOk, okText, cancelText, danger }: ConfirmOptions): Promise<boolean> =>
        await modal.confirm({
          title,
          content,
          onOk,
          okText: okText ?? t('confirm.yes'),
          cancelText: cancelText ?? t('confirm.cancel'),
          okButtonProps: danger ? { danger: true } : undefined,
        }),
      /**
       * 'Cancel data entry?': asked before a form or dialog with edits is closed; resolves true
       * when the edits may be dropped.
       */
      confirmDiscard: async (): Promise<boolean> =>
        await modal.confirm({
          title: t('stepper.cancelTitle'),
          content: t('stepper.cancelContent'),
          okText: t('confirm.yes'),
          cancelText: t('confirm.cancel'),
        }),
      /** Resolves when the user closes the modal. */
      success: async ({ title, content }: SuccessOptions): Promise<void> => {
        await modal.success({ title, content, okText: t('confirm.okay') });
      },
    }),
    [modal, t],
  );
}
