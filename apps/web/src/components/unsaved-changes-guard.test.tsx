import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { inEnglish, renderScreen } from '../test/render-screen.tsx';
import { useUnsavedChangesGuard } from './unsaved-changes-guard.tsx';

function EditForm() {
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChangesGuard(dirty);
  const navigate = useNavigate();
  return (
    <>
      <input aria-label="name" onChange={() => setDirty(true)} />
      <Link to="/list">to list</Link>
      <button
        onClick={() => {
          guard.allowNextNavigation();
          void navigate('/list');
        }}
      >
        save
      </button>
    </>
  );
}

function renderForm() {
  return renderScreen(<EditForm />, {
    path: ['/list', '/edit'],
    pattern: '/edit',
    routes: [{ path: '/list', element: <p>list</p> }],
  }).router;
}

const makeDirty = () => fireEvent.change(screen.getByLabelText('name'), { target: { value: 'x' } });

describe('useUnsavedChangesGuard', { timeout: 30_000 }, () => {
  inEnglish();

  it('lets a clean form go without asking', async () => {
    const user = userEvent.setup({ delay: null });
    const router = renderForm();
    await user.click(screen.getByText('to list'));
    expect(router.state.location.pathname).toBe('/list');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks on an in-app link; Stay keeps the screen, Leave goes', async () => {
    const user = userEvent.setup({ delay: null });
    const router = renderForm();
    makeDirty();
    await user.click(screen.getByText('to list'));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/edit');

    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/edit');

    await user.click(screen.getByText('to list'));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'));
  });

  it('asks on the browser back button', async () => {
    const user = userEvent.setup({ delay: null });
    const router = renderForm();
    makeDirty();
    act(() => void router.navigate(-1));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/edit');
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'));
    expect(screen.getByText('list')).toBeInTheDocument();
  });

  it('lets a saved form leave when told to', async () => {
    const user = userEvent.setup({ delay: null });
    const router = renderForm();
    makeDirty();
    await user.click(screen.getByText('save'));
    expect(router.state.location.pathname).toBe('/list');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks the browser to confirm a reload while dirty', () => {
    renderForm();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    makeDirty();
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});
