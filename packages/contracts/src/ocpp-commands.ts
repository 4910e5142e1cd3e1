import { wholeNumber } from './common.ts';
import { idTag } from './drivers.ts';
import { choice, formInt, formRefId } from './form-values.ts';
import type { Lang } from './i18n.ts';
import { namesKeys, type Names } from './names.ts';
import { pageParams } from './query.ts';
import { requiredText, z } from './schema.ts';

/*
 * Commands the back office sends to charge points over OCPP 1.6J: the specification's station
 * reset (POST /stations/reset/{identity}/) and charge stop (POST /users/transactions/stop/), the
 * station card's commands (POST /stations/{id}/ocpp/<command>/, the remote start among them), and their audit
 * (GET /stations/{id}/ocpp/commands/). Each is answered once the station has answered, or
 * failed: offline, no answer within the time-out (OCPP_COMMAND_TIMEOUT), or an OCPP CALLERROR.
 */

/** How a command sent to a station ended, as the audit records it. */
export const COMMAND_OUTCOMES = {
  accepted: { ru: 'Принято станцией', en: 'Accepted by the station', ky: 'Станция кабыл алды' },
  rejected: { ru: 'Отклонено станцией', en: 'Rejected by the station', ky: 'Станция четке какты' },
  offline: { ru: 'Станция не в сети', en: 'The station is offline', ky: 'Станция тармакта эмес' },
  timeout: {
    ru: 'Станция не ответила вовремя',
    en: 'The station did not answer in time',
    ky: 'Станция убагында жооп берген жок',
  },
  error: {
    ru: 'Станция ответила ошибкой',
    en: 'The station answered with an error',
    ky: 'Станция ката менен жооп берди',
  },
} as const satisfies Record<string, Names>;
export type CommandOutcome = keyof typeof COMMAND_OUTCOMES;
export const COMMAND_OUTCOME_KEYS = namesKeys(COMMAND_OUTCOMES);

/** Why a command was not even sent, besides the outcomes of one that was. */
export const COMMAND_REFUSALS = {
  unknown_station: { ru: 'Станция не найдена', en: 'The station was not found', ky: 'Станция табылган жок' },
  unknown_charge: { ru: 'Зарядка не найдена', en: 'The charge was not found', ky: 'Кубаттоо табылган жок' },
  charge_not_running: { ru: 'Зарядка не идёт', en: 'The charge is not in progress', ky: 'Кубаттоо жүрүп жаткан жок' },
} as const satisfies Record<string, Names>;
export type CommandRefusal = keyof typeof COMMAND_REFUSALS;

export type CommandAnswerOutcome = CommandOutcome | CommandRefusal;
export const COMMAND_ANSWER_OUTCOMES = { ...COMMAND_OUTCOMES, ...COMMAND_REFUSALS } as const satisfies Record<
  CommandAnswerOutcome,
  Names
>;
const COMMAND_ANSWER_OUTCOME_KEYS = namesKeys(COMMAND_ANSWER_OUTCOMES);

// ---- What OCPP 1.6 sends and answers (the official schemas that ocpp-rpc checks in strict mode)

export const RESET_TYPES = ['Hard', 'Soft'] as const;
export type ResetType = (typeof RESET_TYPES)[number];
export const AVAILABILITY_TYPES = ['Operative', 'Inoperative'] as const;
export type AvailabilityType = (typeof AVAILABILITY_TYPES)[number];
export const TRIGGER_MESSAGES = [
  'BootNotification',
  'DiagnosticsStatusNotification',
  'FirmwareStatusNotification',
  'Heartbeat',
  'MeterValues',
  'StatusNotification',
] as const;
export type TriggerMessage = (typeof TRIGGER_MESSAGES)[number];
/** OCPP 1.6 CiString50 and CiString500: a configuration key and its value. */
export const CONFIGURATION_KEY_MAX = 50;
export const CONFIGURATION_VALUE_MAX = 500;
/** Keys asked for in one GetConfiguration; none asks for every key. */
export const CONFIGURATION_KEYS_MAX = 100;

