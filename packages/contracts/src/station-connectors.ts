import { CONNECTOR_POSITION_KEYS, CONNECTOR_TYPE_KEYS, DEFAULT_CONNECTOR_POSITION } from './catalog.ts';
import { wholeNumber as id } from './common.ts';
import { DECIMALS, decimalUnits } from './decimal.ts';
import { blankList, formIdList, formInt, isBlank, optionalText } from './form-values.ts';
import { z } from './schema.ts';

/*
 * A station's connectors, grouped in EVSE modules: what the station form and the connectors call
 * send (multipart text or JSON numbers alike), the position rule, and the connector as answered.
 */

/** The optional number printed on an EVSE module. */
export const EVSE_LABEL_MAX = 20;
/** Each connector needs its own position, so there are never more than this many. */
export const CONNECTORS_MAX = CONNECTOR_POSITION_KEYS.length;
export const POWER_KW_MAX = 10_000;
export const CABLE_LENGTH_MAX = 32_767;
/** Personal tariff, som per kWh. */
export const CUSTOM_FEE_MAX = 100_000;

const emptyToNull = (value: unknown) => (isBlank(value) ? null : value);

/** A positive whole number without a leading zero, or null when left empty. */
const cableLength = z.pipe(
  z.transform(emptyToNull),
  z.nullable(
    z.pipe(
      z.union([z.number(), z.string()], { error: 'cable_length_integer' }),
      z.transform((value: number | string, ctx) => {
        const text = String(value).trim();
        if (!/^[1-9]\d{0,8}$/.test(text)) {
          ctx.issues.push({ code: 'custom', input: value, message: 'cable_length_integer' });
          return z.NEVER;
        }
        const number = Number(text);
        if (number <= CABLE_LENGTH_MAX) return number;
        ctx.issues.push({ code: 'custom', input: value, message: 'number_max', maximum: CABLE_LENGTH_MAX } as never);
        return z.NEVER;
      }),
    ),
  ),
);

/** Personal tariff in som per kWh (parsed to tyiyn), or null when left empty. */
const customFee = z.pipe(
  z.transform(emptyToNull),
  z.nullable(decimalUnits({ decimals: DECIMALS.money, min: 0, max: CUSTOM_FEE_MAX })),
);

const connectorPosition = z._default(
  formInt({ min: 1, max: Math.max(...CONNECTOR_POSITION_KEYS), error: 'invalid_choice' }),
  DEFAULT_CONNECTOR_POSITION,
);

/**
 * One connector as the form sends it. `evse_id` names its module and `connector_id` its order in
 * the module; the server numbers modules 1..n, connectors 1..n per module and `ocpp_16_id` 1..n
 * across the station, so the numbers sent only give the order. `id` names an existing connector
 * (the connectors call); without it the connector is new.
 */
export const connectorRequest = z.object({
  id: z.optional(formInt()),
  evse_id: formInt(),
  evse: z.optional(z.nullable(optionalText(EVSE_LABEL_MAX))),
  connector_id: z.optional(z.nullable(formInt())),
  typo: z.enum(CONNECTOR_TYPE_KEYS, { error: (issue) => (isBlank(issue.input) ? 'field_blank' : 'invalid_choice') }),
  position: connectorPosition,
  /** Power in kW (up to 3 decimals), parsed to watts. */
  power_kWh: decimalUnits({ decimals: DECIMALS.energy, min: 0, max: POWER_KW_MAX }),
  cable_length: z._default(cableLength, null),
  custom_fee: z._default(customFee, null),
});
export type ConnectorRequest = z.input<typeof connectorRequest>;
export type ConnectorInput = z.output<typeof connectorRequest>;

/** Two connectors of one station never share a position: the index of each connector that repeats an earlier one. */
export function repeatedPositions(connectors: readonly { position: number }[]): number[] {
  const seen = new Set<number>();
  return connectors.flatMap((connector, index) => {
    if (!seen.has(connector.position)) {
      seen.add(connector.position);
      return [];
    }
    return [index];
  });
}

export const connectorList = z.array(connectorRequest, { error: blankList('connectors_required') }).check(
  z.minLength(1, { error: 'connectors_required' }),
  z.maxLength(CONNECTORS_MAX, { error: 'connectors_max' }),
  z.superRefine((connectors, ctx) => {
    if (repeatedPositions(connectors).length)
      ctx.addIssue({ code: 'custom', message: 'connector_position_duplicate', input: connectors });
  }),
);

/** Connector ids to delete: indexed (`deleted_conns_ids[0]`), repeated or a JSON list. */
export const deletedConnectorIds = z._default(formIdList(CONNECTORS_MAX), []);

/** Connectors to change (with an id) or add (without one), as the connectors call and the station update send them. */
export const connectorChanges = z
  .array(connectorRequest)
  .check(z.maxLength(CONNECTORS_MAX, { error: 'connectors_max' }));

/** PATCH /stations/update/{id}/connectors/: connectors with an id change, without one are added. */
export const connectorsUpdateRequest = z.object({
  connectors: z._default(connectorChanges, []),
  deleted_conns_ids: deletedConnectorIds,
});
export type ConnectorsUpdateRequest = z.input<typeof connectorsUpdateRequest>;
export type ConnectorsUpdate = z.output<typeof connectorsUpdateRequest>;

export const connector = z.object({
  id,
  evse_id: id,
  evse: z.nullable(z.string()),
  connector_id: id,
  ocpp_16_id: id,
  typo: z.string(),
  /** The type's name in the request's language. */
  typo_name: z.string(),
  position: id,
  position_name: z.string(),
  power_kWh: z.number(),
  cable_length: z.nullable(id),
  custom_fee: z.nullable(z.number()),
});
export type Connector = z.infer<typeof connector>;
