import {
  bannerCreateRequest,
  bannerTermsProblems,
  type Banner,
  type BannerProblem,
  type BannerType,
  type FullscreenCategory,
  type FullscreenDestination,
} from '@evcms/contracts/banners';
import { type z } from '@evcms/contracts/schema';
import { isActive, statusOf } from '@evcms/contracts/status';
import type { CroppedImageValue } from '../../components/image-crop/cropped-image-field.tsx';
import type { BannerBody, BannerFields } from './banner-form-data.ts';

/** The image field's value (components/image-crop/cropped-image-field.tsx). */
export type BannerImageValue = CroppedImageValue;

/**
 * The form's fields, named as the API names them: choices null until given, the period's ends as
 * instants with their offset (the pickers convert at their edge), the status as the switch has
 * it. Both types' fields are here; each form shows and sends its own.
 */
export interface BannerFormValues {
  type: BannerType;
  name: string;
  link: string;
  merchant: number | null;
  start_at: string | null;
  end_at: string | null;
  active: boolean;
  image: BannerImageValue;
  button_name: string;
  button_colour: string | null;
  stations: number[];
  category: FullscreenCategory | null;
  destination: FullscreenDestination | null;
}

export function emptyBannerForm(type: BannerType): BannerFormValues {
  return {
    type,
    name: '',
    link: '',
    merchant: null,
    start_at: null,
    end_at: null,
    // As the server: a new one is active unless the manager says otherwise.
    active: true,
    image: { url: null },
    button_name: '',
    button_colour: null,
    stations: [],
    category: null,
    destination: null,
  };
}

/** The stored item as the edit form starts. */
export function formValuesOf(banner: Banner): BannerFormValues {
  return {
    type: banner.type,
    name: banner.name,
    link: banner.link,
    merchant: banner.merchant,
    start_at: banner.start_at,
    end_at: banner.end_at,
    active: isActive(banner.status),
    image: { url: banner.image },
    button_name: banner.button_name ?? '',
    button_colour: banner.button_colour,
    stations: banner.stations.map((station) => station.id),
    category: banner.category,
    destination: banner.destination,
  };
}

const blank = <T>(value: T | null | undefined): T | '' => value ?? '';

/** The fields as they are sent, of the form's type only; a field left empty goes as '' and the server says so. */
export function toBannerFields(values: BannerFormValues): Partial<BannerFields> {
  const common = {
    name: values.name.trim(),
    link: values.link.trim(),
    merchant: blank(values.merchant),
    start_at: blank(values.start_at),
    end_at: blank(values.end_at),
    status: statusOf(values.active),
  };
  return values.type === 'banner'
    ? {
        ...common,
        button_name: values.button_name.trim(),
        button_colour: blank(values.button_colour),
        stations: [...values.stations].sort((a, b) => a - b),
      }
    : { ...common, category: blank(values.category), destination: blank(values.destination) };
}

/** POST's body: the type, its fields, the cropped image and its crop data. */
export function toBannerBody(values: BannerFormValues): BannerBody {
  const { file, crop } = values.image;
  return { type: values.type, ...toBannerFields(values), ...(file && { image: file }), ...(crop && { crop }) };
}

/** The fields whose value differs from the stored one, and a newly chosen image: the body of the PATCH. */
export function changedFields(before: BannerFormValues, after: BannerFormValues): BannerBody {
  const from = toBannerFields(before);
  const to = toBannerFields(after);
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(to) as (keyof BannerFields)[]) {
    if (JSON.stringify(to[key]) !== JSON.stringify(from[key])) changes[key] = to[key];
  }
  const { file, crop } = after.image;
  if (file && file !== before.image.file) Object.assign(changes, { image: file }, crop && { crop });
  return changes as BannerBody;
}

// The fields the cross-field rules read, each parsed by the contract as the server parses it.
const shape = bannerCreateRequest.shape;
const parsed = <T>(schema: z.ZodMiniType<T>, value: unknown): T | undefined => {
  const result = schema.safeParse(value);
  return result.success ? result.data : undefined;
};

/**
 * What is wrong with the fields together (`bannerTermsProblems`, as the server checks it): the
 * type's required fields and the end after the start. A field wrong on its own is left to its own
 * rule; the period is compared once both ends are valid.
 */
export function bannerProblems(values: BannerFormValues): BannerProblem[] {
  const sent = { button_name: '', button_colour: '', category: '', destination: '', ...toBannerFields(values) };
  const startAt = parsed(shape.start_at, sent.start_at);
  const endAt = parsed(shape.end_at, sent.end_at);
  const own = {
    button_name: parsed(shape.button_name, sent.button_name),
    button_colour: parsed(shape.button_colour, sent.button_colour),
    category: parsed(shape.category, sent.category),
    destination: parsed(shape.destination, sent.destination),
  };
  // A field wrong on its own (undefined here) stands in as a valid value; a blank one is null.
  return bannerTermsProblems({
    type: values.type,
    buttonName: own.button_name === undefined ? 'x' : own.button_name,
    buttonColour: own.button_colour === undefined ? '#000000' : own.button_colour,
    category: own.category === undefined ? 'main' : own.category,
    destination: own.destination === undefined ? 'app' : own.destination,
    // An end not after the start only once both are valid instants.
    startAt: startAt && endAt ? startAt : new Date(0),
    endAt: startAt && endAt ? endAt : new Date(1),
  });
}
