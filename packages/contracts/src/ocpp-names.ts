import type { Lang } from './i18n.ts';
import type { Names } from './names.ts';
import type { OcppErrorCode } from './ocpp.ts';
import type {
  AvailabilityType,
  OcppCommandAction,
  OcppCommandStatus,
  ResetType,
  TriggerMessage,
} from './ocpp-commands.ts';

/*
 * The names the back office shows for OCPP's own words, in each language: why a charge stopped,
 * a connector's error code, the commands sent to a station, their parameters and the station's answers. The screens and the
 * exports show these; the raw word stays in a tooltip and in the station's OCPP message log.
 */

/** OCPP 1.6 StopTransaction's Reason. */
export const OCPP_STOP_REASONS = {
  EmergencyStop: { ru: 'Аварийная остановка', en: 'Emergency stop', ky: 'Авариялык токтотуу' },
  EVDisconnected: { ru: 'Автомобиль отключён', en: 'Vehicle disconnected', ky: 'Унаа ажыратылды' },
  HardReset: {
    ru: 'Жёсткая перезагрузка станции',
    en: 'Hard restart of the station',
    ky: 'Станцияны катуу кайра жүктөө',
  },
  Local: { ru: 'Остановлена на станции', en: 'Stopped at the station', ky: 'Станцияда токтотулду' },
  Other: { ru: 'Другая причина', en: 'Other reason', ky: 'Башка себеп' },
  PowerLoss: { ru: 'Пропало питание', en: 'Power loss', ky: 'Электр энергиясы өчүп калды' },
  Reboot: { ru: 'Перезагрузка станции', en: 'Station reboot', ky: 'Станция кайра жүктөлдү' },
  Remote: { ru: 'Остановлена удалённо', en: 'Stopped remotely', ky: 'Алыстан токтотулду' },
  SoftReset: {
    ru: 'Мягкая перезагрузка станции',
    en: 'Soft restart of the station',
    ky: 'Станцияны жумшак кайра жүктөө',
  },
  UnlockCommand: {
    ru: 'Команда разблокировки коннектора',
    en: 'Connector unlock command',
    ky: 'Коннектордун кулпусун ачуу буйругу',
  },
  DeAuthorized: {
    ru: 'ID-метка не авторизована',
    en: 'Id tag not authorised',
    ky: 'ID-белги авторизациядан өткөн жок',
  },
} as const satisfies Record<string, Names>;
export type OcppStopReason = keyof typeof OCPP_STOP_REASONS;

/** OCPP 1.6 ChargePointErrorCode, as a StatusNotification reports it beside the status. */
export const OCPP_ERROR_CODE_NAMES = {
  ConnectorLockFailure: {
    ru: 'Сбой блокировки коннектора',
    en: 'Connector lock failure',
    ky: 'Коннектордун кулпусу бузулду',
  },
  EVCommunicationError: {
    ru: 'Ошибка связи с автомобилем',
    en: 'Vehicle communication error',
    ky: 'Унаа менен байланыш катасы',
  },
  GroundFailure: { ru: 'Нарушение заземления', en: 'Ground failure', ky: 'Жерге туташтыруу бузулду' },
  HighTemperature: { ru: 'Перегрев', en: 'High temperature', ky: 'Ашыкча ысып кетти' },
  InternalError: { ru: 'Внутренняя ошибка станции', en: 'Internal error', ky: 'Станциянын ички катасы' },
  LocalListConflict: {
    ru: 'Конфликт локального списка меток',
    en: 'Local list conflict',
    ky: 'Жергиликтүү белгилер тизмесинде карама-каршылык',
  },
  NoError: { ru: 'Нет ошибки', en: 'No error', ky: 'Ката жок' },
  OtherError: { ru: 'Другая ошибка', en: 'Other error', ky: 'Башка ката' },
  OverCurrentFailure: { ru: 'Превышение тока', en: 'Overcurrent', ky: 'Ток ашып кетти' },
  PowerMeterFailure: { ru: 'Сбой счётчика электроэнергии', en: 'Power meter failure', ky: 'Электр эсептегичи бузулду' },
  PowerSwitchFailure: { ru: 'Сбой силового выключателя', en: 'Power switch failure', ky: 'Күч өчүргүчү бузулду' },
  ReaderFailure: { ru: 'Сбой считывателя карт', en: 'Card reader failure', ky: 'Карта окугуч бузулду' },
  ResetFailure: { ru: 'Сбой перезагрузки', en: 'Reset failure', ky: 'Кайра жүктөө ишке ашкан жок' },
  UnderVoltage: { ru: 'Пониженное напряжение', en: 'Undervoltage', ky: 'Чыңалуу төмөн' },
  OverVoltage: { ru: 'Повышенное напряжение', en: 'Overvoltage', ky: 'Чыңалуу жогору' },
  WeakSignal: { ru: 'Слабый сигнал связи', en: 'Weak signal', ky: 'Байланыш сигналы начар' },
} as const satisfies Record<OcppErrorCode, Names>;

