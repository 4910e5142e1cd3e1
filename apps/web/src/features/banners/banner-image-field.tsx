import { CloseOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Image, Tag, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { BANNER_IMAGE_MAX_BYTES, BANNER_IMAGE_MAX_MB, FULLSCREEN_IMAGE_ASPECT } from '@evcms/contracts/banners';
import type { BannerType } from '@evcms/contracts/banners';
import { isCroppable } from '../../components/image-crop/crop-math.ts';
import { useImageCrop } from '../../components/image-crop/use-image-crop.tsx';
import type { BannerImageValue } from './banner-form-values.ts';

const ACCEPT_PHOTO = '.jpg,.jpeg,.png,image/jpeg,image/png';

// A banner's image is cropped at the aspect the manager chooses; a fullscreen's at the iPhone's 9:19.5, fixed.
const CROP_OPTIONS = {
  banner: {},
  fullscreen: { aspect: FULLSCREEN_IMAGE_ASPECT, aspectLocked: true },
} as const;
// The preview's box: a strip for a banner, a phone's screen for a fullscreen.
const PREVIEW = { banner: { width: 160, height: 90 }, fullscreen: { width: 60, height: 130 } } as const;

export interface BannerImageFieldProps {
  type: BannerType;
  value?: BannerImageValue;
  onChange?: (value: BannerImageValue) => void;
  id?: string;
}

/**
 * The image of a banner or fullscreen (spec 9): a jpg or png, cropped, up to 2 MB once cropped;
 * the stored one shown until a new one is chosen. The crop data go with the new image.
 */
export function BannerImageField({ type, value = { url: null }, onChange, id }: BannerImageFieldProps) {
  const { t } = useTranslation('banners');
  const { message } = App.useApp();
  const { cropImageWithData, cropModal } = useImageCrop(CROP_OPTIONS[type]);
  const box = PREVIEW[type];
  const choose = (file: File) => {
    void (async () => {
      if (!isCroppable(file)) return void message.error(t('form.image_type'));
      const cropped = await cropImageWithData(file);
      if (!cropped) return;
      if (cropped.file.size > BANNER_IMAGE_MAX_BYTES)
        return void message.error(t('form.image_size', { max: BANNER_IMAGE_MAX_MB }));
      // The one chosen before is let go; the last one lives as long as the page.
      if (value.preview) URL.revokeObjectURL(value.preview);
      onChange?.({
        url: value.url,
        file: cropped.file,
        crop: cropped.crop,
        preview: URL.createObjectURL(cropped.file),
      });
    })();
    // Kept by the form, not uploaded by antd.
    return false;
  };
  const shown = value.file ? value.preview : value.url;
  return (
    <Flex align="center" gap={12} id={id} wrap data-testid="banner-image">
      {cropModal}
      {shown && <Image src={shown} alt={t('fields.image')} {...box} style={{ objectFit: 'cover' }} />}
      {value.file && (
        <Tag
          closable
          onClose={() => {
            if (value.preview) URL.revokeObjectURL(value.preview);
            onChange?.({ url: value.url });
          }}
          closeIcon={<CloseOutlined aria-label={t('form.remove_image', { name: value.file.name })} />}
        >
          {value.file.name}
        </Tag>
      )}
      <Upload accept={ACCEPT_PHOTO} showUploadList={false} beforeUpload={choose}>
        <Button icon={<UploadOutlined aria-hidden />}>
          {value.url || value.file ? t('form.replace_image') : t('form.choose_image')}
        </Button>
      </Upload>
    </Flex>
  );
}
