import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, type BlockerFunction } from 'react-router';
import { useConfirm } from './confirm-modal.ts';

export interface UnsavedChangesGuard {
  /**
   * Lets the next navigation through without asking: call it right before navigating away after
   * a successful save, when `dirty` has not yet re-rendered to false.
   */
  allowNextNavigation: () => void;
}

/**
 * While `dirty`, asks before leaving the screen: in-app links and navigate() as well as the
 * browser's back and forward buttons (react-router blocks POP navigations too) get a leave / stay
 * modal; reload and closing the tab get the browser's own beforeunload prompt.
 */
export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  const { t } = useTranslation('components');
  const { confirm } = useConfirm();
  const allowNext = useRef(false);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => {
      if (allowNext.current) {
        allowNext.current = false;
        return false;
      }
      const moves =
        currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search;
      return dirty && moves;
    },
    [dirty],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // The blocker object is replaced when its state changes; a stale answer must not act on it.
    let current = true;
    void confirm({
      title: t('unsaved.title'),
      content: t('unsaved.content'),
      okText: t('unsaved.leave'),
      cancelText: t('unsaved.stay'),
    }).then((leave) => {
      if (!current) return;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      current = false;
    };
  }, [blocker, confirm, t]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return useMemo(
    () => ({
      allowNextNavigation: () => {
        allowNext.current = true;
      },
    }),
    [],
  );
}

/** The same guard as a component, for screens that only need to declare it. */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  useUnsavedChangesGuard(when);
  return null;
}
