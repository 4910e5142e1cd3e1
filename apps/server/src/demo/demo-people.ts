import type { ConnectorType } from '@evcms/contracts/catalog';
import type { DriverCreateRequest } from '@evcms/contracts/drivers';
import type { Random } from './demo-random.ts';

/*
 * The demo's drivers: Kyrgyz (and a few Russian and Korean) names, +996 mobile numbers, and the
 * electric cars one meets in Kyrgyzstan, with what they can plug into and how much they take.
 */

const MALE = [
  'Айбек',
  'Азамат',
  'Бакыт',
  'Нурлан',
  'Эрлан',
  'Улан',
  'Тимур',
  'Данияр',
  'Мирлан',
  'Бектур',
  'Канат',
  'Руслан',
  'Марат',
  'Жыргал',
  'Алмаз',
  'Эрмек',
  'Талант',
  'Адилет',
  'Нурбек',
  'Чынгыз',
  'Максат',
  'Санжар',
  'Эмиль',
  'Арген',
  'Бекзат',
  'Дастан',
  'Жоомарт',
  'Медет',
  'Самат',
  'Бактыбек',
];
const FEMALE = [
  'Айгерим',
  'Айпери',
  'Асель',
  'Нургуль',
  'Жылдыз',
  'Динара',
  'Гульнара',
  'Айжан',
  'Бермет',
  'Чолпон',
  'Мээрим',
  'Назгуль',
  'Айдана',
  'Камила',
  'Алина',
  'Элиза',
  'Сезим',
  'Нуриза',
  'Бактыгуль',
  'Гулзат',
];
/** Male forms; the female form adds -а. */
const SURNAMES = [
  'Асанов',
  'Мамбетов',
  'Токтогулов',
  'Садыков',
  'Осмонов',
  'Жумабаев',
  'Абдыкадыров',
  'Сыдыков',
  'Иманалиев',
  'Турдубаев',
  'Алымкулов',
  'Эшматов',
  'Кадыров',
  'Мусаев',
  'Орозбаев',
  'Бейшеналиев',
  'Джумабеков',
  'Исаков',
  'Усенов',
  'Шаршенов',
  'Касымов',
  'Токтосунов',
  'Кенжебаев',
  'Маматов',
  'Тыныбеков',
  'Аманбаев',
  'Калыков',
  'Сатыбалдиев',
  'Абдраимов',
  'Момунов',
  'Эсенгулов',
  'Бообеков',
];
/** Patronymic surnames: '<father> уулу' (son of), '<father> кызы' (daughter of). */
const FATHERS = ['Бакыт', 'Нурлан', 'Азамат', 'Талант', 'Кубан', 'Эркин', 'Тилек', 'Болот'];
const RUSSIAN = [
  { surname: 'Иванов', male: 'Сергей', female: 'Елена' },
  { surname: 'Ким', male: 'Виктор', female: 'Светлана', unchanged: true },
  { surname: 'Петров', male: 'Андрей', female: 'Ольга' },
  { surname: 'Пак', male: 'Денис', female: 'Марина', unchanged: true },
];

const LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  ң: 'ng',
  о: 'o',
  ө: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ү: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/** `Айгерим` -> `aigerim`, for e-mail addresses. */
export function latin(text: string): string {
  return [...text.toLowerCase()].map((char) => LATIN[char] ?? (/[a-z0-9]/.test(char) ? char : '')).join('');
}

export interface DemoCar {
  make: string;
  model: string;
  /** Usable battery, kWh: the most one charge can put in. */
  batteryKwh: number;
  /** What the car takes at most on a DC and on an AC connector, kW. */
  dcKw: number;
  acKw: number;
  plugs: readonly ConnectorType[];
  /** How common it is on Kyrgyz roads, relative to the others. */
  share: number;
}

const GBT = ['gbt_dc', 'gbt_ac'] as const;
const EURO = ['ccs2', 'type2'] as const;

