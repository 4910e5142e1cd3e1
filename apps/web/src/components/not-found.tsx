import { Result } from 'antd';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface NotFoundProps {
  title: string;
  text: string;
  /** Where to go instead, and the link's text. */
  backTo: string;
  backText: string;
  'data-testid'?: string;
}

/**
 * An address with nothing behind it (an unknown page, a record that does not exist): say so and lead on.
 * antd's 404 picture carries an English <title> ("No Found"), which browsers show on hover and
 * screen readers read, and Result takes no props for it: the picture gets the page's title and
 * is hidden from screen readers, which read the same words in the heading.
 */
export function NotFound({ title, text, backTo, backText, 'data-testid': testId = 'not-found' }: NotFoundProps) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const picture = ref.current?.querySelector('.ant-result-image svg');
    if (!picture) return;
    picture.setAttribute('aria-hidden', 'true');
    const caption = picture.querySelector('title');
    if (caption) caption.textContent = title;
  }, [title]);
  return (
    <div ref={ref}>
      <Result
        data-testid={testId}
        status="404"
        title={title}
        subTitle={text}
        extra={<Link to={backTo}>{backText}</Link>}
      />
    </div>
  );
}

/**
 * A feature's record that does not exist (or whose id is not a number), in the feature's own words: its
 * namespace's `<part>.not_found`, `<part>.not_found_text` and, unless `backText` is given, `<part>.back_to_list`.
 */
export function RecordNotFound({
  ns,
  part = 'detail',
  backText,
  ...rest
}: Omit<NotFoundProps, 'title' | 'text' | 'backText'> & { ns: string; part?: string; backText?: string }) {
  const { t } = useTranslation(ns);
  return (
    <NotFound
      title={t(`${part}.not_found`)}
      text={t(`${part}.not_found_text`)}
      backText={backText ?? t(`${part}.back_to_list`)}
      {...rest}
    />
  );
}