export interface ConfigurationKey {
  key: string;
  readonly: boolean;
  value?: string;
}

/** Each command's OCPP request and confirmation. */
export interface OcppCommandTypes {
  Reset: { params: { type: ResetType }; response: { status: 'Accepted' | 'Rejected' } };
  RemoteStopTransaction: { params: { transactionId: number }; response: { status: 'Accepted' | 'Rejected' } };
  RemoteStartTransaction: {
    params: { connectorId: number; idTag: string };
    response: { status: 'Accepted' | 'Rejected' };
  };
  UnlockConnector: {
    params: { connectorId: number };
    response: { status: 'Unlocked' | 'UnlockFailed' | 'NotSupported' };
  };
  ChangeAvailability: {
    params: { connectorId: number; type: AvailabilityType };
    response: { status: 'Accepted' | 'Rejected' | 'Scheduled' };
  };
  TriggerMessage: {
    params: { requestedMessage: TriggerMessage; connectorId?: number };
    response: { status: 'Accepted' | 'Rejected' | 'NotImplemented' };
  };
  GetConfiguration: {
    params: { key?: string[] };
    response: { configurationKey?: ConfigurationKey[]; unknownKey?: string[] };
  };
  ChangeConfiguration: {
    params: { key: string; value: string };
    response: { status: 'Accepted' | 'Rejected' | 'RebootRequired' | 'NotSupported' };
  };
}
export type OcppCommandAction = keyof OcppCommandTypes;
/** Every status a station answers a command with ('Accepted', 'Unlocked', 'Scheduled'...). */
export type OcppCommandStatus = {
  [A in OcppCommandAction]: OcppCommandTypes[A]['response'] extends { status: infer S } ? S : never;
}[OcppCommandAction];

/**
 * The statuses that say the station took the command; any other status is a refusal. Scheduled:
 * the availability changes once the charge on it ends; RebootRequired: the value is stored and
 * counts after a reboot. An answer without a status (GetConfiguration) is taken.
 */
export const ACCEPTING_STATUSES: readonly string[] = ['Accepted', 'Unlocked', 'Scheduled', 'RebootRequired'];

// ---- Requests

/** POST /stations/reset/{identity}/. */
export const stationResetRequest = z.object({ reset_type: choice(RESET_TYPES) });
export type StationResetRequest = z.infer<typeof stationResetRequest>;
export const identityPathParams = z.object({ identity: z.string() });

/** POST /users/transactions/stop/: the charge's number (its OCPP transactionId). */
export const chargeStopRequest = z.object({ transaction_id: formInt() });
export type ChargeStopRequest = z.infer<typeof chargeStopRequest>;

/** A connector's OCPP id (`ocpp_16_id`); 0 is the station itself where OCPP allows it. */
const connectorId = (min: 0 | 1) => formInt({ min });

export const unlockConnectorRequest = z.object({ connector_id: connectorId(1) });
export type UnlockConnectorRequest = z.infer<typeof unlockConnectorRequest>;

export const changeAvailabilityRequest = z.object({ connector_id: connectorId(0), type: choice(AVAILABILITY_TYPES) });
export type ChangeAvailabilityRequest = z.infer<typeof changeAvailabilityRequest>;

/** Without a connector the message is about the station (or, for StatusNotification and MeterValues, each connector). */
export const triggerMessageRequest = z.object({
  requested_message: choice(TRIGGER_MESSAGES),
  connector_id: z.optional(connectorId(0)),
});
export type TriggerMessageRequest = z.infer<typeof triggerMessageRequest>;

/**
 * POST /stations/{id}/ocpp/remote-start/: a charge for a driver on one of the station's connectors.
 * The driver, or one of the driver's id tags, or both (the tag must then be the driver's); a driver
 * with several usable tags needs the tag named.
 */
