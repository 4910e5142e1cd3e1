import { theme } from './providers.tsx';

/**
 * What shows while the signed-out screens' or the signed-in app's code loads: a ring drawn by an
 * SVG of its own. antd's Spin would add its code to the first screen a visitor loads; the shell's
 * screens use it (page-spinner.tsx).
 */
export function LightSpinner({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div
      aria-busy="true"
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: fullScreen ? '100vh' : 240 }}
    >
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden>
        <circle
          cx="16"
          cy="16"
          r="13"
          fill="none"
          stroke={theme.token?.colorPrimary}
          strokeWidth="3"
          strokeLinecap="round"
          strokeDasharray="61 100"
        >
          <animateTransform
            attributeName="transform"
            type="rotate"
            from="0 16 16"
            to="360 16 16"
            dur="1s"
            repeatCount="indefinite"
          />
        </circle>
      </svg>
    </div>
  );
}
