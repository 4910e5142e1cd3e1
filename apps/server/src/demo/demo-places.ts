import type { ConnectorType } from '@evcms/contracts/catalog';
import type { Localized } from '@evcms/contracts/localized';

/*
 * The demo network's merchants and station sites: real towns of Kyrgyzstan (their fixed ids in
 * drizzle/0002_locations_seed.sql), plausible streets and coordinates, the kits of connectors a
 * site of that kind would have.
 */

export const KYRGYZSTAN = 1;

export const TOWNS = {
  bishkek: { city: 1, district: 1 },
  osh: { city: 2, district: 2 },
  jalalAbad: { city: 3, district: 4 },
  karakol: { city: 4, district: 5 },
  naryn: { city: 5, district: 6 },
  talas: { city: 6, district: 8 },
  cholponAta: { city: 8, district: 5 },
} as const;
export type Town = keyof typeof TOWNS;

export interface DemoMerchant {
  name: Localized;
  legalName: string;
  agreement: string;
  town: Town;
  street: string;
  phone: string;
  email: string;
  /** The agency share, percent. */
  percentage: string;
  /** The colour of its stations in the generated photos. */
  colour: readonly [number, number, number];
}

const l = (ru: string, en: string, ky: string = ru): Localized => ({ ru, en, ky });

export const MERCHANTS: readonly DemoMerchant[] = [
  {
    name: l('Электр Жол', 'Electr Jol'),
    legalName: 'ОсОО «Электр Жол»',
    agreement: 'ДГ-2023/011',
    town: 'bishkek',
    street: 'пр. Манаса, 40',
    phone: '996312901144',
    email: 'info@electrjol.kg',
    percentage: '12.5',
    colour: [0, 150, 136],
  },
  {
    name: l('Ала-Тоо Заряд', 'Ala-Too Charge', 'Ала-Тоо Кубат'),
    legalName: 'ОсОО «Ала-Тоо Заряд»',
    agreement: 'ДГ-2023/017',
    town: 'bishkek',
    street: 'ул. Токтогула, 125',
    phone: '996312665210',
    email: 'office@alatoo-charge.kg',
    percentage: '10',
    colour: [33, 102, 204],
  },
  {
    name: l('Ош Энерджи', 'Osh Energy', 'Ош Энержи'),
    legalName: 'ОсОО «Ош Энерджи Сервис»',
    agreement: 'ДГ-2023/024',
    town: 'osh',
    street: 'ул. Ленина, 221',
    phone: '996322255781',
    email: 'osh.energy@gmail.com',
    percentage: '10',
    colour: [230, 120, 20],
  },
  {
    name: l('Ысык-Көл Электро', 'Issyk-Kul Electro'),
    legalName: 'ОсОО «ИК Электро»',
    agreement: 'ДГ-2024/003',
    town: 'karakol',
    street: 'ул. Абдрахманова, 130',
    phone: '996392251390',
    email: 'ik.electro@mail.ru',
    percentage: '8',
    colour: [0, 120, 200],
  },
  {
    name: l('Тулпар EV', 'Tulpar EV'),
    legalName: 'ОсОО «Тулпар Электрик»',
    agreement: 'ДГ-2024/009',
    town: 'bishkek',
    street: 'ул. Московская, 189',
    phone: '996312983377',
    email: 'hello@tulpar-ev.kg',
    percentage: '15',
    colour: [200, 40, 60],
  },
  {
    name: l('Нарын Кубат', 'Naryn Kubat'),
    legalName: 'ИП Осмонов Бакыт Турсунович',
    agreement: 'ДГ-2024/015',
    town: 'naryn',
    street: 'ул. Ленина, 30',
    phone: '996352250614',
    email: 'naryn.kubat@gmail.com',
    percentage: '7.5',
    colour: [120, 80, 160],
  },
  {
    name: l('Жалал-Абад Заряд', 'Jalal-Abad Charge', 'Жалал-Абад Кубат'),
    legalName: 'ОсОО «Жалал-Абад Энерго Плюс»',
    agreement: 'ДГ-2024/021',
    town: 'jalalAbad',
    street: 'ул. Токтогула, 12',
    phone: '996372250933',
    email: 'ja.energo@mail.ru',
    percentage: '9',
    colour: [90, 140, 40],
  },
  {
    name: l('Талас Вольт', 'Talas Volt'),
    legalName: 'ОсОО «Талас Вольт»',
    agreement: 'ДГ-2024/027',
    town: 'talas',
    street: 'ул. Сарыгулова, 51',
    phone: '996342257120',
    email: 'talas.volt@gmail.com',
    percentage: '9',
    colour: [180, 140, 0],
  },
];

