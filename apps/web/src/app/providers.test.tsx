import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from './providers.tsx';

function MotionDuration() {
  return <output>{theme.useToken().token.motionDurationMid}</output>;
}

/** A matchMedia whose reduced-motion query matches as `reduced` says, and whose listeners can be told. */
function stubReducedMotion(reduced: { matches: boolean }) {
  const listeners = new Set<() => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        media: query,
        get matches() {
          return query.includes('prefers-reduced-motion') && reduced.matches;
        },
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
        addListener: () => undefined,
        removeListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
  return () => listeners.forEach((listener) => listener());
}

afterEach(() => vi.restoreAllMocks());

describe('Providers', () => {
  it("takes antd's motion away when the system asks for reduced motion, and gives it back when it no longer does", async () => {
    const reduced = { matches: true };
    const tell = stubReducedMotion(reduced);
    render(
      <Providers>
        <MotionDuration />
      </Providers>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('0s');

    reduced.matches = false;
    tell();
    expect(await screen.findByText('0.2s')).toBeInTheDocument();
  });
});
