import { describe, expect, it } from 'vitest';
import { issueMessage } from './schema.ts';
import { formatCoordinate, identity, stationCreateRequest, stationPassword, stationUpdateRequest } from './stations.ts';
import { connectorRequest, connectorsUpdateRequest, repeatedPositions } from './station-connectors.ts';
import { avatarProblem, mediaFileProblem, PHOTO_MAX_BYTES, VIDEO_MAX_BYTES } from './station-media.ts';

type Result = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };

function errors(result: Result): Record<string, string[]> {
  const body: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (body[issue.path.join('.')] ??= []).push(issueMessage(issue, 'en'));
  return body;
}

/** A create request as a multipart form sends it: every value is text. */
const form = {
  name_ru: 'Станция',
  name_en: 'Station',
  name_ky: 'Станция ky',
  identity: 'CP-001',
  password: 'Abcdefgh12345678',
  pic: 'Aibek',
  address_ru: 'Чуй 1',
  address_en: 'Chui 1',
  address_ky: 'Чүй 1',
  latitude: '42.87',
  longitude: '74.59',
  merchant: '3',
  country: '1',
  city: '1',
  tags: '5',
  schedule: [
    { day: '0', start_time: '08:00:00', end_time: '20:00:00', is_break: 'false' },
    { day: '0', start_time: '13:00:00', end_time: '14:00:00', is_break: 'true' },
  ],
  connectors: [{ evse_id: '1', typo: 'type2', position: '2', power_kWh: '22', cable_length: '', custom_fee: '' }],
};

describe('station create request', () => {
  it('reads a multipart form: numbers, flags and lists from text, defaults filled', () => {
    const parsed = stationCreateRequest.parse(form);
    expect(parsed).toMatchObject({
      merchant: 3,
      tags: [5],
      environment: [],
      manufacturer: '',
      execution_type: 'wall',
      latitude: '42.870000',
      longitude: '74.590000',
      schedule: [
        { day: 0, start_time: '08:00:00', end_time: '20:00:00', is_break: false },
        { day: 0, start_time: '13:00:00', end_time: '14:00:00', is_break: true },
      ],
      connectors: [{ evse_id: 1, typo: 'type2', position: 2, power_kWh: 22_000, cable_length: null, custom_fee: null }],
    });
  });

  it('asks for an operating mode and a connector', () => {
    const { schedule: _s, connectors: _c, ...rest } = form;
    expect(errors(stationCreateRequest.safeParse(rest))).toEqual({
      schedule: ['Specify operating mode'],
      connectors: ['Add a connector'],
    });
    const onlyBreak = { ...form, schedule: [form.schedule[1]], connectors: [] };
    expect(errors(stationCreateRequest.safeParse(onlyBreak))).toMatchObject({ connectors: ['Add a connector'] });
    expect(errors(stationCreateRequest.safeParse(onlyBreak)).schedule).toContain('Specify operating mode');
  });

  it('limits names to 80, responsible person 80, manufacturer 50 and address 50 characters', () => {
    const result = stationCreateRequest.safeParse({
      ...form,
      name_en: 'x'.repeat(81),
      pic: 'x'.repeat(81),
      manufacturer: 'x'.repeat(51),
      address_ky: 'x'.repeat(51),
    });
    expect(errors(result)).toEqual({
      name_en: ['Ensure this field has no more than 80 characters'],
      pic: ['Ensure this field has no more than 80 characters'],
      manufacturer: ['Ensure this field has no more than 50 characters'],
      address_ky: ['Ensure this field has no more than 50 characters'],
    });
    expect(
      stationCreateRequest.safeParse({
        ...form,
        name_en: 'x'.repeat(80),
        pic: 'x'.repeat(80),
        manufacturer: 'x'.repeat(50),
        address_ky: 'x'.repeat(50),
      }).success,
    ).toBe(true);
  });

  it('refuses two connectors in one position', () => {
    const connector = form.connectors[0]!;
    const result = stationCreateRequest.safeParse({ ...form, connectors: [connector, { ...connector, evse_id: '2' }] });
    expect(errors(result)).toEqual({ connectors: ['Connector positions cannot be the same'] });
    expect(repeatedPositions([{ position: 1 }, { position: 2 }, { position: 1 }, { position: 2 }])).toEqual([2, 3]);
  });

  it('takes an execution type of wall, floor or mobile', () => {
    expect(stationCreateRequest.parse({ ...form, execution_type: 'floor' }).execution_type).toBe('floor');
    expect(errors(stationCreateRequest.safeParse({ ...form, execution_type: 'roof' }))).toEqual({
      execution_type: ['Select a valid choice'],
    });
  });

  it('takes a security profile of 1, 2 or 3 as a form sends it, 1 when left out', () => {
    expect(stationCreateRequest.parse(form).security_profile).toBe(1);
    expect(stationCreateRequest.parse({ ...form, security_profile: '3' }).security_profile).toBe(3);
    for (const wrong of ['0', '4', 'two'])
      expect(errors(stationCreateRequest.safeParse({ ...form, security_profile: wrong }))).toEqual({
        security_profile: ['Select a valid choice'],
      });
  });
});

