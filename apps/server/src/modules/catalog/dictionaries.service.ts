import { CONNECTOR_POSITIONS, CONNECTOR_TYPES, type Dictionary } from '@evcms/contracts/catalog';
import type { Lang } from '@evcms/contracts/i18n';

/** Connector types or positions as key -> name in the request's language, in the order the contracts list them. */
export function connectorDictionary(info: 'types' | 'positions', lang: Lang): Dictionary {
  const entries: [string, Record<Lang, string>][] = Object.entries(info === 'types' ? CONNECTOR_TYPES : CONNECTOR_POSITIONS);
  return Object.fromEntries(entries.map(([key, names]) => [key, names[lang]]));
}
