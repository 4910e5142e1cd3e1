import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { choose, openDialog } from './antd.ts';
import { fixture, saveShot, type AdminApi } from './app.ts';

/* What stations.e2e.ts (and merchants.e2e.ts, on the same form parts) does, step by step, in the words the user reads. */

export interface StationsSeed {
  merchantId: number;
  /** A second station of the merchant, created through the API, for the bulk actions and the delete. */
  other: { id: number; name: string; identity: string };
}

/** The catalogue a merchant or a station picks from: the tag 'Тез кубаттоо' and the infrastructure item 'Кафе'. */
export async function seedCatalog(api: AdminApi): Promise<void> {
  await api.json('POST', '/common/tags/', {
    title_ky: 'Тез кубаттоо',
    title_ru: 'Быстрая зарядка',
    title_en: 'Fast charging',
  });
  const icon = new FormData();
  for (const [field, value] of Object.entries({ title_ky: 'Кафе', title_ru: 'Кафе', title_en: 'Cafe' }))
    icon.append(field, value);
  icon.append('icon', new Blob([await readFile(fixture('cafe.svg'))], { type: 'image/svg+xml' }), 'cafe.svg');
  await api.form('POST', '/common/surroundings/', icon);
}

/** A merchant, the catalogue a station picks from (seedCatalog), and one station of the merchant. */
export async function seedStations(api: AdminApi): Promise<StationsSeed> {
  await seedCatalog(api);
  const merchant = await api.json<{ id: number }>('POST', '/merchants/', {
    name_ky: 'Тоо Энержи',
    name_ru: 'Горная Энергия',
    name_en: 'Mountain Energy',
    agreement_number: 'KG-2024/17',
    legal_name: 'ОсОО «Тоо Энержи»',
    country: 1,
    city: 1,
    street: 'Чүй проспекти, 150',
    phone: '996555123456',
    email: 'info@too-energy.kg',
    percentage: 12.5,
  });

  // The multipart encoding of spec 7, as another client would send it.
  const fields: Record<string, string> = {
    name_ky: 'Ош базары',
    name_ru: 'Ошский базар',
    name_en: 'Osh Bazaar',
    address_ky: 'Бейшеналиева, 1',
    address_ru: 'Бейшеналиевой, 1',
    address_en: 'Beishenalieva, 1',
    identity: 'CP-OSH-0001',
    password: 'Abcdefgh12345678',
    pic: 'Нурлан Осмонов',
    latitude: '42.8746',
    longitude: '74.5698',
    merchant: String(merchant.id),
    country: '1',
    city: '1',
    'schedule[0][day]': '0',
    'schedule[0][start_time]': '08:00:00',
    'schedule[0][end_time]': '20:00:00',
    'schedule[0][is_break]': 'false',
    'connectors[0][evse_id]': '1',
    'connectors[0][typo]': 'type2',
    'connectors[0][position]': '1',
    'connectors[0][power_kWh]': '22',
  };
  const station = new FormData();
  for (const [field, value] of Object.entries(fields)) station.append(field, value);
  station.append(
    'media_files[0]',
    new Blob([await readFile(fixture('station.png'))], { type: 'image/png' }),
    'station.png',
  );
  const other = await api.form<{ id: number }>('POST', '/stations/', station);
  return { merchantId: merchant.id, other: { id: other.id, name: fields.name_ru!, identity: fields.identity! } };
}

/** The breadcrumbs as one line: 'Merchants / Too Energy / Create station'. */
export const crumbs = (page: Page) =>
  page.getByTestId('breadcrumbs').evaluate((nav: HTMLElement) => nav.innerText.replace(/\s+/g, ' ').trim());

/** Picks one row of the tag or infrastructure picker (in Kyrgyz) and confirms the choice; `shot` names a screenshot of it. */
export async function pickFromCatalog(
  page: Page,
  fieldLabel: string,
  dialogTitle: string,
  item: string,
  shot?: string,
): Promise<void> {
  await page.getByLabel(fieldLabel, { exact: true }).click();
  const picker = await openDialog(page, dialogTitle);
  await picker
    .getByRole('row', { name: new RegExp(item) })
    .getByRole('checkbox')
    .check();
  await expect.poll(() => picker.getByTestId('picker-count').textContent()).toBe('Тандалды: 1');
  if (shot) await saveShot(page, shot, { dialog: true });
  await picker.getByRole('button', { name: 'Тандоо', exact: true }).click();
  await picker.waitFor({ state: 'hidden' });
}

/**
 * Opens the map (in Kyrgyz) at the form's coordinates, where the marker shows `place` (the
 * geocoder stub's address), clicks a point beside it and saves it; returns the coordinates the
 * confirmation offered, as six-decimal texts.
 */