describe('identity and password', () => {
  it('keeps the identity to 48 URL-safe characters', () => {
    expect(identity.parse(' CP_01.a:b-2 ')).toBe('CP_01.a:b-2');
    expect(errors(identity.safeParse('CP 01'))).toEqual({
      '': ['Use only Latin letters, digits and the characters - _ . :'],
    });
    expect(errors(identity.safeParse('CP/01'))).toEqual({
      '': ['Use only Latin letters, digits and the characters - _ . :'],
    });
    expect(identity.safeParse('x'.repeat(48)).success).toBe(true);
    expect(errors(identity.safeParse('x'.repeat(49)))).toEqual({
      '': ['Ensure this field has no more than 48 characters'],
    });
  });

  it('takes a password of 16 to 40 Latin letters and digits', () => {
    expect(stationPassword.safeParse('a1'.repeat(8)).success).toBe(true);
    expect(stationPassword.safeParse('a'.repeat(40)).success).toBe(true);
    expect(errors(stationPassword.safeParse('a'.repeat(15)))).toEqual({
      '': ['The password must be 16 to 40 characters long'],
    });
    expect(errors(stationPassword.safeParse('a'.repeat(41)))).toEqual({
      '': ['The password must be 16 to 40 characters long'],
    });
    expect(errors(stationPassword.safeParse('Пароль1234567890'))).toEqual({
      '': ['The password may contain only Latin letters and digits'],
    });
    expect(errors(stationPassword.safeParse('abcdefgh 12345678'))).toEqual({
      '': ['The password may contain only Latin letters and digits'],
    });
    expect(errors(stationPassword.safeParse(''))).toEqual({ '': ['Field cannot be blank'] });
  });

  it('leaves the password unchanged on an update that sends it empty', () => {
    expect(stationUpdateRequest.parse({ password: '' }).password).toBeUndefined();
    expect(stationUpdateRequest.parse({ password: 'A'.repeat(16) }).password).toBe('A'.repeat(16));
    expect(errors(stationUpdateRequest.safeParse({ password: 'short' }))).toEqual({
      password: ['The password must be 16 to 40 characters long'],
    });
  });
});

describe('coordinates', () => {
  it('take an optional minus, up to 3 digits and up to 6 decimals, kept with 6 decimals', () => {
    const parse = (latitude: unknown) => stationUpdateRequest.safeParse({ latitude });
    expect(parse('42.87').data?.latitude).toBe('42.870000');
    expect(parse(-7).data?.latitude).toBe('-7.000000');
    expect(parse('-0.123456').data?.latitude).toBe('-0.123456');
    for (const bad of ['42.1234567', '1234', '4a', '42.', '+4', '.5']) {
      expect(errors(parse(bad)), bad).toEqual({
        latitude: ['Enter up to 3 digits before the point and up to 6 after it'],
      });
    }
    expect(errors(parse('90.000001'))).toEqual({ latitude: ['Ensure this value is less than or equal to 90'] });
    expect(errors(stationUpdateRequest.safeParse({ longitude: '-180.5' }))).toEqual({
      longitude: ['Ensure this value is greater than or equal to -180'],
    });
    expect(formatCoordinate('-0.0')).toBe('0.000000');
    expect(formatCoordinate('042.5')).toBe('42.500000');
  });
});

