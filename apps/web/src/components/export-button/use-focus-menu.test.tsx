import { render, screen, waitFor } from '@testing-library/react';
import { useEffect, useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusMenu } from './use-focus-menu.ts';

/** A trigger whose menu appears only some frames after it opens, as on a busy machine. */
function SlowMenu({ frames, onOpen }: { frames: number; onOpen?: () => void }) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [shown, setShown] = useState(false);
  useFocusMenu(true, 'slow-menu', trigger);
  useEffect(() => {
    onOpen?.();
    let left = frames;
    let frame = 0;
    const tick = () => {
      if (--left > 0) frame = requestAnimationFrame(tick);
      else setShown(true);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [frames, onOpen]);
  return (
    <>
      <button ref={trigger}>Export</button>
      <input aria-label="elsewhere" />
      {shown && (
        <ul id="slow-menu" role="menu">
          <li role="menuitem" tabIndex={-1}>
            Excel
          </li>
          <li role="menuitem" tabIndex={-1}>
            CSV
          </li>
        </ul>
      )}
    </>
  );
}

describe('useFocusMenu', () => {
  it('gives the focus to the first item of a menu that shows many frames after opening', async () => {
    render(<SlowMenu frames={12} onOpen={() => screen.getByRole('button').focus()} />);
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Excel' })));
  });

  it('leaves the focus where the user moved it while the menu was on its way', async () => {
    render(<SlowMenu frames={12} onOpen={() => screen.getByLabelText('elsewhere').focus()} />);
    await screen.findByRole('menu');
    // Some frames more, in which a wrong move would have happened.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect(document.activeElement).toBe(screen.getByLabelText('elsewhere'));
  });
});
