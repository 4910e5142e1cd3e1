import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { choose, openDialog } from './support/antd.ts';
import { adminApi, chooseLanguage, expectNoSidewaysScroll, fixture, saveShot, type AdminApi } from './support/app.ts';
import { newContext, signInThroughForm } from './support/browser.ts';
import { useMapStub } from './support/map-stub.ts';
import { ADMIN } from './support/server.ts';
import {
  addConnector,
  connectorOnCard,
  crumbs,
  modulesOnCard,
  pickFromCatalog,
  pickOnMap,
  seedStations,
  setWeekdaysWithBreak,
  type StationsSeed,
} from './support/stations.ts';
import { useServerAndBrowser } from './support/suite.ts';

/** What the geocoder stub calls every point of the map. */
const PLACE = 'Chui Avenue 150, Bishkek, Kyrgyzstan';
const map = useMapStub({ address: PLACE });
const suite = useServerAndBrowser(map.env);

const NAMES = { ky: 'Ала-Тоо аянты', ru: 'Площадь Ала-Тоо', en: 'Ala-Too Square' };
const ADDRESSES = { ky: 'Чүй проспекти, 150', ru: 'проспект Чуй, 150', en: 'Chui Avenue, 150' };
const IDENTITY_TAKEN = 'Мындай уникалдуу идентификатору бар станция мурунтан эле бар';

// The tests are one manager's session, in order: the station the first creates is the one the others open.
let api: AdminApi;
let seed: StationsSeed;
let page: Page;
let stationId: number;
let coordinates: { latitude: string; longitude: string };

beforeAll(async () => {
  api = await adminApi(suite.server);
  seed = await seedStations(api);
  const context = await newContext(suite.browser, suite.server.url);
  page = await context.newPage();
  await signInThroughForm(page, ADMIN.email, ADMIN.password);
});

