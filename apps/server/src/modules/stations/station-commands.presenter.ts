import type { Lang } from '@evcms/contracts/i18n';
import {
  commandAnswerOf,
  COMMAND_OUTCOMES,
  type CommandAnswer,
  type ConfigurationAnswer,
  type OcppCommandEntry,
  type OcppCommandTypes,
  type StationCommandAnswer,
} from '@evcms/contracts/ocpp-commands';
import type { CommandAnswerRecord, CommandEntry } from './station-commands.service.ts';

/** Commands as the API answers them: a command's result, the station's configuration, the audit. */

/** How a command ended: all the specification's reset by identity answers. */
export function presentCommandOutcome(answer: CommandAnswerRecord, lang: Lang): CommandAnswer {
  return commandAnswerOf(answer.outcome, lang);
}

export function presentCommandAnswer(answer: CommandAnswerRecord, lang: Lang): StationCommandAnswer {
  return { ...presentCommandOutcome(answer, lang), status: answer.status, command_id: answer.commandId };
}

export function presentConfiguration(
  answer: CommandAnswerRecord<OcppCommandTypes['GetConfiguration']['response']>,
  lang: Lang,
): ConfigurationAnswer {
  return {
    ...presentCommandAnswer(answer, lang),
    configuration: (answer.response?.configurationKey ?? []).map((entry) => ({
      key: entry.key,
      readonly: entry.readonly,
      value: entry.value ?? null,
    })),
    unknown_keys: answer.response?.unknownKey ?? [],
  };
}

export function presentCommandEntry(record: CommandEntry, lang: Lang): OcppCommandEntry {
  return {
    id: record.id,
    action: record.action,
    params: record.params,
    outcome: record.outcome,
    outcome_name: record.outcome ? COMMAND_OUTCOMES[record.outcome][lang] : null,
    response: record.response,
    requested_at: record.requestedAt.toISOString(),
    finished_at: record.finishedAt?.toISOString() ?? null,
    manager_id: record.managerId,
    manager_name: record.managerName,
  };
}