/** The commands the back office sends (contracts/ocpp-commands.ts OcppCommandTypes). */
export const OCPP_COMMAND_ACTIONS = {
  Reset: { ru: 'Перезагрузка', en: 'Restart', ky: 'Кайра жүктөө' },
  RemoteStopTransaction: { ru: 'Остановка зарядки', en: 'Stop a charge', ky: 'Кубаттоону токтотуу' },
  RemoteStartTransaction: { ru: 'Запуск зарядки', en: 'Start a charge', ky: 'Кубаттоону баштоо' },
  UnlockConnector: { ru: 'Разблокировка коннектора', en: 'Unlock a connector', ky: 'Коннектордун кулпусун ачуу' },
  ChangeAvailability: { ru: 'Изменение доступности', en: 'Change availability', ky: 'Жеткиликтүүлүктү өзгөртүү' },
  TriggerMessage: { ru: 'Запрос сообщения', en: 'Request a message', ky: 'Билдирүү суроо' },
  GetConfiguration: { ru: 'Чтение конфигурации', en: 'Read the configuration', ky: 'Конфигурацияны окуу' },
  ChangeConfiguration: { ru: 'Изменение конфигурации', en: 'Change the configuration', ky: 'Конфигурацияны өзгөртүү' },
} as const satisfies Record<OcppCommandAction, Names>;

/** The statuses a station answers a command with. */
export const OCPP_COMMAND_STATUSES = {
  Accepted: { ru: 'Принято', en: 'Accepted', ky: 'Кабыл алынды' },
  Rejected: { ru: 'Отклонено', en: 'Rejected', ky: 'Четке кагылды' },
  Scheduled: {
    ru: 'Запланировано после текущей зарядки',
    en: 'Scheduled after the current charge',
    ky: 'Учурдагы кубаттоодон кийин пландалды',
  },
  Unlocked: { ru: 'Разблокирован', en: 'Unlocked', ky: 'Кулпусу ачылды' },
  UnlockFailed: { ru: 'Не удалось разблокировать', en: 'Unlock failed', ky: 'Кулпусун ачуу ишке ашкан жок' },
  NotSupported: { ru: 'Не поддерживается станцией', en: 'Not supported by the station', ky: 'Станция колдобойт' },
  NotImplemented: {
    ru: 'Не реализовано на станции',
    en: 'Not implemented by the station',
    ky: 'Станцияда ишке ашырылган эмес',
  },
  RebootRequired: {
    ru: 'Применится после перезагрузки',
    en: 'Applies after a restart',
    ky: 'Кайра жүктөлгөндөн кийин колдонулат',
  },
} as const satisfies Record<OcppCommandStatus, Names>;

export const OCPP_RESET_TYPES = {
  Hard: { ru: 'жёсткая', en: 'hard', ky: 'катуу' },
  Soft: { ru: 'мягкая', en: 'soft', ky: 'жумшак' },
} as const satisfies Record<ResetType, Names>;

export const OCPP_AVAILABILITY_TYPES = {
  Operative: { ru: 'в работе', en: 'in service', ky: 'иштеп жатат' },
  Inoperative: { ru: 'не в работе', en: 'out of service', ky: 'иштебейт' },
} as const satisfies Record<AvailabilityType, Names>;

export const OCPP_TRIGGER_MESSAGES = {
  BootNotification: { ru: 'Сведения о станции', en: 'Station details', ky: 'Станция жөнүндө маалымат' },
  DiagnosticsStatusNotification: { ru: 'Статус диагностики', en: 'Diagnostics status', ky: 'Диагностиканын абалы' },
  FirmwareStatusNotification: { ru: 'Статус прошивки', en: 'Firmware status', ky: 'Программанын жаңыртуу абалы' },
  Heartbeat: { ru: 'Сигнал связи', en: 'Heartbeat', ky: 'Байланыш сигналы' },
  MeterValues: { ru: 'Показания счётчика', en: 'Meter values', ky: 'Эсептегичтин көрсөткүчтөрү' },
  StatusNotification: { ru: 'Статус коннекторов', en: 'Connector status', ky: 'Коннекторлордун абалы' },
} as const satisfies Record<TriggerMessage, Names>;

/** The commands' parameters as OCPP names them. */
export const OCPP_COMMAND_PARAMS = {
  type: { ru: 'Тип', en: 'Type', ky: 'Түрү' },
  connectorId: { ru: 'Коннектор', en: 'Connector', ky: 'Коннектор' },
  transactionId: { ru: 'Зарядка', en: 'Charge', ky: 'Кубаттоо' },
  idTag: { ru: 'ID-метка', en: 'Id tag', ky: 'ID-белги' },
  requestedMessage: { ru: 'Сообщение', en: 'Message', ky: 'Билдирүү' },
  key: { ru: 'Ключ', en: 'Key', ky: 'Ачкыч' },
  value: { ru: 'Значение', en: 'Value', ky: 'Маани' },
} as const satisfies Record<string, Names>;

/** connectorId 0: the station itself. */
export const OCPP_WHOLE_STATION: Names = { ru: 'вся станция', en: 'the whole station', ky: 'бүт станция' };

/** The name of an OCPP word in `lang`; the word itself when it has none (a vendor's, a newer version's). */
export function ocppName(names: Readonly<Record<string, Names>>, word: string, lang: Lang): string {
  return Object.hasOwn(names, word) ? names[word]![lang] : word;
}

/** A name opening a label or a sentence (an option, a placeholder): its first letter capitalised. */
export function capitalized(name: string, lang: Lang): string {
  return name.charAt(0).toLocaleUpperCase(lang) + name.slice(1);
}
