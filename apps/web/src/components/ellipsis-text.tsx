import { Tooltip, type TooltipProps } from 'antd';
import { useState, type CSSProperties, type SyntheticEvent } from 'react';
import { Link } from 'react-router';

const ONE_LINE: CSSProperties = {
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
};

export interface EllipsisTextProps {
  text: string;
  /** Makes the text a real link (middle click, Ctrl+click and Tab work as with any link). */
  to?: string;
  placement?: TooltipProps['placement'];
  'data-testid'?: string;
}

/**
 * One line of text cut with an ellipsis where its box ends. The whole text shows in a tooltip, on
 * hover and on keyboard focus, and only when something was actually cut: a tooltip repeating what
 * is already in view is noise. Whether it is cut is measured at the moment of pointing, since the
 * width changes with the window, the language and the collapsed menu.
 */
export function EllipsisText({ text, to, placement, 'data-testid': testId }: EllipsisTextProps) {
  const [cut, setCut] = useState(false);
  const measure = (event: SyntheticEvent<HTMLElement>) => {
    const box = event.currentTarget;
    setCut(box.scrollWidth > box.clientWidth);
  };
  const shared = { style: ONE_LINE, onMouseEnter: measure, onFocus: measure, 'data-testid': testId };
  return (
    <Tooltip title={cut ? text : undefined} placement={placement} trigger={['hover', 'focus']}>
      {to === undefined ? (
        <span {...shared}>{text}</span>
      ) : (
        <Link to={to} {...shared}>
          {text}
        </Link>
      )}
    </Tooltip>
  );
}