interface Plug {
  typo: ConnectorType;
  kw: number;
}

/** Kinds of sites, as EVSE modules of connectors: 1 to 3 modules, 7 to 150 kW. */
export const KITS = {
  hub: [
    [
      { typo: 'ccs2', kw: 120 },
      { typo: 'gbt_dc', kw: 120 },
    ],
    [{ typo: 'gbt_dc', kw: 60 }],
    [
      { typo: 'type2', kw: 22 },
      { typo: 'gbt_ac', kw: 7 },
    ],
  ],
  dc150: [
    [
      { typo: 'ccs2', kw: 150 },
      { typo: 'gbt_dc', kw: 150 },
    ],
    [{ typo: 'type2', kw: 22 }],
  ],
  dc60: [
    [
      { typo: 'ccs2', kw: 60 },
      { typo: 'gbt_dc', kw: 60 },
    ],
  ],
  chademo: [
    [
      { typo: 'ccs2', kw: 50 },
      { typo: 'chademo', kw: 50 },
    ],
    [{ typo: 'type2', kw: 22 }],
  ],
  ac22: [[{ typo: 'type2', kw: 22 }], [{ typo: 'gbt_ac', kw: 7 }]],
  ac7: [
    [
      { typo: 'type2', kw: 7 },
      { typo: 'gbt_ac', kw: 7 },
    ],
  ],
} as const satisfies Record<string, readonly (readonly Plug[])[]>;
export type Kit = keyof typeof KITS;

export interface DemoSite {
  /** Index into MERCHANTS. */
  merchant: number;
  town: Town;
  name: Localized;
  address: Localized;
  latitude: string;
  longitude: string;
  kit: Kit;
  /** Opening hours; round the clock when absent. */
  hours?: readonly [string, string];
  /** A connector tariff of the site's own, som per kWh. */
  customFee?: string;
  /** How busy the site is, relative to the others. */
  popularity: number;
}

const site = (
  merchant: number,
  town: Town,
  name: Localized,
  address: Localized,
  at: readonly [string, string],
  kit: Kit,
  popularity: number,
  extra: Partial<DemoSite> = {},
): DemoSite => ({
  merchant,
  town,
  name,
  address,
  latitude: at[0],
  longitude: at[1],
  kit,
  popularity,
  ...extra,
});