/** Chinese-market cars charge through GB/T; the European and Korean ones through CCS2 and Type 2; the Leaf through CHAdeMO. */
export const CARS: readonly DemoCar[] = [
  { make: 'BYD', model: 'Song Plus', batteryKwh: 71, dcKw: 100, acKw: 7, plugs: GBT, share: 12 },
  { make: 'BYD', model: 'Han', batteryKwh: 85, dcKw: 120, acKw: 7, plugs: GBT, share: 7 },
  { make: 'BYD', model: 'Yuan Plus', batteryKwh: 60, dcKw: 80, acKw: 7, plugs: GBT, share: 8 },
  { make: 'Zeekr', model: '001', batteryKwh: 100, dcKw: 200, acKw: 11, plugs: GBT, share: 6 },
  { make: 'Volkswagen', model: 'ID.4 Crozz', batteryKwh: 83, dcKw: 125, acKw: 11, plugs: GBT, share: 8 },
  { make: 'Volkswagen', model: 'ID.6', batteryKwh: 83, dcKw: 125, acKw: 11, plugs: GBT, share: 5 },
  { make: 'Toyota', model: 'bZ4X', batteryKwh: 66, dcKw: 100, acKw: 7, plugs: GBT, share: 6 },
  { make: 'Honda', model: 'e:NS1', batteryKwh: 68, dcKw: 80, acKw: 7, plugs: GBT, share: 3 },
  { make: 'Leapmotor', model: 'C11', batteryKwh: 78, dcKw: 100, acKw: 7, plugs: GBT, share: 3 },
  { make: 'Tesla', model: 'Model 3', batteryKwh: 60, dcKw: 170, acKw: 11, plugs: EURO, share: 7 },
  { make: 'Tesla', model: 'Model Y', batteryKwh: 75, dcKw: 250, acKw: 11, plugs: EURO, share: 8 },
  { make: 'Hyundai', model: 'Ioniq 5', batteryKwh: 72, dcKw: 220, acKw: 11, plugs: EURO, share: 5 },
  { make: 'Kia', model: 'EV6', batteryKwh: 77, dcKw: 230, acKw: 11, plugs: EURO, share: 3 },
  { make: 'Nissan', model: 'Leaf', batteryKwh: 39, dcKw: 46, acKw: 6.6, plugs: ['chademo', 'type2'], share: 7 },
];

const COLOURS = ['белый', 'белый', 'чёрный', 'серый', 'серебристый', 'синий', 'красный', 'зелёный'];
const MOBILE_PREFIXES = [
  '555',
  '557',
  '700',
  '702',
  '707',
  '770',
  '772',
  '775',
  '500',
  '505',
  '550',
  '551',
  '220',
  '222',
  '997',
  '999',
];
const MAIL_HOSTS = ['gmail.com', 'gmail.com', 'mail.ru', 'mail.ru', 'yandex.ru', 'inbox.kg'];

export interface DemoPerson {
  request: DriverCreateRequest;
  car: DemoCar;
}

function name(random: Random): { surname: string; first: string; gender: 'male' | 'female' } {
  const gender = random.chance(0.62) ? 'male' : 'female';
  const roll = random.next();
  if (roll < 0.06) {
    const family = random.pick(RUSSIAN);
    const surname = family.unchanged || gender === 'male' ? family.surname : `${family.surname}а`;
    return { surname, first: family[gender], gender };
  }
  const first = random.pick(gender === 'male' ? MALE : FEMALE);
  if (roll < 0.18) return { surname: `${random.pick(FATHERS)} ${gender === 'male' ? 'уулу' : 'кызы'}`, first, gender };
  const surname = random.pick(SURNAMES);
  return { surname: gender === 'male' ? surname : `${surname}а`, first, gender };
}

/**
 * A driver as a manager's create request would carry them, with their car; `phones` keeps the
 * numbers given so far, as a phone is unique.
 */
export function aPerson(random: Random, phones: Set<string>, idTag: string): DemoPerson {
  const { surname, first, gender } = name(random);
  let phone: string;
  do phone = `996${random.pick(MOBILE_PREFIXES)}${String(random.int(0, 999_999)).padStart(6, '0')}`;
  while (phones.has(phone));
  phones.add(phone);
  const car = random.weighted(CARS, (candidate) => candidate.share);
  const year = random.int(1965, 2004);
  const email = random.chance(0.6)
    ? `${latin(first)}.${latin(surname.split(' ')[0]!)}${random.chance(0.5) ? year % 100 : ''}@${random.pick(MAIL_HOSTS)}`
    : null;
  const request: DriverCreateRequest = {
    surname,
    first_name: first,
    phone,
    email,
    gender,
    birthday: `${year}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
    car: { make: car.make, model: car.model, year: random.int(2019, 2025), colour: random.pick(COLOURS) },
    licence: random.chance(0.4) ? `AB${random.int(1_000_000, 9_999_999)}` : null,
    id_tag: idTag,
  };
  return { request, car };
}

/** An RFID card's UID as readers send it: 4 or 7 bytes in upper-case hex. */
export function anRfidUid(random: Random): string {
  const bytes = random.chance(0.7) ? 4 : 7;
  return Array.from({ length: bytes }, () => random.int(0, 255).toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

/** A responsible person's name for a station card. */
export function aResponsiblePerson(random: Random): string {
  const { surname, first } = name(random);
  return `${surname} ${first}`;
}
