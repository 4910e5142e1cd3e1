import { useInfiniteQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Skeleton, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailure } from '../../components/load-failure/load-failure.tsx';
import { useShownFailure } from '../../components/load-failure/use-shown-failure.ts';
import { TIME_ZONE } from '../../lib/dates.ts';
import { useLang } from '../../lib/i18n.ts';
import { useInfiniteScroll } from '../../lib/use-infinite-scroll.ts';
import { analyticsApi } from './analytics-api.ts';
import { groupByDay, newsPath } from './news-items.ts';

const timeOf = (instant: string) => dayjs(instant).tz(TIME_ZONE).format('HH:mm');

/** What was made lately, newest first under each Bishkek day; older pages load as the list is scrolled down (spec 2.5). */
export function NewsTimeline() {
  const { t } = useTranslation('analytics');
  const lang = useLang();
  const query = useInfiniteQuery(analyticsApi.timelineQueryOptions());
  const failure = useShownFailure(query.error, query.isFetching);
  const list = useRef<HTMLDivElement>(null);
  useInfiniteScroll(list, {
    loadMore: () => void query.fetchNextPage(),
    hasMore: query.hasNextPage,
    loading: query.isFetching,
  });
  const days = useMemo(() => groupByDay(query.data?.pages.flatMap((page) => page.items) ?? []), [query.data]);

  let content;
  if (query.data === undefined && failure)
    content = <LoadFailure error={failure} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (query.data === undefined) content = <Skeleton active />;
  else if (days.length === 0)
    content = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('timeline.empty')} />;
  else
    content = (
      <>
        {days.map(({ day, items }) => (
          <section key={day} aria-labelledby={`news-${day}`}>
            <h3 id={`news-${day}`} style={{ margin: '8px 0 4px', fontSize: 14 }}>
              {dayjs(day).locale(lang).format('D MMMM YYYY')}
            </h3>
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {items.map((item) => (
                <li key={item.id} data-testid="news-item" style={{ padding: '4px 0' }}>
                  <Flex gap={8}>
                    <Typography.Text type="secondary" style={{ flexShrink: 0 }}>
                      {timeOf(item.created_at)}
                    </Typography.Text>
                    <Link to={newsPath(item)}>{t(`timeline.${item.kind}`, { title: item.title })}</Link>
                  </Flex>
                </li>
              ))}
            </ul>
          </section>
        ))}
        {query.isFetchingNextPage && <Spin size="small" style={{ display: 'block', margin: 8 }} />}
        {query.isFetchNextPageError && (
          <LoadFailure error={query.error} onRetry={() => void query.fetchNextPage()} retrying={query.isFetching} />
        )}
      </>
    );

  return (
    <Card size="small" title={<h2 style={{ margin: 0, fontSize: 'inherit' }}>{t('timeline.title')}</h2>}>
      {/* The list scrolls within the card, which the infinite scroll watches (its bottom within 10 px). */}
      <div
        ref={list}
        role="region"
        aria-label={t('timeline.title')}
        data-testid="news-timeline"
        tabIndex={0}
        style={{ maxHeight: 480, overflowY: 'auto' }}
      >
        {content}
      </div>
    </Card>
  );
}
