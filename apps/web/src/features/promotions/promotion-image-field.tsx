import { CloseOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Image, Tag, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { PROMOTION_IMAGE_ASPECT, PROMOTION_IMAGE_MAX_BYTES, PROMOTION_IMAGE_MAX_MB } from '@evcms/contracts/promotions';
import { isCroppable } from '../../components/image-crop/crop-math.ts';
import { useImageCrop } from '../../components/image-crop/use-image-crop.tsx';
import type { PromotionImageValue } from './promotion-form-values.ts';

const ACCEPT_PHOTO = '.jpg,.jpeg,.png,image/jpeg,image/png';

export interface PromotionImageFieldProps {
  value?: PromotionImageValue;
  onChange?: (value: PromotionImageValue) => void;
  id?: string;
}

/**
 * The promotion's image (spec 9): a jpg or png, cropped to the promotion's aspect, up to 2 MB once
 * cropped; the stored one shown until a new one is chosen. The crop data go with the new image.
 */
export function PromotionImageField({ value = { url: null }, onChange, id }: PromotionImageFieldProps) {
  const { t } = useTranslation('promotions');
  const { message } = App.useApp();
  const { cropImageWithData, cropModal } = useImageCrop({ aspect: PROMOTION_IMAGE_ASPECT });
  const choose = (file: File) => {
    void (async () => {
      if (!isCroppable(file)) return void message.error(t('form.image_type'));
      const cropped = await cropImageWithData(file);
      if (!cropped) return;
      if (cropped.file.size > PROMOTION_IMAGE_MAX_BYTES)
        return void message.error(t('form.image_size', { max: PROMOTION_IMAGE_MAX_MB }));
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
  return (
    <Flex align="center" gap={12} id={id} wrap data-testid="promotion-image">
      {cropModal}
      {value.url && !value.file && (
        <Image src={value.url} alt={t('fields.image')} width={160} height={90} style={{ objectFit: 'cover' }} />
      )}
      {value.preview && (
        <Image src={value.preview} alt={t('fields.image')} width={160} height={90} style={{ objectFit: 'cover' }} />
      )}
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
