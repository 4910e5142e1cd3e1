import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Input, Row, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionsFailure } from '../../components/load-failure/options-failure.tsx';
import { connectorDictionaryQueryOptions } from '../../lib/connector-dictionaries.ts';
import { useLang } from '../../lib/i18n.ts';
import {
  addModule,
  flatten,
  isNewConnector,
  removeConnector,
  removeModule,
  saveConnector,
  setModuleLabel,
  setPosition,
  sharedPositions,
  type ConnectorDraft,
  type ModuleDraft,
} from './connector-rules.ts';
import { ConnectorModal } from './connector-modal.tsx';
import { formatPower } from '../../lib/number-format.ts';
import { ModuleTitle } from './station-modules-view.tsx';

export interface StationModulesFieldProps {
  /** Given by Form.Item. */
  value?: ModuleDraft[];
  onChange?: (modules: ModuleDraft[]) => void;
  id?: string;
}

/** Which connector the modal is open for: one of a module, or a new one (no connectorId). */
type Editing = { evseId: number; connectorId?: number } | null;

/**
 * The station form's EVSE modules (spec 2.10 and 4): a card per module, headed by its EVSE id and
 * an optional number; an empty module offers add-connector and remove-module, otherwise
 * add-connector and its connectors sorted by connector_id, each with its position, edit and
 * remove. A position another connector of the station uses is flagged.
 */
export function StationModulesField({ value = [], onChange, id }: StationModulesFieldProps) {
  const { t } = useTranslation('stations');
  const lang = useLang();
  const types = useQuery(connectorDictionaryQueryOptions('types'));
  const positions = useQuery(connectorDictionaryQueryOptions('positions'));
  const typesFailure = useOptionsFailure(types);
  const positionsFailure = useOptionsFailure(positions);
  const [editing, setEditing] = useState<Editing>(null);
  const shared = sharedPositions(flatten(value));
  const change = (modules: ModuleDraft[]) => onChange?.(modules);
  const positionOptions = Object.entries(positions.data ?? {}).map(([key, label]) => ({ value: Number(key), label }));

  const editedConnector =
    editing?.connectorId === undefined ? undefined : findConnector(value, editing.evseId, editing.connectorId);

  const connectorCard = (module: ModuleDraft, connector: ConnectorDraft) => (
    <Card
      size="small"
      type="inner"
      data-testid="connector-card"
      title={
        <Flex gap={8} align="center">
          {t('connector.title', { id: connector.connector_id })}
          {isNewConnector(connector) && <Tag color="blue">{t('status.new')}</Tag>}
        </Flex>
      }
      extra={
        <Flex gap={4}>
          <Button
            size="small"
            aria-label={t('form.edit_connector', { id: connector.connector_id, evse: module.evse_id })}
            icon={<EditOutlined aria-hidden />}
            onClick={() => setEditing({ evseId: module.evse_id, connectorId: connector.connector_id })}
          />
          <Button
            size="small"
            danger
            aria-label={t('form.remove_connector', { id: connector.connector_id, evse: module.evse_id })}
            icon={<DeleteOutlined aria-hidden />}
            onClick={() => change(removeConnector(value, module.evse_id, connector.connector_id))}
          />
        </Flex>
      }
    >
      <Flex vertical gap={8}>
        <Typography.Text>
          {types.data?.[connector.typo] ?? connector.typo} ·{' '}
          {t('units.kw', { value: formatPower(connector.power_kWh, lang) })}
        </Typography.Text>
        <Select
          aria-label={t('form.position_of', { id: connector.connector_id, evse: module.evse_id })}
          value={connector.position}
          options={positionOptions}
          notFoundContent={positionsFailure}
          status={shared.has(connector.position) ? 'error' : undefined}
          onChange={(position: number) => change(setPosition(value, module.evse_id, connector.connector_id, position))}
        />
        {shared.has(connector.position) && <Typography.Text type="danger">{t('form.position_taken')}</Typography.Text>}
      </Flex>
    </Card>
  );

  return (
    <Flex vertical gap={16} id={id}>
      {value.map((module) => (
        <Card
          key={module.evse_id}
          size="small"
          data-testid="module-card"
          title={<ModuleTitle evseId={module.evse_id} evse={module.evse} />}
          extra={
            <Input
              key={`${module.evse_id}:${module.evse ?? ''}`}
              size="small"
              aria-label={t('form.module_number', { id: module.evse_id })}
              placeholder={t('form.module_number_placeholder')}
              defaultValue={module.evse ?? ''}
              // Taken when the field is left, so typing is not renumbered keystroke by keystroke.
              onBlur={(event) => change(setModuleLabel(value, module.evse_id, event.target.value))}
              style={{ width: 160 }}
            />
          }
        >
          <Flex vertical gap={12}>
            <Flex gap={8} wrap>
              <Button icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ evseId: module.evse_id })}>
                {t('form.add_connector')}
              </Button>
              {module.connectors.length === 0 && (
                <Button danger onClick={() => change(removeModule(value, module.evse_id))}>
                  {t('form.remove_module')}
                </Button>
              )}
            </Flex>
            <Row gutter={[12, 12]}>
              {module.connectors.map((connector) => (
                <Col key={connector.connector_id} xs={24} md={12} xl={8}>
                  {connectorCard(module, connector)}
                </Col>
              ))}
            </Row>
          </Flex>
        </Card>
      ))}
      <div>
        <Button icon={<PlusOutlined aria-hidden />} onClick={() => change(addModule(value))}>
          {t('form.add_module')}
        </Button>
      </div>
      {editing && (
        <ConnectorModal
          title={editedConnector ? t('connector.title', { id: editedConnector.connector_id }) : t('form.new_connector')}
          connector={editedConnector}
          types={types.data}
          positions={positions.data}
          failures={{ types: typesFailure, positions: positionsFailure }}
          onCancel={() => setEditing(null)}
          onSave={(values) => {
            change(saveConnector(value, editing.evseId, values, editing.connectorId));
            setEditing(null);
          }}
        />
      )}
    </Flex>
  );
}

function findConnector(
  modules: readonly ModuleDraft[],
  evseId: number,
  connectorId: number,
): ConnectorDraft | undefined {
  return modules
    .find((module) => module.evse_id === evseId)
    ?.connectors.find((connector) => connector.connector_id === connectorId);
}