describe('connector', () => {
  const base = { evse_id: 1, typo: 'ccs2', power_kWh: 60 };

  it('requires the type and a numeric power; position defaults to 1', () => {
    expect(connectorRequest.parse(base)).toMatchObject({
      position: 1,
      power_kWh: 60_000,
      cable_length: null,
      custom_fee: null,
    });
    expect(errors(connectorRequest.safeParse({ evse_id: 1 }))).toEqual({
      typo: ['Field cannot be blank'],
      power_kWh: ['Field cannot be blank'],
    });
    expect(errors(connectorRequest.safeParse({ ...base, power_kWh: 'fast' }))).toEqual({
      power_kWh: ['Enter a number'],
    });
    expect(connectorRequest.parse({ ...base, power_kWh: '7.4' }).power_kWh).toBe(7400);
    expect(errors(connectorRequest.safeParse({ ...base, typo: 'nema' }))).toEqual({ typo: ['Select a valid choice'] });
    expect(errors(connectorRequest.safeParse({ ...base, position: 8 }))).toEqual({
      position: ['Select a valid choice'],
    });
  });

  it('takes a cable length as a positive integer without a leading zero, or null when empty', () => {
    expect(connectorRequest.parse({ ...base, cable_length: '5' }).cable_length).toBe(5);
    expect(connectorRequest.parse({ ...base, cable_length: '' }).cable_length).toBeNull();
    expect(connectorRequest.parse({ ...base, cable_length: null }).cable_length).toBeNull();
    for (const bad of ['05', '0', '-3', '2.5', 'abc', 2.5]) {
      expect(errors(connectorRequest.safeParse({ ...base, cable_length: bad })), String(bad)).toEqual({
        cable_length: ['Cable length must be an integer'],
      });
    }
  });

  it('takes a personal tariff as som with 2 decimals, optional and nullable', () => {
    expect(connectorRequest.parse({ ...base, custom_fee: '12.5' }).custom_fee).toBe(1250);
    expect(connectorRequest.parse({ ...base, custom_fee: null }).custom_fee).toBeNull();
    expect(errors(connectorRequest.safeParse({ ...base, custom_fee: '1.234' }))).toEqual({
      custom_fee: ['Ensure that there are no more than 2 decimal places'],
    });
    expect(errors(connectorRequest.safeParse({ ...base, custom_fee: 'x' }))).toEqual({
      custom_fee: ['Enter a number'],
    });
  });

  it('updates connectors and deletes others by id', () => {
    expect(connectorsUpdateRequest.parse({})).toEqual({ connectors: [], deleted_conns_ids: [] });
    expect(connectorsUpdateRequest.parse({ connectors: [{ ...base, id: 4 }], deleted_conns_ids: [2] })).toMatchObject({
      connectors: [{ id: 4 }],
      deleted_conns_ids: [2],
    });
  });
});

describe('media files', () => {
  it('takes photos up to 2 MB and videos up to 100 MB, and names the limit', () => {
    expect(mediaFileProblem('photo', PHOTO_MAX_BYTES)).toBeUndefined();
    expect(mediaFileProblem('photo', PHOTO_MAX_BYTES + 1)).toEqual({ message: 'image_too_large', max: 2 });
    expect(mediaFileProblem('video', VIDEO_MAX_BYTES)).toBeUndefined();
    expect(mediaFileProblem('video', VIDEO_MAX_BYTES + 1)).toEqual({ message: 'video_too_large', max: 100 });
    expect(mediaFileProblem(undefined, 10)).toEqual({ message: 'media_type_invalid' });
    expect(avatarProblem('video', 10)).toEqual({ message: 'avatar_type_invalid' });
    expect(avatarProblem('photo', PHOTO_MAX_BYTES + 1)).toEqual({ message: 'image_too_large', max: 2 });
  });
});
