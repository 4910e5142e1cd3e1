import { describe, expect, it } from 'vitest';
import type { StationForUpdate } from '@evcms/contracts/stations';
import {
  stationChanges,
  stationFormData,
  storedFields,
  type StationCreateBody,
  type StationFields,
} from './station-form-data.ts';
import { TYPE2_CONNECTOR } from './station-test-data.ts';

const FIELDS: StationFields = {
  name_ru: 'Станция',
  name_en: 'Station',
  name_ky: 'Станция',
  identity: 'CP-001',
  password: 'abcdefgh12345678',
  pic: 'Asel',
  manufacturer: 'ABB',
  execution_type: 'floor',
  security_profile: 1,
  address_ru: 'Чуй 1',
  address_en: 'Chui 1',
  address_ky: 'Чүй 1',
  latitude: '42.87',
  longitude: '74.59',
  merchant: 5,
  country: 1,
  city: 2,
  tags: [3, 4],
  environment: [7],
  schedule: [
    { day: 0, start_time: '09:00:00', end_time: '18:00:00', is_break: false },
    { day: 0, start_time: '13:00:00', end_time: '14:00:00', is_break: true },
  ],
};

const photo = new File(['jpeg'], 'front.jpg', { type: 'image/jpeg' });
const video = new File(['mp4'], 'tour.mp4', { type: 'video/mp4' });
const avatar = new File(['png'], 'logo.png', { type: 'image/png' });

/** The form's entries as [name, text or file name]. */
const entries = (data: FormData) =>
  [...data.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : `file:${value.name}`]);

describe('station multipart body', () => {
  it('encodes a create exactly as spec 7: indexed schedule, connectors and media, repeated tags', () => {
    const body: StationCreateBody = {
      ...FIELDS,
      connectors: [
        {
          evse_id: 1,
          evse: 'A-1',
          connector_id: 1,
          typo: 'ccs2',
          position: 2,
          power_kWh: 60,
          cable_length: 5,
          custom_fee: 12.5,
        },
        { evse_id: 2, evse: null, connector_id: 1, ...TYPE2_CONNECTOR },
      ],
      media_files: [photo, video],
      avatar,
    };
    expect(entries(stationFormData(body))).toEqual([
      ['name_ru', 'Станция'],
      ['name_en', 'Station'],
      ['name_ky', 'Станция'],
      ['identity', 'CP-001'],
      ['password', 'abcdefgh12345678'],
      ['pic', 'Asel'],
      ['manufacturer', 'ABB'],
      ['execution_type', 'floor'],
      ['security_profile', '1'],
      ['address_ru', 'Чуй 1'],
      ['address_en', 'Chui 1'],
      ['address_ky', 'Чүй 1'],
      ['latitude', '42.87'],
      ['longitude', '74.59'],
      ['merchant', '5'],
      ['country', '1'],
      ['city', '2'],
      ['tags', '3'],
      ['tags', '4'],
      ['environment', '7'],
      ['schedule[0][day]', '0'],
      ['schedule[0][start_time]', '09:00:00'],
      ['schedule[0][end_time]', '18:00:00'],
      ['schedule[0][is_break]', 'false'],
      ['schedule[1][day]', '0'],
      ['schedule[1][start_time]', '13:00:00'],
      ['schedule[1][end_time]', '14:00:00'],
      ['schedule[1][is_break]', 'true'],
      ['connectors[0][evse_id]', '1'],
      ['connectors[0][evse]', 'A-1'],
      ['connectors[0][connector_id]', '1'],
      ['connectors[0][typo]', 'ccs2'],
      ['connectors[0][position]', '2'],
      ['connectors[0][power_kWh]', '60'],
      ['connectors[0][cable_length]', '5'],
      ['connectors[0][custom_fee]', '12.5'],
      // Nulls are left out: the server's default for each is null.
      ['connectors[1][evse_id]', '2'],
      ['connectors[1][connector_id]', '1'],
      ['connectors[1][typo]', 'type2'],
      ['connectors[1][position]', '1'],
      ['connectors[1][power_kWh]', '22'],
      ['media_files[0]', 'file:front.jpg'],
      ['media_files[1]', 'file:tour.mp4'],
      ['avatar', 'file:logo.png'],
    ]);
  });

  it('sends files as files, with their names', () => {
    const data = stationFormData({ media_files: [photo] });
    expect(data.get('media_files[0]')).toBeInstanceOf(File);
    expect((data.get('media_files[0]') as File).name).toBe('front.jpg');
  });

  it('encodes an edit: only what it holds, delete flags, indexed deleted media, no avatar unless chosen', () => {
    expect(
      entries(
        stationFormData({ pic: 'Bakyt', delete_tags: true, delete_environment: true, deleted_media_ids: [9, 4] }),
      ),
    ).toEqual([
      ['pic', 'Bakyt'],
      ['delete_tags', 'true'],
      ['delete_environment', 'true'],
      ['deleted_media_ids[0]', '9'],
      ['deleted_media_ids[1]', '4'],
    ]);
  });

  it("encodes an edit's connectors with the fields: stored ones with their id, new ones without, the removed ids indexed", () => {
    const connectors = [
      {
        id: 7,
        evse_id: 1,
        evse: null,
        connector_id: 1,
        typo: 'ccs2',
        position: 2,
        power_kWh: 60,
        cable_length: null,
        custom_fee: null,
      },
      { evse_id: 1, evse: null, connector_id: 2, ...TYPE2_CONNECTOR },
    ];
    expect(entries(stationFormData({ pic: 'Bakyt', connectors, deleted_conns_ids: [3] }))).toEqual([
      ['pic', 'Bakyt'],
      ['connectors[0][id]', '7'],
      ['connectors[0][evse_id]', '1'],
      ['connectors[0][connector_id]', '1'],
      ['connectors[0][typo]', 'ccs2'],
      ['connectors[0][position]', '2'],
      ['connectors[0][power_kWh]', '60'],
      ['connectors[1][evse_id]', '1'],
      ['connectors[1][connector_id]', '2'],
      ['connectors[1][typo]', 'type2'],
      ['connectors[1][position]', '1'],
      ['connectors[1][power_kWh]', '22'],
      ['deleted_conns_ids[0]', '3'],
    ]);
  });
});

