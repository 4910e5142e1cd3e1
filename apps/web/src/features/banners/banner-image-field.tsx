import { BANNER_IMAGE_MAX_BYTES, BANNER_IMAGE_MAX_MB, FULLSCREEN_IMAGE_ASPECT } from '@evcms/contracts/banners';
import type { BannerType } from '@evcms/contracts/banners';
import { CroppedImageField, type CroppedImageFieldProps } from '../../components/image-crop/cropped-image-field.tsx';

// A banner's image is cropped at the aspect the manager chooses; a fullscreen's at the iPhone's 9:19.5, fixed.
const CROP_OPTIONS = {
  banner: {},
  fullscreen: { aspect: FULLSCREEN_IMAGE_ASPECT, aspectLocked: true },
} as const;
// The preview's box: a strip for a banner, a phone's screen for a fullscreen.
const PREVIEW = { banner: { width: 160, height: 90 }, fullscreen: { width: 60, height: 130 } } as const;

export type BannerImageFieldProps = Pick<CroppedImageFieldProps, 'value' | 'onChange' | 'id'> & { type: BannerType };

/** The image of a banner or fullscreen (spec 9): cropped, up to 2 MB once cropped. */
export function BannerImageField({ type, ...props }: BannerImageFieldProps) {
  return (
    <CroppedImageField
      {...props}
      ns="banners"
      testId="banner-image"
      crop={CROP_OPTIONS[type]}
      maxBytes={BANNER_IMAGE_MAX_BYTES}
      maxMb={BANNER_IMAGE_MAX_MB}
      box={PREVIEW[type]}
    />
  );
}