export const remoteStartRequest = z.object({
  connector_id: connectorId(1),
  driver_id: z.optional(formRefId),
  id_tag: z.optional(idTag),
});
export type RemoteStartRequest = z.infer<typeof remoteStartRequest>;

const configurationKey = requiredText(CONFIGURATION_KEY_MAX);

export const getConfigurationRequest = z.object({
  keys: z.optional(z.array(configurationKey).check(z.maxLength(CONFIGURATION_KEYS_MAX, { error: 'number_max' }))),
});
export type GetConfigurationRequest = z.infer<typeof getConfigurationRequest>;

/** A value may be empty (a key switched off by an empty list); it is sent as typed. */
export const changeConfigurationRequest = z.object({
  key: configurationKey,
  value: z.string({ error: 'field_blank' }).check(z.maxLength(CONFIGURATION_VALUE_MAX)),
});
export type ChangeConfigurationRequest = z.infer<typeof changeConfigurationRequest>;

// ---- Answers

/** The specification's `{ success }`, with how the command ended and that in the request's language. */
export const commandAnswer = z.object({
  success: z.boolean(),
  outcome: z.enum(COMMAND_ANSWER_OUTCOME_KEYS),
  outcome_name: z.string(),
});
export type CommandAnswer = z.infer<typeof commandAnswer>;

/** The answer for an outcome in `lang`: a success only when the station accepted. */
export function commandAnswerOf(outcome: CommandAnswerOutcome, lang: Lang): CommandAnswer {
  return { success: outcome === 'accepted', outcome, outcome_name: COMMAND_ANSWER_OUTCOMES[outcome][lang] };
}

/** A station card command's answer: also the station's own status word ('Accepted', 'Unlocked', 'Scheduled'...), when it answered one. */
export const stationCommandAnswer = z.object({
  ...commandAnswer.shape,
  status: z.nullable(z.string()),
  /** The command's audit entry; null when it was not sent. */
  command_id: z.nullable(wholeNumber),
});
export type StationCommandAnswer = z.infer<typeof stationCommandAnswer>;

/** The remote start's answer: also the charge it initiated (null when none was: the station was offline). */
export const remoteStartAnswer = z.object({
  ...stationCommandAnswer.shape,
  /** Initiated before the command went out; canceled when the station refused or did not answer. */
  charge_id: z.nullable(wholeNumber),
});
export type RemoteStartAnswer = z.infer<typeof remoteStartAnswer>;

export const configurationEntry = z.object({ key: z.string(), readonly: z.boolean(), value: z.nullable(z.string()) });
export type ConfigurationEntry = z.infer<typeof configurationEntry>;

/** GetConfiguration's answer: the keys the station knows, in its order, and the asked ones it does not. */
export const configurationAnswer = z.object({
  ...stationCommandAnswer.shape,
  configuration: z.array(configurationEntry),
  unknown_keys: z.array(z.string()),
});
export type ConfigurationAnswer = z.infer<typeof configurationAnswer>;

// ---- The audit

export const ocppCommandListQuery = z.object({ ...pageParams });
export type OcppCommandListQuery = z.infer<typeof ocppCommandListQuery>;

export const ocppCommandEntry = z.object({
  id: wholeNumber,
  /** The OCPP action: 'Reset', 'RemoteStopTransaction', ... */
  action: z.string(),
  /** The OCPP request as sent. */
  params: z.record(z.string(), z.unknown()),
  /** Null while the station's answer is awaited. */
  outcome: z.nullable(z.enum(COMMAND_OUTCOME_KEYS)),
  outcome_name: z.nullable(z.string()),
  /** The station's confirmation, or a CALLERROR's code and description. */
  response: z.nullable(z.record(z.string(), z.unknown())),
  requested_at: z.string(),
  finished_at: z.nullable(z.string()),
  /** Who issued it; null for the system's own commands, or once the manager is deleted. */
  manager_id: z.nullable(wholeNumber),
  manager_name: z.nullable(z.string()),
});
export type OcppCommandEntry = z.infer<typeof ocppCommandEntry>;
