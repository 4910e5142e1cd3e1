import { CONNECTOR_TYPE_KEYS } from './catalog.ts';
import { wholeNumber as id } from './common.ts';
import { dateRangeParams, timeRangeParams } from './dates.ts';
import { exportQueryOf } from './exports.ts';
import { namesKeys, type Names } from './names.ts';
import { idListParam, intParam, listParam, pageParams } from './query.ts';
import { z } from './schema.ts';

/*
 * Charges (charging sessions; the API's `/users/transactions/`). A charge's number is its id and
 * the OCPP transactionId. Energy is kept in Wh and money in tyiyn; the API answers kWh and som.
 */

/** The eight statuses of spec 4 ('Charge statuses shown'), as PRODUCT.md maps OCPP onto them. */
export const CHARGE_STATUSES = {
  initiated: { ru: 'Подготовка к зарядке', en: 'Preparing to charge', ky: 'Кубаттоого даярдоо' },
  in_progress: { ru: 'Идёт зарядка', en: 'Charging', ky: 'Кубатталууда' },
  pause: { ru: 'Пауза', en: 'Paused', ky: 'Тыныгуу' },
  canceled: { ru: 'Отменена', en: 'Canceled', ky: 'Жокко чыгарылды' },
  not_completed: { ru: 'Не завершена', en: 'Not completed', ky: 'Аягына чыккан жок' },
  finished: { ru: 'Завершена', en: 'Finished', ky: 'Аяктады' },
  stopped: { ru: 'Остановлена', en: 'Stopped', ky: 'Токтотулду' },
  unauthorized: { ru: 'Не авторизована', en: 'Unauthorized', ky: 'Авторизациядан өткөн жок' },
} as const satisfies Record<string, Names>;
export type ChargeStatus = keyof typeof CHARGE_STATUSES;
export const CHARGE_STATUS_KEYS = namesKeys(CHARGE_STATUSES);
/** Charges a station may still report on (initiated, charging, paused): their amount runs and nothing is debited yet. */
export const OPEN_CHARGE_STATUSES = ['initiated', 'in_progress', 'pause'] as const satisfies readonly ChargeStatus[];

/** How a charge was paid (spec 3): the charge services write `balance` or `promotion`; the others are paid outside the balance. */
export const PAYMENT_METHODS = {
  cash: { ru: 'Наличные', en: 'Cash', ky: 'Накталай' },
  other_card: { ru: 'Другая карта', en: 'Other card', ky: 'Башка карта' },
  balance: { ru: 'Личный баланс', en: 'Personal balance', ky: 'Жеке баланс' },
  promotion: { ru: 'Акция', en: 'Promotion', ky: 'Акция' },
} as const satisfies Record<string, Names>;
export type PaymentMethod = keyof typeof PAYMENT_METHODS;
export const PAYMENT_METHOD_KEYS = namesKeys(PAYMENT_METHODS);

/** Spec 3 'transaction result': successful when energy was delivered and paid, failed otherwise; null while open. */
export const CHARGE_RESULTS = ['successful', 'failed'] as const;
export type ChargeResult = (typeof CHARGE_RESULTS)[number];
/** The results' names, as the list and its export show them. */
export const CHARGE_RESULT_NAMES = {
  successful: { ru: 'Успешно', en: 'Successful', ky: 'Ийгиликтүү' },
  failed: { ru: 'Неуспешно', en: 'Failed', ky: 'Ийгиликсиз' },
} as const satisfies Record<ChargeResult, Names>;

/** Where the price per kWh came from when the charge started (contracts/rates.ts resolvePrice). */
export const PRICE_SOURCES = ['custom', 'personal', 'default'] as const;

/**
 * How a charge was authorised (PRODUCT.md 'Charge source'): an id tag presented at the station, a
 * remote start for the driver's app, or a remote start by a manager.
 */
export const CHARGE_SOURCES = {
  card: { ru: 'Карта на станции', en: 'Card at the station', ky: 'Станциядагы карта' },
  app: { ru: 'Приложение', en: 'App', ky: 'Тиркеме' },
  back_office: { ru: 'Бэк-офис', en: 'Back office', ky: 'Бэк-офис' },
} as const satisfies Record<string, Names>;
export type ChargeSource = keyof typeof CHARGE_SOURCES;
export const CHARGE_SOURCE_KEYS = namesKeys(CHARGE_SOURCES);

