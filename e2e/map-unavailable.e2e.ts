import { describe, expect, it } from 'vitest';
import { openDialog } from './support/antd.ts';
import { adminApi, saveShot } from './support/app.ts';
import { newContext, signInThroughForm } from './support/browser.ts';
import { useMapStub } from './support/map-stub.ts';
import { seedHeatMap, type HeatMapSeed } from './support/heat-map.ts';
import { ADMIN } from './support/server.ts';
import { seedStations } from './support/stations.ts';
import { useServerAndBrowser } from './support/suite.ts';

// Issue 29.13: the tile server is down; the map picker must not be a plain grey area, nor the heat map (issue 33).
const map = useMapStub({ tilesDown: true, address: 'Chui Avenue 1, Bishkek' });
const heat = {} as HeatMapSeed;
const suite = useServerAndBrowser(map.env, {
  seed: async (dataDir) => void Object.assign(heat, await seedHeatMap(dataDir)),
});

describe('the map picker without its tiles', () => {
  it('says the map is unavailable and that coordinates can be typed or clicked, and a click still offers its point', async () => {
    const seed = await seedStations(await adminApi(suite.server));
    const page = await (await newContext(suite.browser, suite.server.url)).newPage();
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await page.goto(`/merchants/merchant/${seed.merchantId}/edit-station/${seed.other.id}`);
    await page.getByRole('button', { name: 'Выбрать на карте' }).click();
    const picker = await openDialog(page, 'Местоположение станции');

    const notice = picker.getByRole('alert').filter({ hasText: 'Карта недоступна' });
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(/Введите координаты в форме или щёлкните точку в области ниже/);
    expect(map.requests.some((url) => url.pathname.startsWith('/tiles/'))).toBe(true);
    await saveShot(page, 'map-unavailable', { dialog: true });

    const area = picker.getByTestId('map');
    const box = (await area.boundingBox())!;
    await area.click({ position: { x: box.width / 2 - 160, y: box.height / 2 + 90 } });
    const confirm = await openDialog(page, 'Сохранить эти координаты?');
    await confirm.getByText(/^Широта 42\.\d{6}, долгота 74\.\d{6}$/).waitFor();
    await page.context().close();
  });
});

describe('the heat map without its tiles', () => {
  it('says the map is unavailable and still gives the figures, the grid and the stations', async () => {
    const page = await (await newContext(suite.browser, suite.server.url)).newPage();
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await page.goto(`/heat-map?period__from=${heat.from}&period__to=${heat.to}`);
    await page.getByTestId('map-unavailable').filter({ hasText: 'Карта недоступна' }).waitFor();
    const total = heat.chargesEach * heat.stations.length;
    expect(await page.getByTestId('total-charges').innerText()).toMatch(new RegExp(`\\b${total}\\b`));
    expect(await page.getByTestId('heat-stations').locator('tbody a').count()).toBe(heat.stations.length);
    await page.getByRole('table', { name: /^Зарядки по дням недели/ }).waitFor();
    await page.context().close();
  });
});
