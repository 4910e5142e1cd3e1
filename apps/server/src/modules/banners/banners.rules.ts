import type { BannerCreate, BannerTerms, BannerUpdate } from '@evcms/contracts/banners';
import { isActive, STATUS_INACTIVE, type Status } from '@evcms/contracts/status';
import { uniqueIds } from '../../lib/bulk.ts';
import { storedCrop } from '../../lib/media-files.ts';
import type { BannerRecord, BannerValues } from './banners.repository.ts';

/** Rules of banners and fullscreens (spec 4, 5, PRODUCT.md), as plain functions over records and requests. */

/** Its end has passed: shown inactive, in the archive, and it cannot be activated. */
export function isEnded(banner: { endAt: Date }, now: Date): boolean {
  return banner.endAt.getTime() <= now.getTime();
}

/** The status shown: inactive once its end has passed. */
export function shownStatus(banner: { status: Status; endAt: Date }, now: Date): Status {
  return isEnded(banner, now) ? STATUS_INACTIVE : banner.status;
}

/** In the archive: inactive (deactivated) or past its end. */
export function isArchived(banner: { status: Status; endAt: Date }, now: Date): boolean {
  return !isActive(shownStatus(banner, now));
}

/** Activating one whose end has passed is refused. */
export function activatesEnded(banner: { status: Status; endAt: Date }, now: Date): boolean {
  return isActive(banner.status) && isEnded(banner, now);
}

/** An active one cannot be deleted; an archived one may. */
export function canDelete(banner: { status: Status; endAt: Date }, now: Date): boolean {
  return isArchived(banner, now);
}

/** A banner as a create or an update will store it. */
export type Terms = Omit<BannerRecord, 'id' | 'image' | 'createdAt'>;

export function termsOf(banner: Terms): BannerTerms {
  return {
    type: banner.type,
    buttonName: banner.buttonName,
    buttonColour: banner.buttonColour,
    category: banner.category,
    destination: banner.destination,
    startAt: banner.startAt,
    endAt: banner.endAt,
  };
}

const ascending = (ids: readonly number[]) => uniqueIds(ids).sort((a, b) => a - b);

/** A create request as it will be stored. */
export function created(input: BannerCreate): Terms {
  return {
    type: input.type,
    name: input.name,
    crop: storedCrop(input.crop),
    link: input.link,
    merchantId: input.merchant,
    startAt: input.start_at,
    endAt: input.end_at,
    status: input.status,
    buttonName: input.button_name,
    buttonColour: input.button_colour,
    stationIds: ascending(input.stations),
    category: input.category,
    destination: input.destination,
  };
}

/** `current` with the fields of `input` that were sent (null is a value: a field cleared). */
export function merged(current: BannerRecord, input: BannerUpdate): Terms {
  const sent = <T>(value: T | undefined, kept: T) => (value === undefined ? kept : value);
  return {
    type: current.type,
    name: sent(input.name, current.name),
    crop: input.crop === undefined ? current.crop : storedCrop(input.crop),
    link: sent(input.link, current.link),
    merchantId: sent(input.merchant, current.merchantId),
    startAt: sent(input.start_at, current.startAt),
    endAt: sent(input.end_at, current.endAt),
    status: sent(input.status, current.status),
    buttonName: sent(input.button_name, current.buttonName),
    buttonColour: sent(input.button_colour, current.buttonColour),
    stationIds: input.stations ? ascending(input.stations) : current.stationIds,
    category: sent(input.category, current.category),
    destination: sent(input.destination, current.destination),
  };
}

/** The columns of `terms`: the other type's fields are not kept (the form may send them). */
export function bannerValues(terms: Terms): Omit<BannerValues, 'image'> {
  const { stationIds: _stations, ...columns } = terms;
  const banner = terms.type === 'banner';
  return {
    ...columns,
    buttonName: banner ? terms.buttonName : null,
    buttonColour: banner ? terms.buttonColour : null,
    category: banner ? null : terms.category,
    destination: banner ? null : terms.destination,
  };
}

/** The stations a stored banner keeps: a fullscreen has none. */
export function keptStations(terms: Terms): number[] {
  return terms.type === 'banner' ? terms.stationIds : [];
}

/** A copy of `banner`: the same fields, inactive (docs/decisions.md 'Banners'). */
export function copied(banner: BannerRecord): Terms {
  const { id: _id, image: _image, createdAt: _created, ...terms } = banner;
  return { ...terms, status: STATUS_INACTIVE };
}
