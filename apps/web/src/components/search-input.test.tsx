import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inEnglish } from '../test/render-screen.tsx';
import { SearchInput } from './search-input.tsx';

const type = (value: string) => fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value } });

describe('SearchInput', () => {
  inEnglish();
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires once, 500 ms after typing stops, with the trimmed text', () => {
    const onChange = vi.fn();
    render(<SearchInput onChange={onChange} />);
    type('b');
    act(() => vi.advanceTimersByTime(300));
    type('bish ');
    act(() => vi.advanceTimersByTime(499));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledOnce();
    expect(onChange).toHaveBeenCalledWith('bish');
  });

  it('applies at once on Enter', () => {
    const onChange = vi.fn();
    render(<SearchInput onChange={onChange} />);
    type('osh');
    fireEvent.keyDown(screen.getByPlaceholderText('Search'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onChange).toHaveBeenCalledWith('osh');
    act(() => vi.advanceTimersByTime(1000));
    expect(onChange).toHaveBeenCalledOnce();
  });

  it('names its clear button in the interface language, and clears at once', () => {
    const onChange = vi.fn();
    render(<SearchInput onChange={onChange} />);
    type('osh');
    fireEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('');
  });

  it('keeps what the user types when its own value comes back, and follows an outside reset', () => {
    function Harness() {
      const [search, setSearch] = useState('');
      return (
        <>
          <SearchInput value={search} onChange={setSearch} />
          <button onClick={() => setSearch('')}>reset</button>
        </>
      );
    }
    render(<Harness />);
    const input = screen.getByPlaceholderText('Search') as HTMLInputElement;
    type('naryn ');
    act(() => vi.advanceTimersByTime(500));
    expect(input.value).toBe('naryn ');
    fireEvent.click(screen.getByText('reset'));
    expect(input.value).toBe('');
  });

  it('never sends what the API would refuse, and says why under the field until it is corrected', () => {
    const onChange = vi.fn();
    render(<SearchInput onChange={onChange} />);
    type('x'.repeat(101));
    act(() => vi.advanceTimersByTime(1000));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByPlaceholderText('Search')).toHaveAccessibleDescription(
      'Ensure this field has no more than 100 characters',
    );
    type('x'.repeat(100));
    act(() => vi.advanceTimersByTime(500));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('x'.repeat(100));
    expect(screen.getByPlaceholderText('Search')).not.toHaveAttribute('aria-invalid');
  });
});