/** Why a start was refused (status `unauthorized`); what the charge point was told is OCPP's idTagInfo status. */
export const CHARGE_REFUSALS = ['unknown_tag', 'blocked', 'low_balance', 'no_price', 'unknown_connector'] as const;
export type ChargeRefusal = (typeof CHARGE_REFUSALS)[number];

/**
 * Why a charge is marked for review (docs/decisions.md 'Charges'): a station's time more than the
 * allowed skew ahead replaced by the server's (`clock_future`), a stop stamped before the start
 * replaced so (`clock_before_start`), a meter reading past what the connector can deliver ignored
 * (`meter_jump`), a stop's meter past it, the charge billed by the last plausible reading
 * (`stop_implausible`). In rising weight: a charge keeps the weightiest it met.
 */
export const CHARGE_REVIEW_REASONS = ['clock_future', 'clock_before_start', 'meter_jump', 'stop_implausible'] as const;
export type ChargeReviewReason = (typeof CHARGE_REVIEW_REASONS)[number];

/**
 * GET /users/transactions/: newest start first. `period` is the start's Bishkek day,
 * `finished_date` the finish's, both ends included; `finished_time` the finish's Bishkek time of
 * day to the second (a window starting later than it ends runs across midnight); `user` a driver;
 * `review` reasons a charge was marked for review for; `source` how charges were authorised;
 * `promotion_id__in` the promotions that discounted them.
 */
export const chargeListQuery = z.object({
  ...pageParams,
  search_by_tx_id: intParam(1),
  station_id__in: idListParam,
  status: listParam(z.enum(CHARGE_STATUS_KEYS, { error: 'invalid_choice' })),
  ...dateRangeParams('period'),
  ...dateRangeParams('finished_date'),
  ...timeRangeParams('finished_time'),
  user: intParam(1),
  /** Charges marked for review for any of these reasons. */
  review: listParam(z.enum(CHARGE_REVIEW_REASONS, { error: 'invalid_choice' })),
  /** Charges authorised in any of these ways (PRODUCT.md 'Charge source'). */
  source: listParam(z.enum(CHARGE_SOURCE_KEYS, { error: 'invalid_choice' })),
  /** Charges any of these promotions gave a discount to. */
  promotion_id__in: idListParam,
});
export type ChargeListQuery = z.input<typeof chargeListQuery>;
export type ChargeFilters = z.output<typeof chargeListQuery>;

/** GET /users/transactions/export/: the list's filters (no paging) and `format` (xlsx or csv). */
export const chargeExportQuery = exportQueryOf(chargeListQuery);
export type ChargeExportQuery = z.output<typeof chargeExportQuery>;

/** The charge export's sheet name and column headers, in each language. */
export const CHARGE_EXPORT_LABELS = {
  sheet: { ru: 'Зарядки', en: 'Charges', ky: 'Кубаттоолор' },
  number: { ru: '№', en: 'No.', ky: '№' },
  driver: { ru: 'Пользователь', en: 'User', ky: 'Колдонуучу' },
  phone: { ru: 'Телефон', en: 'Phone', ky: 'Телефон' },
  id_tag: { ru: 'ID-метка', en: 'Id tag', ky: 'ID-белги' },
  station: { ru: 'Станция', en: 'Station', ky: 'Станция' },
  connector: { ru: 'Коннектор', en: 'Connector', ky: 'Коннектор' },
  connector_type: { ru: 'Тип коннектора', en: 'Connector type', ky: 'Коннектордун түрү' },
  started_at: { ru: 'Начало', en: 'Start', ky: 'Башталышы' },
  finished_at: { ru: 'Окончание', en: 'Finish', ky: 'Аякташы' },
  duration: { ru: 'Длительность', en: 'Duration', ky: 'Узактыгы' },
  consumed: { ru: 'Потребление, кВт·ч', en: 'Consumed, kWh', ky: 'Керектелди, кВт·с' },
  price: { ru: 'Цена за 1 кВт·ч, сом', en: 'Price per kWh, som', ky: '1 кВт·с баасы, сом' },
  amount: { ru: 'Сумма, сом', en: 'Amount, som', ky: 'Сумма, сом' },
  discount: { ru: 'Скидка, сом', en: 'Discount, som', ky: 'Арзандатуу, сом' },
  promotion: { ru: 'Акция', en: 'Promotion', ky: 'Акция' },
  total: { ru: 'Итого, сом', en: 'Total, som', ky: 'Бардыгы, сом' },
  payment_method: { ru: 'Способ оплаты', en: 'Payment method', ky: 'Төлөө ыкмасы' },
  status: { ru: 'Статус', en: 'Status', ky: 'Статус' },
  result: { ru: 'Результат', en: 'Result', ky: 'Натыйжа' },
  stop_reason: { ru: 'Причина остановки', en: 'Stop reason', ky: 'Токтотуунун себеби' },
} as const satisfies Record<string, Names>;

