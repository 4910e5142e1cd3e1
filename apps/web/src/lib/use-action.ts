import { useCallback, useEffect, useRef, useState } from 'react';

/** Per-call callbacks, as `mutate(variables, { onSuccess, onError })` takes them in TanStack Query. */
export interface ActionCallbacks<TData> {
  onSuccess?: (data: TData) => void;
  onError?: (error: unknown) => void;
}

export type Action<TVariables, TData> = {
  mutate: (variables: TVariables, callbacks?: ActionCallbacks<TData>) => void;
  isPending: boolean;
} & ({ isSuccess: true; data: TData } | { isSuccess: false; data: undefined });

type State<TData> = { status: 'idle' | 'pending' | 'error' } | { status: 'success'; data: TData };

/**
 * A mutation for the signed-out screens, which run without TanStack Query: it loads with the
 * shell, and the sign-in screen would carry it for one request. The shape is the part of
 * useMutation those screens use, so a screen reads the same either way. As with useMutation, the
 * callbacks given to `mutate` run only for the latest call and only while still mounted.
 */
export function useAction<TVariables, TData>(
  run: (variables: TVariables) => Promise<TData>,
): Action<TVariables, TData> {
  const [state, setState] = useState<State<TData>>({ status: 'idle' });
  const latest = useRef(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutate = useCallback(
    (variables: TVariables, callbacks: ActionCallbacks<TData> = {}) => {
      const call = ++latest.current;
      const current = () => mounted.current && call === latest.current;
      setState({ status: 'pending' });
      run(variables).then(
        (data) => {
          if (!current()) return;
          setState({ status: 'success', data });
          callbacks.onSuccess?.(data);
        },
        (error: unknown) => {
          if (!current()) return;
          setState({ status: 'error' });
          callbacks.onError?.(error);
        },
      );
    },
    [run],
  );

  const isPending = state.status === 'pending';
  return state.status === 'success'
    ? { mutate, isPending, isSuccess: true, data: state.data }
    : { mutate, isPending, isSuccess: false, data: undefined };
}
