import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAction } from './use-action.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useAction', () => {
  it('is pending while the call runs, then holds its answer and calls onSuccess', async () => {
    const answer = deferred<string>();
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useAction((name: string) => answer.promise.then((text) => `${text} ${name}`)));

    act(() => result.current.mutate('Aida', { onSuccess }));
    expect(result.current.isPending).toBe(true);
    answer.resolve('hello');

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.isPending).toBe(false);
    expect(result.current.data).toBe('hello Aida');
    expect(onSuccess).toHaveBeenCalledWith('hello Aida');
  });

  it('passes a failure to onError and is not successful', async () => {
    const onError = vi.fn();
    const error = new Error('refused');
    const { result } = renderHook(() => useAction(() => Promise.reject(error)));

    act(() => result.current.mutate(undefined, { onError }));

    await waitFor(() => expect(onError).toHaveBeenCalledWith(error));
    expect(result.current.isPending).toBe(false);
    expect(result.current.isSuccess).toBe(false);
  });

  it('answers only the latest call', async () => {
    const calls = [deferred<number>(), deferred<number>()];
    const first = vi.fn();
    const second = vi.fn();
    const { result } = renderHook(() => useAction((index: number) => calls[index]!.promise));

    act(() => result.current.mutate(0, { onSuccess: first }));
    act(() => result.current.mutate(1, { onSuccess: second }));
    calls[1]!.resolve(2);
    calls[0]!.resolve(1);

    await waitFor(() => expect(second).toHaveBeenCalledWith(2));
    expect(first).not.toHaveBeenCalled();
    expect(result.current.data).toBe(2);
  });
});