export async function pickOnMap(page: Page, place: string): Promise<{ latitude: string; longitude: string }> {
  await page.getByRole('button', { name: 'Картадан тандоо' }).click();
  const picker = await openDialog(page, 'Станциянын жайгашкан жери');
  const area = picker.getByTestId('map');
  await area.locator('.leaflet-tile-loaded').first().waitFor();
  await picker.getByText(place).waitFor();
  await saveShot(page, 'station-map', { dialog: true });
  const box = (await area.boundingBox())!;
  // Below and left of the marker, clear of its popup.
  await area.click({ position: { x: box.width / 2 - 160, y: box.height / 2 + 90 } });
  const confirm = await openDialog(page, 'Бул координаттарды сактайсызбы?');
  await expect.poll(() => confirm.getByTestId('picked-address').textContent()).toBe(place);
  const offered = (await confirm.getByText(/^Кеңдик /).textContent())?.match(/^Кеңдик (-?[\d.]+), узундук (-?[\d.]+)$/);
  if (!offered) throw new Error('the confirmation shows no coordinates');
  await saveShot(page, 'station-map-confirm', { dialog: true });
  await confirm.getByRole('button', { name: 'Координаттарды сактоо' }).click();
  await picker.waitFor({ state: 'detached' });
  return { latitude: offered[1]!, longitude: offered[2]! };
}

/** Types a time into a schedule time field and commits it. */
async function typeTime(page: Page, label: string, time: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  await field.click();
  await field.fill(time);
  await field.press('Enter');
  await expect.poll(() => field.inputValue()).toBe(time);
}

/**
 * Mon-Fri 09:00-18:00 (the dialog's default hours) with a 13:00-14:00 break, set up in Kyrgyz;
 * `beforeSave` runs with the dialog filled in (a screenshot of it).
 */
export async function setWeekdaysWithBreak(page: Page, beforeSave?: () => Promise<void>): Promise<void> {
  await page.getByTestId('schedule-open').click();
  const schedule = await openDialog(page, 'Иштөө режими');
  for (const day of ['Дүйшөмбү', 'Шейшемби', 'Шаршемби', 'Бейшемби', 'Жума']) {
    await schedule.getByRole('checkbox', { name: day, exact: true }).check();
  }
  await schedule.getByRole('button', { name: 'Тыныгуу кошуу: Дүйшөмбү' }).click();
  await typeTime(page, 'Дүйшөмбү: тыныгуунун башталышы', '13:00');
  await typeTime(page, 'Дүйшөмбү: тыныгуунун аякташы', '14:00');
  await schedule.getByRole('button', { name: 'Бардык тандалган күндөргө колдонуу: Дүйшөмбү' }).click();
  await schedule.getByTestId('schedule-break-5').waitFor();
  await beforeSave?.();
  await schedule.getByTestId('schedule-save').click();
  await schedule.waitFor({ state: 'hidden' });
}

export interface ConnectorEntry {
  type: string;
  position: string;
  power: string;
  cable?: string;
  fee?: string;
}

/** Adds a connector through the 352 px modal (in Kyrgyz) that `open` brings up. */
export async function addConnector(page: Page, open: Locator, entry: ConnectorEntry): Promise<void> {
  await open.click();
  const modal = await openDialog(page, 'Жаңы коннектор');
  await modal.getByTestId('connector-form').waitFor();
  expect(await modal.evaluate((dialog: HTMLElement) => dialog.offsetWidth)).toBe(352);
  await choose(page, modal.getByLabel('Коннектордун түрү', { exact: true }), entry.type);
  await choose(page, modal.getByLabel('Жайгашуусу', { exact: true }), entry.position);
  await modal.getByLabel('Кубаттуулугу, кВт', { exact: true }).fill(entry.power);
  if (entry.cable !== undefined) await modal.getByLabel('Кабелдин узундугу, м', { exact: true }).fill(entry.cable);
  if (entry.fee !== undefined) await modal.getByLabel('Жеке тариф, сом/кВт·с', { exact: true }).fill(entry.fee);
  await saveShot(page, `station-connector-${entry.position}`, { dialog: true });
  await modal.getByRole('button', { name: 'Сактоо', exact: true }).click();
  await modal.waitFor({ state: 'detached' });
}

export interface ModuleOnCard {
  title: string;
  connectors: { title: string; values: Record<string, string> }[];
}

/** What the station card shows of its modules: titles, and each connector's described values (label -> value). */
export async function modulesOnCard(page: Page): Promise<ModuleOnCard[]> {
  await page.getByTestId('module-view').first().waitFor();
  return page.getByTestId('module-view').evaluateAll((modules) =>
    modules.map((module) => ({
      title: (module.querySelector('.ant-card-head-title') as HTMLElement).innerText.trim(),
      connectors: [...module.querySelectorAll('[data-testid="connector-view"]')].map((connector) => ({
        title: (connector.querySelector('.ant-card-head-title') as HTMLElement).innerText.trim(),
        values: Object.fromEntries(
          [...connector.querySelectorAll('.ant-descriptions-item')].map((item) => [
            (item.querySelector('.ant-descriptions-item-label') as HTMLElement).innerText.trim(),
            (item.querySelector('.ant-descriptions-item-content') as HTMLElement).innerText.trim(),
          ]),
        ),
      })),
    })),
  );
}

/** A connector as the card describes it in Russian. */
export function connectorOnCard(
  title: string,
  [type, position, power, cable, tariff, ocpp]: [string, string, string, string, string, string],
): ModuleOnCard['connectors'][number] {
  return {
    title,
    values: {
      'Тип коннектора': type,
      Расположение: position,
      Мощность: power,
      'Длина кабеля': cable,
      Тариф: tariff,
      'ID коннектора в OCPP': ocpp,
    },
  };
}
