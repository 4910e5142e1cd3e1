import { PictureOutlined } from '@ant-design/icons';
import { useState, type CSSProperties } from 'react';

export interface IconImageProps {
  /** Where the svg is served; empty when the item has none. */
  src: string | null | undefined;
  size: number;
  /** '' for an icon beside its title (decorative), a name where the icon stands alone. */
  alt?: string;
  style?: CSSProperties;
  /** On the image itself (not on the placeholder). */
  testId?: string;
}

/**
 * An infrastructure icon, or a neutral picture placeholder of the same size when there is none or
 * it cannot be loaded: never the browser's broken-image sign or its alt text. A new `src` is
 * tried again.
 */
export function IconImage({ src, size, alt = '', style, testId }: IconImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <span
        data-testid="icon-placeholder"
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: size,
          height: size,
          fontSize: Math.round(size * 0.7),
          color: 'var(--ant-color-text-quaternary)',
          flex: 'none',
          ...style,
        }}
      >
        <PictureOutlined aria-hidden />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      style={style}
      data-testid={testId}
      onError={() => setFailed(src)}
    />
  );
}
