import { describe, expect, it } from 'vitest';
import { removeConnector, saveConnector } from './connector-rules.ts';
import { createBody, editChanges, EMPTY_STATION_FORM, formValuesOf } from './station-form-values.ts';
import { aStation, TYPE2_CONNECTOR } from './station-test-data.ts';

const photo = new File(['jpeg'], 'front.jpg', { type: 'image/jpeg' });
const avatar = new File(['png'], 'logo.png', { type: 'image/png' });
const stored = aStation();

describe('station form values', () => {
  it('start an edit from the stored station: modules grouped, gallery in order, no password', () => {
    const values = formValuesOf(stored);
    expect(values.password).toBe('');
    expect(values.modules.map((module) => [module.evse_id, module.evse, module.connectors.map((c) => c.id)])).toEqual([
      [1, 'A-17', [1, 2]],
      [2, null, [3]],
    ]);
    expect(values.media.kept.map((file) => file.id)).toEqual([1, 2]);
    expect(values.avatar).toEqual({ url: '/media/stations/avatar.jpg' });
  });

  it('create with the merchant, the numbered connectors and the chosen files', () => {
    const values = {
      ...EMPTY_STATION_FORM,
      country: 1,
      city: 2,
      modules: saveConnector([{ evse_id: 1, evse: null, connectors: [] }], 1, TYPE2_CONNECTOR),
      media: { kept: [], added: [photo] },
      avatar: { url: null, file: avatar },
    };
    const body = createBody(values, 5);
    expect(body).toMatchObject({ merchant: 5, country: 1, city: 2, media_files: [photo], avatar });
    expect(body.connectors).toEqual([{ evse_id: 1, evse: null, connector_id: 1, ...TYPE2_CONNECTOR }]);
  });

  it('send nothing for an untouched edit', () => {
    expect(editChanges(stored, formValuesOf(stored))).toEqual({});
  });

  it('send the changed fields, new and removed media and a new avatar, and the connectors with them only when they changed', () => {
    const values = formValuesOf(stored);
    const edited = {
      ...values,
      pic: 'Bakyt',
      media: { kept: values.media.kept.filter((file) => file.id !== 2), added: [photo] },
      avatar: { ...values.avatar, file: avatar },
    };
    expect(editChanges(stored, edited)).toEqual({ pic: 'Bakyt', media_files: [photo], deleted_media_ids: [2], avatar });

    const changes = editChanges(stored, { ...edited, modules: removeConnector(values.modules, 1, 1) });
    expect(changes).toMatchObject({ pic: 'Bakyt', deleted_conns_ids: [1] });
    expect(changes.connectors?.map((c) => [c.id, c.evse_id, c.connector_id])).toEqual([
      [2, 1, 1],
      [3, 2, 1],
    ]);
  });
});
