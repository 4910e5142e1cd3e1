import { randomInt } from 'node:crypto';
import type { Paged } from '@evcms/contracts/common';
import type { DriverIdTag, DriverListItem } from '@evcms/contracts/drivers';
import type { MerchantCreateRequest, MerchantListItem } from '@evcms/contracts/merchants';
import type { StationListItem } from '@evcms/contracts/stations';

/*
 * The back-office API calls of the simulator: sign in as a manager, make the simulator's own
 * merchant and its stations (with connectors, a custom fee so charges are priced, an OCPP
 * password), and find drivers' id tags to charge with. The same calls the web app makes.
 */

export interface SimulatedStation {
  identity: string;
  password: string;
  /** Its connectors' OCPP ids run 1..connectors. */
  connectors: number;
}

/** The simulator's merchant is found again by this agreement number. */
export const SIMULATOR_AGREEMENT = 'SIMULATOR';
/** The personal tariff of the simulator's connectors, som per kWh: their charges are priced whatever the rates. */
const SIMULATOR_FEE = '12.5';
/** The smallest real png (1x1): a station needs a photo. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const PAGE = 100;

export class ApiError extends Error {
  override name = 'ApiError';
}

/** A station password (16 to 40 letters and digits) no one has to remember. */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  return Array.from({ length: 24 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/** `SIM-` and 3 -> `SIM-0003`. */
export const stationIdentity = (prefix: string, n: number) => `${prefix}${String(n).padStart(4, '0')}`;

export class BackOffice {
  private token?: string;

  constructor(private readonly baseUrl: string) {}

  async signIn(email: string, password: string): Promise<void> {
    this.token = (await this.request<{ access: string }>('POST', '/accounts/login/', { email, password })).access;
  }

  async request<T>(method: string, path: string, body?: object | FormData): Promise<T> {
    const headers: Record<string, string> = { 'accept-language': 'en' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (body && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    const payload = body instanceof FormData ? body : body && JSON.stringify(body);
    const url = `${this.baseUrl}/api/v1${path}`;
    const response = await fetch(url, { method, headers, body: payload }).catch((error: Error) => {
      throw new ApiError(
        `cannot reach ${this.baseUrl}: ${(error.cause as Error | undefined)?.message ?? error.message}`,
      );
    });
    const text = await response.text();
    if (!response.ok) throw new ApiError(`${method} /api/v1${path}: ${response.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** The simulator's merchant, made on first use. */
  async simulatorMerchant(): Promise<number> {
    const found = await this.request<Paged<MerchantListItem>>(
      'GET',
      `/merchants/?search=${SIMULATOR_AGREEMENT}&size=${PAGE}`,
    );
    const mine = found.items.find((merchant) => merchant.agreement_number === SIMULATOR_AGREEMENT);
    if (mine) return mine.id;
    const request: MerchantCreateRequest = {
      name_ru: 'Симулятор зарядных станций',
      name_en: 'Charge point simulator',
      name_ky: 'Кубаттоо станцияларынын симулятору',
      agreement_number: SIMULATOR_AGREEMENT,
      legal_name: 'Simulated charging network',
      country: 1,
      city: 1,
      street: 'Chui Avenue 1',
      phone: '996555000000',
      email: 'simulator@example.com',
      percentage: 10,
    };
    return (await this.request<{ id: number }>('POST', '/merchants/', request)).id;
  }

  /**
   * Stations `prefix0001`.. of the simulator's merchant, active and with `password`: made when
   * missing, given the password when they exist. A station of that identity at another merchant
   * is not taken over: the API's refusal names it.
   */
  async ensureStations(options: {
    prefix: string;
    count: number;
    connectors: number;
    password: string;
  }): Promise<SimulatedStation[]> {
    const merchant = await this.simulatorMerchant();
    const existing = await this.merchantStations(merchant);
    const stations: SimulatedStation[] = [];
    const ids: number[] = [];
    for (let n = 1; n <= options.count; n += 1) {
      const identity = stationIdentity(options.prefix, n);
      const known = existing.get(identity);
      if (known) {
        await this.request('PATCH', `/stations/update/${known.id}/`, { password: options.password });
        stations.push({ identity, password: options.password, connectors: known.connectors.length });
        ids.push(known.id);
      } else {
        const form = stationForm(merchant, identity, options.password, options.connectors, n);
        ids.push((await this.request<{ id: number }>('POST', '/stations/', form)).id);
        stations.push({ identity, password: options.password, connectors: options.connectors });
      }
    }
    // A new station is inactive until a manager turns it on.
    for (let start = 0; start < ids.length; start += 1000) {
      await this.request('PATCH', '/stations/statuses/', { ids: ids.slice(start, start + 1000), status: 0 });
    }
    return stations;
  }

  /** Up to `limit` unblocked id tags of unblocked drivers with money on their balance. */
  async idTags(limit: number): Promise<string[]> {
    const tags: string[] = [];
    for (let page = 1; tags.length < limit; page += 1) {
      const drivers = await this.request<Paged<DriverListItem>>('GET', `/users/?size=${PAGE}&page=${page}`);
      for (const driver of drivers.items) {
        if (driver.blocked || driver.balance <= 0 || tags.length >= limit) continue;
        const own = await this.request<DriverIdTag[]>('GET', `/users/${driver.id}/id-tags/`);
        tags.push(
          ...own
            .filter((tag) => !tag.blocked)
            .map((tag) => tag.id_tag)
            .slice(0, limit - tags.length),
        );
      }
      if (page >= drivers.pages) break;
    }
    return tags;
  }

  private async merchantStations(merchant: number): Promise<Map<string, StationListItem>> {
    const stations = new Map<string, StationListItem>();
    for (let page = 1; ; page += 1) {
      const found = await this.request<Paged<StationListItem>>(
        'GET',
        `/stations/?merchant=${merchant}&size=${PAGE}&page=${page}`,
      );
      for (const station of found.items) stations.set(station.identity, station);
      if (page >= found.pages) return stations;
    }
  }
}

/** The create form of spec 7 (multipart): open every day, `connectors` Type 2 connectors of 22 kW in one module. */
function stationForm(merchant: number, identity: string, password: string, connectors: number, n: number): FormData {
  const fields: Record<string, string> = {
    name_ru: `Симулятор ${identity}`,
    name_en: `Simulator ${identity}`,
    name_ky: `Симулятор ${identity}`,
    address_ru: `Чуй ${n}`,
    address_en: `Chui ${n}`,
    address_ky: `Чүй ${n}`,
    identity,
    password,
    pic: 'Simulator',
    manufacturer: 'EVCMS',
    // Spread over Bishkek, so they do not sit on one point of the map.
    latitude: (42.84 + ((n * 37) % 100) / 1000).toFixed(6),
    longitude: (74.55 + ((n * 61) % 120) / 1000).toFixed(6),
    merchant: String(merchant),
    country: '1',
    city: '1',
  };
  for (let day = 0; day < 7; day += 1) {
    Object.assign(fields, {
      [`schedule[${day}][day]`]: String(day),
      [`schedule[${day}][start_time]`]: '00:00:00',
      [`schedule[${day}][end_time]`]: '00:00:00', // midnight at the day's end: round the clock
      [`schedule[${day}][is_break]`]: 'false',
    });
  }
  for (let index = 0; index < connectors; index += 1) {
    Object.assign(fields, {
      [`connectors[${index}][evse_id]`]: '1',
      [`connectors[${index}][typo]`]: 'type2',
      [`connectors[${index}][position]`]: String(index + 1),
      [`connectors[${index}][power_kWh]`]: '22',
      [`connectors[${index}][custom_fee]`]: SIMULATOR_FEE,
    });
  }
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  form.append('media_files[0]', new Blob([PHOTO], { type: 'image/png' }), 'station.png');
  return form;
}