export const SITES: readonly DemoSite[] = [
  site(
    0,
    'bishkek',
    l('ЦУМ', 'TSUM', 'БУД'),
    l('пр. Чуй, 155', '155 Chui Ave', 'Чүй пр., 155'),
    ['42.876610', '74.614820'],
    'hub',
    9,
    { hours: ['08:00:00', '22:00:00'] },
  ),
  site(
    1,
    'bishkek',
    l('Дордой Плаза', 'Dordoi Plaza'),
    l('ул. Ибраимова, 115', '115 Ibraimov St', 'Ибраимов көч., 115'),
    ['42.874530', '74.618310'],
    'dc150',
    8,
  ),
  site(
    2,
    'osh',
    l('Жайма базар', 'Jayma Bazaar', 'Жайма базары'),
    l('ул. Нарынская, 1', '1 Narynskaya St', 'Нарын көч., 1'),
    ['40.529310', '72.796240'],
    'dc60',
    5,
  ),
  site(
    3,
    'karakol',
    l('Центр Каракола', 'Karakol Centre', 'Каракол борбору'),
    l('ул. Токтогула, 110', '110 Toktogul St', 'Токтогул көч., 110'),
    ['42.490720', '78.393640'],
    'dc60',
    3,
  ),
  site(
    4,
    'bishkek',
    l('Бишкек Парк', 'Bishkek Park'),
    l('ул. Киевская, 148', '148 Kievskaya St', 'Киев көч., 148'),
    ['42.875710', '74.590320'],
    'dc60',
    7,
  ),
  site(
    5,
    'naryn',
    l('Центр Нарына', 'Naryn Centre', 'Нарын борбору'),
    l('ул. Ленина, 47', '47 Lenin St', 'Ленин көч., 47'),
    ['41.428720', '75.991130'],
    'dc60',
    2,
  ),
  site(
    6,
    'jalalAbad',
    l('Центральная площадь', 'Central Square', 'Борбордук аянт'),
    l('ул. Ленина, 20', '20 Lenin St', 'Ленин көч., 20'),
    ['40.933310', '73.001540'],
    'dc60',
    3,
  ),
  site(
    7,
    'talas',
    l('Центр Таласа', 'Talas Centre', 'Талас борбору'),
    l('ул. Сарыгулова, 30', '30 Sarygulov St', 'Сарыгулов көч., 30'),
    ['42.522810', '72.242730'],
    'ac22',
    2,
  ),
  site(
    0,
    'bishkek',
    l('Азия Молл', 'Asia Mall'),
    l('пр. Айтматова, 3', '3 Aitmatov Ave', 'Айтматов пр., 3'),
    ['42.855310', '74.586620'],
    'dc150',
    8,
    { hours: ['10:00:00', '22:00:00'] },
  ),
  site(
    1,
    'bishkek',
    l('Вефа Центр', 'Vefa Center', 'Вефа борбору'),
    l('ул. Горького, 1/2', '1/2 Gorky St', 'Горький көч., 1/2'),
    ['42.857280', '74.609330'],
    'ac22',
    6,
  ),
  site(
    2,
    'osh',
    l('Сулайман-Тоо', 'Sulaiman-Too'),
    l('ул. Курманжан Датки, 200', '200 Kurmanjan Datka St', 'Курманжан Датка көч., 200'),
    ['40.531020', '72.786010'],
    'ac22',
    3,
  ),
  site(
    3,
    'cholponAta',
    l('Набережная Чолпон-Аты', 'Cholpon-Ata Embankment', 'Чолпон-Ата жээги'),
    l('ул. Советская, 50', '50 Sovetskaya St', 'Советская көч., 50'),
    ['42.644030', '77.086020'],
    'dc150',
    5,
  ),
  site(
    4,
    'bishkek',
    l('Ошский базар', 'Osh Bazaar', 'Ош базары'),
    l('ул. Бейшеналиевой, 42', '42 Beishenalieva St', 'Бейшеналиева көч., 42'),
    ['42.874020', '74.574010'],
    'dc60',
    6,
  ),
  site(
    5,
    'naryn',
    l('Дорога на Торугарт', 'Torugart Road', 'Торугарт жолу'),
    l('ул. Раззакова, 2', '2 Razzakov St', 'Раззаков көч., 2'),
    ['41.421030', '76.015020'],
    'dc60',
    2,
  ),
  site(
    6,
    'jalalAbad',
    l('Курорт Жалал-Абад', 'Jalal-Abad Resort', 'Жалал-Абад курорту'),
    l('ул. Курортная, 1', '1 Kurortnaya St', 'Курорт көч., 1'),
    ['40.948020', '73.018040'],
    'ac22',
    2,
  ),
  site(
    7,
    'talas',
    l('Манас Ордо', 'Manas Ordo'),
    l('с. Таш-Арык, ул. Манаса, 1', '1 Manas St, Tash-Aryk', 'Таш-Арык, Манас көч., 1'),
    ['42.510630', '72.299040'],
    'dc60',
    1,
  ),
  site(
    0,
    'bishkek',
    l('Филармония', 'Philharmonic Hall', 'Филармония'),
    l('пр. Чуй, 253', '253 Chui Ave', 'Чүй пр., 253'),
    ['42.877310', '74.595020'],
    'ac7',
    4,
  ),
  site(
    1,
    'bishkek',
    l('Асанбай', 'Asanbay'),
    l('мкр Асанбай, 22/1', '22/1 Asanbay md', 'Асанбай кичи р-ну, 22/1'),
    ['42.818710', '74.629040'],
    'ac22',
    4,
  ),
  site(
    2,
    'osh',
    l('Аэропорт Ош', 'Osh Airport', 'Ош аэропорту'),
    l('ул. Аэропорт, 1', '1 Airport St', 'Аэропорт көч., 1'),
    ['40.608810', '72.793220'],
    'dc150',
    3,
  ),
  site(
    3,
    'cholponAta',
    l('Рух Ордо', 'Ruh Ordo'),
    l('ул. Ч. Айтматова, 1', '1 Ch. Aitmatov St', 'Ч. Айтматов көч., 1'),
    ['42.641730', '77.069040'],
    'ac7',
    2,
    { customFee: '10', hours: ['09:00:00', '20:00:00'] },
  ),
  site(
    4,
    'bishkek',
    l('Восток-5', 'Vostok-5'),
    l('мкр Восток-5, 1а', '1a Vostok-5 md', 'Восток-5 кичи р-ну, 1а'),
    ['42.838620', '74.663010'],
    'dc60',
    5,
  ),
  site(
    0,
    'bishkek',
    l('Южная магистраль', 'Southern Highway', 'Түштүк магистралы'),
    l('Южная магистраль, 88', '88 Southern Highway', 'Түштүк магистралы, 88'),
    ['42.829020', '74.604330'],
    'hub',
    7,
  ),
  site(
    1,
    'bishkek',
    l('Джал', 'Dzhal', 'Жал'),
    l('ул. Токомбаева, 21', '21 Tokombaev St', 'Токомбаев көч., 21'),
    ['42.820510', '74.571730'],
    'chademo',
    4,
  ),
  site(
    2,
    'osh',
    l('Ак-Буура', 'Ak-Buura'),
    l('пр. Масалиева, 45', '45 Masaliev Ave', 'Масалиев пр., 45'),
    ['40.514710', '72.811020'],
    'ac7',
    2,
  ),
  site(
    3,
    'karakol',
    l('Автовокзал Каракола', 'Karakol Bus Station', 'Каракол автовокзалы'),
    l('ул. Гагарина, 2', '2 Gagarin St', 'Гагарин көч., 2'),
    ['42.481810', '78.396020'],
    'ac22',
    2,
  ),
  site(
    4,
    'bishkek',
    l('Орто-Сай', 'Orto-Sai', 'Орто-Сай'),
    l('ул. Ахунбаева, 187', '187 Akhunbaev St', 'Ахунбаев көч., 187'),
    ['42.837720', '74.614810'],
    'ac22',
    4,
  ),
  site(
    0,
    'bishkek',
    l('Парк Ататюрк', 'Ataturk Park', 'Ататүрк паркы'),
    l('ул. Суюмбаева, 123', '123 Suyumbaev St', 'Сүйүмбаев көч., 123'),
    ['42.854530', '74.601010'],
    'ac22',
    4,
  ),
  site(
    1,
    'bishkek',
    l('Аламединский рынок', 'Alamedin Market', 'Аламүдүн базары'),
    l('ул. Жибек Жолу, 1', '1 Zhibek Zholu St', 'Жибек Жолу көч., 1'),
    ['42.885510', '74.634020'],
    'chademo',
    5,
  ),
  site(
    3,
    'cholponAta',
    l('Центр Чолпон-Аты', 'Cholpon-Ata Centre', 'Чолпон-Ата борбору'),
    l('ул. Советская, 70', '70 Sovetskaya St', 'Советская көч., 70'),
    ['42.650220', '77.084010'],
    'ac22',
    3,
  ),
  site(
    4,
    'bishkek',
    l('Кок-Жар', 'Kok-Jar', 'Көк-Жар'),
    l('мкр Кок-Жар, 14', '14 Kok-Jar md', 'Көк-Жар кичи р-ну, 14'),
    ['42.819020', '74.596030'],
    'dc150',
    5,
  ),
];

/**
 * The first `stations` sites of the first `merchants` merchants, taken in list order (which
 * interleaves the merchants), so a small demo still spans several merchants and towns.
 */
export function chosenSites(merchants: number, stations: number): DemoSite[] {
  return SITES.filter((entry) => entry.merchant < merchants).slice(0, stations);
}
