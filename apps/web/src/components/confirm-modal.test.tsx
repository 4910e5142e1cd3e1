import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useConfirm } from './confirm-modal.ts';
import { inEnglish, renderScreen } from '../test/render-screen.tsx';

function Harness({ onOk }: { onOk?: () => unknown }) {
  const { confirm, success } = useConfirm();
  const [result, setResult] = useState('none');
  return (
    <>
      <button onClick={async () => setResult(String(await confirm({ title: 'Delete station?', onOk })))}>delete</button>
      <button
        onClick={async () => {
          await success({ title: 'Saved' });
          setResult('closed');
        }}
      >
        save
      </button>
      <output>{result}</output>
    </>
  );
}

describe('useConfirm', { timeout: 30_000 }, () => {
  inEnglish();

  it('confirms with Yes, running onOk first', async () => {
    const user = userEvent.setup({ delay: null });
    const onOk = vi.fn();
    renderScreen(<Harness onOk={onOk} />);
    await user.click(screen.getByText('delete'));
    expect(await screen.findByRole('dialog', { name: 'Delete station?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('true'));
    expect(onOk).toHaveBeenCalledOnce();
  });

  it('resolves false on Cancel without running onOk', async () => {
    const user = userEvent.setup({ delay: null });
    const onOk = vi.fn();
    renderScreen(<Harness onOk={onOk} />);
    await user.click(screen.getByText('delete'));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('false'));
    expect(onOk).not.toHaveBeenCalled();
  });

  it('shows a success modal closed with Okay', async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<Harness />);
    await user.click(screen.getByText('save'));
    expect(await screen.findByRole('dialog', { name: 'Saved' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('closed'));
  });
});