/** A row of the charge list. Money in som, energy in kWh, times ISO in UTC. */
export const chargeListItem = z.object({
  /** The charge number, also the OCPP transactionId. */
  id,
  /** Null for a start by a tag nobody holds. */
  driver: z.nullable(z.object({ id, name: z.string(), phone: z.string(), account: z.string() })),
  id_tag: z.nullable(z.string()),
  /** `id` is null once the station is deleted; `name` is then the name it had at the start. */
  station: z.object({ id: z.nullable(id), name: z.string() }),
  /** The connector as it was when charging: its OCPP connectorId and type (null when the station named an unknown connector). */
  connector: z.object({
    ocpp_16_id: id,
    typo: z.nullable(z.enum(CONNECTOR_TYPE_KEYS)),
    typo_name: z.nullable(z.string()),
  }),
  started_at: z.string(),
  finished_at: z.nullable(z.string()),
  /** Start to finish; for an open charge, start to now; null before the start and for a charge that never ran. */
  duration_seconds: z.nullable(id),
  /** kWh, 3 decimals; running while the charge is open. */
  consumed: z.number(),
  /** Som per kWh fixed at the start; null when nothing priced the connector. */
  price: z.nullable(z.number()),
  /** Consumed x price; running while the charge is open. */
  amount: z.number(),
  discount: z.number(),
  /** The promotion that gave the discount, and its title in the request's language; null when none did. */
  promotion: z.nullable(id),
  promotion_name: z.nullable(z.string()),
  /** What was debited: amount - discount; 0 until paid. */
  total: z.number(),
  payment_method: z.nullable(z.enum(PAYMENT_METHOD_KEYS)),
  payment_method_name: z.nullable(z.string()),
  status: z.enum(CHARGE_STATUS_KEYS),
  status_name: z.string(),
  result: z.nullable(z.enum(CHARGE_RESULTS)),
  /** OCPP StopTransaction reason (Local, Remote, EVDisconnected, ...), as the charge point sent it. */
  stop_reason: z.nullable(z.string()),
  /** Why an unauthorized start was refused. */
  refusal: z.nullable(z.enum(CHARGE_REFUSALS)),
  /** Why the charge is marked for review (an implausible reading or time); null when nothing was. */
  review_reason: z.nullable(z.enum(CHARGE_REVIEW_REASONS)),
  /** How the charge was authorised, and that in the request's language. */
  source: z.enum(CHARGE_SOURCE_KEYS),
  source_name: z.string(),
});
export type ChargeListItem = z.infer<typeof chargeListItem>;

/** GET /users/transactions/{id}/: the row and the meter's story. */
export const chargeDetail = z.extend(chargeListItem, {
  /** kWh on the meter at the start and the stop. */
  meter_start: z.nullable(z.number()),
  meter_stop: z.nullable(z.number()),
  /** The last meter reading (kWh) and when it was taken. */
  last_meter: z.nullable(z.number()),
  last_meter_at: z.nullable(z.string()),
  /** kW at the last reading, when the charge point sent it. */
  power: z.nullable(z.number()),
  soc_percent: z.nullable(id),
  price_source: z.nullable(z.enum(PRICE_SOURCES)),
  reservation_id: z.nullable(id),
  /** When a manager asked the station to stop it. */
  stop_requested_at: z.nullable(z.string()),
});
export type ChargeDetail = z.infer<typeof chargeDetail>;
