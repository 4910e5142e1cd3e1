import { EditOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Row, Tag, Typography, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { MerchantEnvironmentItem, MerchantTagItem } from '@evcms/contracts/merchants';
import { CatalogItemLabel } from '../catalog-picker/catalog-item.tsx';
import { asCatalogItems } from '../catalog-picker/catalog-items.ts';
import { QueryContent } from '../load-failure/query-content.tsx';
import { ResponsiveDescriptions } from '../responsive-descriptions.tsx';
import { ScheduleSummary, type ScheduleSummaryProps } from '../schedule-dialog/schedule-summary.tsx';

/*
 * The parts every detail page (a merchant's, a station's) is built of: the stored record's load
 * with its failure and not-found, the header card of its fields with Edit, and the row of its week,
 * tags and infrastructure.
 */

export interface DetailContentProps<T> {
  query: UseQueryResult<T>;
  /** The feature's not-found page, with its way back. */
  notFound: ReactNode;
  /** Whether the record is the one the address names (a station under another merchant's address is not found there). */
  belongs?: (record: T) => boolean;
  children: (record: T) => ReactNode;
}

/** A skeleton, the record, a failed load said with Retry, or the not-found page (also an edit form's load). */
export function DetailContent<T>({ query, notFound, belongs, children }: DetailContentProps<T>) {
  return (
    <QueryContent query={query} notFound={notFound}>
      {(record) => (belongs && !belongs(record) ? notFound : children(record))}
    </QueryContent>
  );
}

export interface DetailHeaderProps {
  title: ReactNode;
  /** The record's fields. */
  items: DescriptionsProps['items'];
  /** The edit form's address and the button's text. */
  editTo: string;
  editText: string;
  /** Buttons before Edit. */
  actions?: ReactNode;
  'data-testid': string;
}

/** The first card of a detail page: the record's name, its fields, Edit (after any other actions). */
export function DetailHeader({ title, items, editTo, editText, actions, 'data-testid': testId }: DetailHeaderProps) {
  const navigate = useNavigate();
  const edit = (
    <Button icon={<EditOutlined aria-hidden />} onClick={() => void navigate(editTo)}>
      {editText}
    </Button>
  );
  return (
    <Card
      title={title}
      extra={
        actions ? (
          <Flex wrap gap="small" justify="flex-end">
            {actions}
            {edit}
          </Flex>
        ) : (
          edit
        )
      }
    >
      <ResponsiveDescriptions items={items} data-testid={testId} />
    </Card>
  );
}

/** Titled catalog items (tags, infrastructure) as tags; `empty` when there are none. */
export function CatalogItemTags({
  items,
  empty,
}: {
  items: readonly (MerchantTagItem | MerchantEnvironmentItem)[];
  empty: ReactNode;
}) {
  if (items.length === 0) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <Flex wrap gap="small">
      {asCatalogItems(items).map((item) => (
        <Tag key={item.id} style={{ marginInlineEnd: 0 }}>
          <CatalogItemLabel item={item} />
        </Tag>
      ))}
    </Flex>
  );
}

export interface ScheduleAndItemsProps {
  schedule: ScheduleSummaryProps['entries'];
  tagItems: readonly MerchantTagItem[];
  environmentItems: readonly MerchantEnvironmentItem[];
  /** The three cards' titles and the text of an empty list, in the feature's words. */
  texts: { schedule: string; tags: string; environment: string; none: string };
}

/** The week, the tags and the infrastructure, three cards side by side (one above the other on a narrow screen). */
export function ScheduleAndItems({ schedule, tagItems, environmentItems, texts }: ScheduleAndItemsProps) {
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={8}>
        <Card title={texts.schedule} style={{ height: '100%' }}>
          <ScheduleSummary entries={schedule} />
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card title={texts.tags} style={{ height: '100%' }}>
          <CatalogItemTags items={tagItems} empty={texts.none} />
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card title={texts.environment} style={{ height: '100%' }}>
          <CatalogItemTags items={environmentItems} empty={texts.none} />
        </Card>
      </Col>
    </Row>
  );
}
