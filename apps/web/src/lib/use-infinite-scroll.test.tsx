import { act, fireEvent, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useInfiniteScroll } from './use-infinite-scroll.ts';

function List(props: { loadMore: () => void; hasMore: boolean; loading: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useInfiniteScroll(ref, props);
  return <div ref={ref} data-testid="list" />;
}

// jsdom has no layout: give the container a 1000 px content in a 300 px box.
function scrollTo(element: HTMLElement, top: number) {
  Object.defineProperty(element, 'scrollHeight', { configurable: true, value: 1000 });
  Object.defineProperty(element, 'clientHeight', { configurable: true, value: 300 });
  element.scrollTop = top;
  fireEvent.scroll(element);
}

function setup(props: { hasMore?: boolean; loading?: boolean } = {}) {
  const loadMore = vi.fn();
  const view = render(<List loadMore={loadMore} hasMore={props.hasMore ?? true} loading={props.loading ?? true} />);
  const list = view.getByTestId('list');
  // Start "loading" so the mount-time fill check stays quiet, then settle with a full container.
  scrollTo(list, 0);
  view.rerender(<List loadMore={loadMore} hasMore={props.hasMore ?? true} loading={props.loading ?? false} />);
  act(() => vi.advanceTimersByTime(200));
  return { loadMore, list, view };
}

describe('useInfiniteScroll', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads more within 10 px of the bottom, 100 ms after scrolling stops, once', () => {
    const { loadMore, list } = setup();
    scrollTo(list, 600);
    scrollTo(list, 689);
    act(() => vi.advanceTimersByTime(100));
    expect(loadMore).not.toHaveBeenCalled();

    scrollTo(list, 680);
    scrollTo(list, 690);
    act(() => vi.advanceTimersByTime(99));
    expect(loadMore).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(loadMore).toHaveBeenCalledOnce();
  });

  it('does not load while loading or when there is no more', () => {
    const busy = setup({ loading: true });
    scrollTo(busy.list, 700);
    act(() => vi.advanceTimersByTime(200));
    expect(busy.loadMore).not.toHaveBeenCalled();
    busy.view.unmount();

    const finished = setup({ hasMore: false });
    scrollTo(finished.list, 700);
    act(() => vi.advanceTimersByTime(200));
    expect(finished.loadMore).not.toHaveBeenCalled();
  });

  it('loads again when a finished page still leaves the user at the bottom', () => {
    const loadMore = vi.fn();
    const view = render(<List loadMore={loadMore} hasMore loading />);
    // No layout: the empty container is its own bottom, as a short first page would be.
    view.rerender(<List loadMore={loadMore} hasMore loading={false} />);
    act(() => vi.advanceTimersByTime(100));
    expect(loadMore).toHaveBeenCalledOnce();
  });
});