describe('stations of a merchant', () => {
  it('creates a station in Kyrgyz: two EVSE modules, three connectors, schedule, tag, infrastructure, map point, cropped photo', async () => {
    await chooseLanguage(page, 'KG', 'ky');
    await page.goto(`/merchants/merchant/${seed.merchantId}`);
    await page.getByRole('row', { name: /Ош базары/ }).waitFor();
    await page.getByRole('button', { name: 'Станция кошуу' }).click();
    await page.waitForURL(`**/merchants/merchant/${seed.merchantId}/create-station`);
    await expect.poll(() => crumbs(page)).toBe('Мерчанттар / Тоо Энержи / Станция түзүү');

    // The shared fields sit under the language steps. The identity is the other station's at
    // first: only the server knows it is taken.
    const identity = page.getByLabel('Станциянын уникалдуу идентификатору');
    await identity.fill(seed.other.identity);
    await page.getByLabel('Станциянын сырсөзү').fill('AlaToo2024Key0001');
    await page.getByLabel('Жооптуу адам').fill('Айбек Асанов');
    await page.getByLabel('Өндүрүүчү').fill('ABB');
    await choose(page, page.getByLabel('Аткаруу түрү', { exact: true }), 'Жерге орнотулган');
    await choose(page, page.getByLabel('Өлкө', { exact: true }), 'Кыргызстан', 'Кыргыз');
    await choose(page, page.getByLabel('Шаар', { exact: true }), 'Бишкек', 'Бишк');

    // Coordinates typed, then picked on the map (tiles and geocoder are the stub's), which fills both.
    await page.getByLabel('Кеңдик').fill('42.8765');
    await page.getByLabel('Узундук').fill('74.6036');
    coordinates = await pickOnMap(page, PLACE);
    expect(coordinates.latitude).not.toBe('42.876500');
    await expect.poll(() => page.getByLabel('Кеңдик').inputValue()).toBe(coordinates.latitude);
    await expect.poll(() => page.getByLabel('Узундук').inputValue()).toBe(coordinates.longitude);

    await pickFromCatalog(page, 'Тегдер', 'Тегдерди тандоо', 'Тез кубаттоо');
    await page.getByTestId('catalog-field-tags').getByText('Тез кубаттоо').waitFor();
    await pickFromCatalog(page, 'Айланадагы инфраструктура', 'Инфраструктураны тандоо', 'Кафе');
    await page.getByTestId('catalog-field-surroundings').getByText('Кафе').waitFor();
    await setWeekdaysWithBreak(page);
    await expect
      .poll(() => page.getByTestId('schedule-summary').innerText())
      .toBe('09:00-18:00, дем алыш күндөрү: Ише, Жек\nТыныгуу 13:00-14:00');

    // Module 1 with two connectors; module 2, numbered B-7, with one at a personal tariff.
    await page.getByRole('button', { name: 'EVSE модулун кошуу' }).click();
    const first = page.getByTestId('module-card').nth(0);
    const addTo = (module: typeof first) => module.getByRole('button', { name: 'Коннектор кошуу' });
    await addConnector(page, addTo(first), { type: 'Type 2 (Mennekes)', position: 'Сол жакта', power: '22' });
    await addConnector(page, addTo(first), { type: 'CHAdeMO', position: 'Оң жакта', power: '50', cable: '5' });
    await page.getByRole('button', { name: 'EVSE модулун кошуу' }).click();
    const second = page.getByTestId('module-card').nth(1);
    await second.getByRole('button', { name: 'Модулду өчүрүү' }).waitFor();
    await page.getByLabel('2-EVSE модулунун номери').fill('B-7');
    await page.getByLabel('2-EVSE модулунун номери').press('Tab');
    await addConnector(page, addTo(second), {
      type: 'CCS Combo 2',
      position: 'Алдыңкы жакта',
      power: '120.5',
      fee: '14.25',
    });
    expect(await first.getByTestId('connector-card').count()).toBe(2);
    expect(await second.getByTestId('connector-card').count()).toBe(1);
    await second.getByText('№ B-7').waitFor();

    // A position another connector holds is flagged on both, until it is changed back.
    const taken = page.getByText('Бул жайгашууну станциянын башка коннектору ээлеп турат');
    const positionOfSecond = page.getByLabel('EVSE 1 модулунун 2-коннекторунун жайгашуусу');
    await choose(page, positionOfSecond, 'Алдыңкы жакта');
    await expect.poll(() => taken.count()).toBe(2);
    await saveShot(page, 'station-form-position-taken');
    await choose(page, positionOfSecond, 'Оң жакта');
    await expect.poll(() => taken.count()).toBe(0);

    // A photo goes through the crop dialog; applied as it opens, it keeps the whole photo, as a JPEG.
    await page.getByTestId('media-field').locator('input[type="file"]').setInputFiles(fixture('station.png'));
    const crop = await openDialog(page, 'Сүрөттү кесүү');
    await crop.getByRole('group', { name: 'Кесүү аянты: аны сүйрөңүз же жебе баскычтары менен жылдырыңыз' }).waitFor();
    // 'Apply' waits until the photo is shown and its area chosen.
    await expect.poll(() => crop.getByTestId('crop-done').isEnabled()).toBe(true);
    await saveShot(page, 'station-photo-crop', { dialog: true });
    await crop.getByTestId('crop-done').click();
    await crop.waitFor({ state: 'detached' });
    await page.getByTestId('media-field').getByText('station.jpg').waitFor();

    // The name and the address, one language at a time.
    await page.getByLabel('Кыргызча аталышы').fill(NAMES.ky);
    await page.getByLabel('Кыргызча дареги').fill(ADDRESSES.ky);
    await page.getByTestId('stepper-next').click();
    await page.getByLabel('Орусча аталышы').fill(NAMES.ru);
    await page.getByLabel('Орусча дареги').fill(ADDRESSES.ru);
    await page.getByTestId('stepper-next').click();
    await page.getByLabel('Англисче аталышы').fill(NAMES.en);
    await page.getByLabel('Англисче дареги').fill(ADDRESSES.en);
    await saveShot(page, 'station-form');
    await page.getByTestId('stepper-submit').click();

    // The server refuses the taken identity: the generic alert, its message on the field, the field focused.
    await page.getByText('Талаа туура эмес толтурулган').waitFor();
    await page.getByText(IDENTITY_TAKEN).waitFor();
    await expect.poll(() => identity.evaluate((input) => input === document.activeElement)).toBe(true);
    await identity.fill('CP-ALATOO-01');
    await page.getByText(IDENTITY_TAKEN).waitFor({ state: 'detached' });
    await page.getByTestId('stepper-submit').click();

    const done = await openDialog(page, 'Станция түзүлдү', { byText: true });
    await done.getByRole('button', { name: 'Макул' }).click();
    await page.waitForURL(new RegExp(`/merchants/merchant/${seed.merchantId}$`));
  });

  it('lists the station and shows it on its card, in Russian', async () => {
    await chooseLanguage(page, 'RU', 'ru');
    const row = page.getByRole('row', { name: new RegExp(NAMES.ru) });
    await row.getByText('Неактивна', { exact: true }).waitFor();
    await row.getByText('Новая', { exact: true }).waitFor();
    for (const connector of ['Type 2 (Mennekes) · 22 кВт', 'CHAdeMO · 50 кВт', 'CCS Combo 2 · 120,5 кВт']) {
      await row.getByText(connector, { exact: true }).waitFor();
    }
    await saveShot(page, 'stations-list');

    await row.getByRole('link', { name: NAMES.ru }).click();
    await page.waitForURL(/\/station-info\/\d+$/);
    stationId = Number(page.url().split('/').at(-1));
    await expect.poll(() => crumbs(page)).toBe(`Мерчанты / Горная Энергия / ${NAMES.ru}`);
    const details = page.getByTestId('station-details');
    const shown = [
      NAMES.ky,
      NAMES.en,
      ADDRESSES.ru,
      'CP-ALATOO-01',
      'Айбек Асанов',
      'ABB',
      'Напольная',
      'Кыргызстан, Бишкек',
    ];
    for (const text of [...shown, `${coordinates.latitude}, ${coordinates.longitude}`]) {
      await details.getByText(text, { exact: true }).waitFor();
    }
    await expect
      .poll(() => page.getByTestId('schedule-summary').innerText())
      .toBe('09:00-18:00, выходные: Сб, Вс\nПерерыв 13:00-14:00');
    await page.locator('.ant-card').filter({ hasText: 'Теги' }).getByText('Быстрая зарядка').waitFor();
    await page.locator('.ant-card').filter({ hasText: 'Инфраструктура вокруг' }).getByText('Кафе').waitFor();
    // The cropped photo, stored and drawn at the fixture's full width.
    const photo = page.locator('.ant-card').filter({ hasText: 'Фото и видео' }).locator('img').first();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 96))
      .toBe(true);
    expect(await modulesOnCard(page)).toEqual([
      {
        title: 'EVSE 1',
        connectors: [
          connectorOnCard('Коннектор 1', ['Type 2 (Mennekes)', 'Слева', '22 кВт', 'Нет', 'Тариф по умолчанию', '1']),
          connectorOnCard('Коннектор 2', ['CHAdeMO', 'Справа', '50 кВт', '5 м', 'Тариф по умолчанию', '2']),
        ],
      },
      {
        title: 'EVSE 2\n№ B-7',
        connectors: [
          connectorOnCard('Коннектор 1', ['CCS Combo 2', 'Спереди', '120,5 кВт', 'Нет', '14,25 сом/кВт·ч', '3']),
        ],
      },
    ]);
    await saveShot(page, 'station-card');
    await expectNoSidewaysScroll(page, 'station-card');
  });

  it('edits one connector and removes another: the card shows them renumbered', async () => {
    await page.getByRole('button', { name: 'Редактировать' }).click();
    await page.waitForURL(`**/merchants/merchant/${seed.merchantId}/edit-station/${stationId}`);
    await expect.poll(() => page.getByLabel('Название на кыргызском').inputValue()).toBe(NAMES.ky);
    await expect.poll(() => crumbs(page)).toBe('Мерчанты / Горная Энергия / Редактирование станции');
    await expectNoSidewaysScroll(page, 'station-form');

    // The CCS connector moves to the back and gets a cable; the Type 2 goes.
    await page.getByRole('button', { name: 'Редактировать коннектор 1 модуля EVSE 2' }).click();
    const modal = await openDialog(page, 'Коннектор 1');
    await expect.poll(() => modal.getByLabel('Мощность, кВт', { exact: true }).inputValue()).toBe('120,5');
    await choose(page, modal.getByLabel('Расположение', { exact: true }), 'Сзади');
    await modal.getByLabel('Длина кабеля, м', { exact: true }).fill('7');
    await modal.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await modal.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Удалить коннектор 1 модуля EVSE 1' }).click();
    // The form renumbers at once: the CHAdeMO is connector 1 of module 1 now.
    await page.getByRole('button', { name: 'Удалить коннектор 2 модуля EVSE 1' }).waitFor({ state: 'detached' });
    expect(await page.getByTestId('module-card').nth(0).getByTestId('connector-card').count()).toBe(1);
    await saveShot(page, 'station-form-edit');

    // One request for the whole edit (the fields and the connectors, all or nothing).
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    // 'Save' sits on the last language (spec 2.12); an edit may open it at once.
    await page.getByText('Английский', { exact: true }).click();
    await page.getByTestId('stepper-submit').click();
    const saved = await openDialog(page, 'Изменения сохранены', { byText: true });
    await saved.getByRole('button', { name: 'Хорошо' }).click();
    await page.waitForURL(new RegExp(`/station-info/${stationId}$`));
    expect(writes).toEqual([`PATCH /api/v1/stations/update/${stationId}/`]);

    // Connector ids 1..n in each module, OCPP ids 1..n across the station.
    await expect
      .poll(() => modulesOnCard(page))
      .toEqual([
        {
          title: 'EVSE 1',
          connectors: [
            connectorOnCard('Коннектор 1', ['CHAdeMO', 'Справа', '50 кВт', '5 м', 'Тариф по умолчанию', '1']),
          ],
        },
        {
          title: 'EVSE 2\n№ B-7',
          connectors: [
            connectorOnCard('Коннектор 1', ['CCS Combo 2', 'Сзади', '120,5 кВт', '7 м', '14,25 сом/кВт·ч', '2']),
          ],
        },
      ]);
    await saveShot(page, 'station-card-edited');
  });

  it('restarts the station from its card by keyboard; an offline station fails, and the command log says so', async () => {
    await page.getByRole('button', { name: 'Перезагрузить', exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = await openDialog(page, `Перезагрузить станцию «${NAMES.ru}»?`);
    // The dialog opens at the chosen type: the arrows switch it, Tab goes on to Cancel and Restart.
    const soft = dialog.getByRole('radio', { name: /Мягкая перезагрузка/ });
    await expect.poll(() => soft.evaluate((radio) => radio === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => dialog.getByRole('radio', { name: /Жёсткая перезагрузка/ }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    const failure = page
      .locator('.ant-notification-notice')
      .filter({ hasText: 'Не удалось отправить запрос на перезагрузку. Попробуйте ещё раз.' });
    await failure.getByText('Станция не в сети').waitFor();
    // The command and its parameters in Russian, OCPP's words left to the tooltip.
    const entry = page.getByTestId('station-command-log').getByRole('row').filter({ hasText: 'Перезагрузка' });
    for (const text of ['Тип: жёсткая', 'Станция не в сети', ADMIN.name])
      await entry.getByText(text, { exact: true }).waitFor();
    await expectNoSidewaysScroll(page, 'station-card-commands');
  });

  it('activates and deactivates the merchant stations in bulk; an active station cannot be deleted, an inactive one can', async () => {
    await page.goto(`/merchants/merchant/${seed.merchantId}`);
    const rows = [
      page.getByRole('row', { name: new RegExp(NAMES.ru) }),
      page.getByRole('row', { name: new RegExp(seed.other.name) }),
    ];
    for (const row of rows) await row.getByRole('checkbox').check();
    await page.getByTestId('bulk-bar').getByText('Выбрано: 2').waitFor();
    await page.getByTestId('bulk-status').click();
    const activate = await openDialog(page, 'Активировать выбранные записи?');
    await activate.getByText('Выбрано: 2').waitFor();
    await activate.getByRole('button', { name: 'Да' }).click();
    await page.getByText('Статусы изменены').waitFor();
    for (const row of rows) {
      await row.getByText('Активна', { exact: true }).waitFor();
      expect(await row.getByRole('button', { name: 'Удалить' }).isDisabled()).toBe(true);
    }
    // The selection is cleared, and the merchant counts its stations anew.
    await page.getByTestId('bulk-status').waitFor({ state: 'detached' });
    const merchant = await api.json<{ stations_count: number; active_stations: number; inactive_stations: number }>(
      'GET',
      `/merchants/${seed.merchantId}/`,
    );
    expect(merchant).toMatchObject({ stations_count: 2, active_stations: 2, inactive_stations: 0 });

    for (const row of rows) await row.getByRole('checkbox').check();
    await page.getByTestId('bulk-status').click();
    const deactivate = await openDialog(page, 'Деактивировать выбранные записи?');
    await deactivate.getByText('Выбрано: 2').waitFor();
    await deactivate.getByRole('button', { name: 'Да' }).click();
    for (const row of rows) await row.getByText('Неактивна', { exact: true }).waitFor();

    await rows[1]!.getByRole('button', { name: 'Удалить' }).click();
    const remove = await openDialog(page, `Удалить станцию «${seed.other.name}»?`);
    await remove.getByRole('button', { name: 'Да' }).click();
    await page.getByText('Станция удалена').waitFor();
    await rows[1]!.waitFor({ state: 'detached' });
    await rows[0]!.waitFor();
    await page.context().close();
  });
});
