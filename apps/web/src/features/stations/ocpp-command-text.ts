import type { Lang } from '@evcms/contracts/i18n';
import {
  OCPP_AVAILABILITY_TYPES,
  OCPP_COMMAND_PARAMS,
  OCPP_COMMAND_STATUSES,
  OCPP_RESET_TYPES,
  OCPP_TRIGGER_MESSAGES,
  OCPP_WHOLE_STATION,
  ocppName,
} from '@evcms/contracts/ocpp-names';

/*
 * A command of the station's audit in the manager's language: its OCPP request's parameters and
 * the station's answer named (contracts/ocpp-names.ts), and the request as sent for a tooltip.
 */

/** The names of the `type` parameter's values, by command. */
const TYPE_NAMES: Record<string, Record<string, Record<Lang, string>> | undefined> = {
  Reset: OCPP_RESET_TYPES,
  ChangeAvailability: OCPP_AVAILABILITY_TYPES,
};

function valueText(action: string, name: string, value: unknown, lang: Lang): string {
  if (Array.isArray(value)) return value.map(String).join(', ');
  const text = String(value);
  if (name === 'connectorId' && value === 0) return OCPP_WHOLE_STATION[lang];
  if (name === 'requestedMessage') return ocppName(OCPP_TRIGGER_MESSAGES, text, lang);
  const types = name === 'type' ? TYPE_NAMES[action] : undefined;
  return types ? ocppName(types, text, lang) : text;
}

/** The request's parameters as one line in `lang`: 'Тип: мягкая', 'Коннектор: вся станция; Тип: не в работе'. */
export function commandParamsText(action: string, params: Record<string, unknown>, lang: Lang): string {
  return Object.entries(params)
    .map(([name, value]) => `${ocppName(OCPP_COMMAND_PARAMS, name, lang)}: ${valueText(action, name, value, lang)}`)
    .join('; ');
}

/** The request as OCPP sent it, for the tooltip: `type: Hard`, `connectorId: 2; type: Inoperative`. */
export function rawParamsText(params: Record<string, unknown>): string {
  return Object.entries(params)
    .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join('; ');
}

/** The station's answer ('Accepted', 'Unlocked', 'Scheduled'...) in `lang`. */
export const commandStatusName = (status: string, lang: Lang) => ocppName(OCPP_COMMAND_STATUSES, status, lang);
