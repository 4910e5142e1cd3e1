import { describe, expect, it } from 'vitest';
import { openDialog } from './support/antd.ts';
import { adminApi, saveShot } from './support/app.ts';
import { newContext, signInThroughForm } from './support/browser.ts';
import { useMapStub } from './support/map-stub.ts';
import { ADMIN } from './support/server.ts';
import { seedStations } from './support/stations.ts';
import { useServerAndBrowser } from './support/suite.ts';

// Issue 29.13: the tile server is down; the map picker must not be a plain grey area.
const map = useMapStub({ tilesDown: true, address: 'Chui Avenue 1, Bishkek' });
const suite = useServerAndBrowser(map.env);

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
