import { PROMOTION_IMAGE_ASPECT, PROMOTION_IMAGE_MAX_BYTES, PROMOTION_IMAGE_MAX_MB } from '@evcms/contracts/promotions';
import { CroppedImageField, type CroppedImageFieldProps } from '../../components/image-crop/cropped-image-field.tsx';

type Props = Pick<CroppedImageFieldProps, 'value' | 'onChange' | 'id'>;

/** The promotion's image (spec 9): cropped to the promotion's 16:9, up to 2 MB once cropped. */
export function PromotionImageField(props: Props) {
  return (
    <CroppedImageField
      {...props}
      ns="promotions"
      testId="promotion-image"
      crop={{ aspect: PROMOTION_IMAGE_ASPECT }}
      maxBytes={PROMOTION_IMAGE_MAX_BYTES}
      maxMb={PROMOTION_IMAGE_MAX_MB}
      box={{ width: 160, height: 90 }}
    />
  );
}