describe('station edit changes', () => {
  const stored: StationForUpdate = {
    id: 8,
    name: 'Станция',
    ...FIELDS,
    latitude: '42.870000',
    longitude: '74.590000',
    schedule: FIELDS.schedule.map((entry, index) => ({ id: index === 0 ? 1 : 8, ...entry })),
    avatar: '/media/stations/a.jpg',
    media_files: [],
    connectors: [],
    status: 1,
    is_new: true,
    tag_items: [],
    environment_items: [],
    address: 'Чуй 1',
  } as StationForUpdate;
  const before = storedFields(stored);

  it('start from the stored values, with no password and no schedule ids', () => {
    expect(before.password).toBe('');
    expect(before.schedule[1]).toEqual(FIELDS.schedule[1]);
    expect(before).not.toHaveProperty('avatar');
  });

  it('are nothing for the stored values, however the coordinates, order and spaces are written', () => {
    const same = {
      ...before,
      latitude: '42.87',
      tags: [4, 3],
      schedule: [...before.schedule].reverse(),
      pic: ' Asel ',
    };
    expect(stationChanges(before, same)).toEqual({});
  });

  it('hold only the fields that changed, the password only when typed', () => {
    expect(
      stationChanges(before, { ...before, name_en: 'Volt', longitude: '74.6', password: 'newKey0123456789' }),
    ).toEqual({
      name_en: 'Volt',
      longitude: '74.6',
      password: 'newKey0123456789',
    });
  });

  it('turn an emptied tag or infrastructure list into its delete flag', () => {
    expect(stationChanges(before, { ...before, tags: [], environment: [] })).toEqual({
      delete_tags: true,
      delete_environment: true,
    });
    expect(stationChanges(before, { ...before, environment: [7, 8] })).toEqual({ environment: [7, 8] });
  });

  it('send a changed schedule whole', () => {
    const schedule = [{ day: 1, start_time: '08:00:00', end_time: '00:00:00', is_break: false }];
    expect(stationChanges(before, { ...before, schedule })).toEqual({ schedule });
  });
});
