import { CloseOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Image, Tag, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { isCroppable, type CropData } from './crop-math.ts';
import { useImageCrop } from './use-image-crop.tsx';

const ACCEPT_PHOTO = '.jpg,.jpeg,.png,image/jpeg,image/png';

/** An image form field's value: the stored image's URL, and a new cropped file with its crop data until saved. */
export interface CroppedImageValue {
  url: string | null;
  file?: File;
  crop?: CropData;
  /** The new file shown before it is saved (an object URL of `file`). */
  preview?: string;
}

export interface CroppedImageFieldProps {
  value?: CroppedImageValue;
  onChange?: (value: CroppedImageValue) => void;
  id?: string;
  /** The feature's texts: `fields.image` and `form.image_type`, `image_size`, `remove_image`, `replace_image`, `choose_image`. */
  ns: string;
  testId: string;
  /** The crop's aspect, fixed with `aspectLocked` (even outside the slider's range). */
  crop: { aspect?: number; aspectLocked?: boolean };
  maxBytes: number;
  maxMb: number;
  /** The preview's box, in the image's proportions. */
  box: { width: number; height: number };
}

/**
 * An uploaded picture (spec 9): a jpg or png, cropped, at most `maxBytes` once cropped; the stored
 * one shown until a new one is chosen, the new one previewed before it is saved. The crop data go
 * with the new image. Promotions', banners' and fullscreens' forms use it.
 */
export function CroppedImageField(props: CroppedImageFieldProps) {
  const { value = { url: null }, onChange, id, ns, testId, box } = props;
  const { t } = useTranslation(ns);
  const { message } = App.useApp();
  const { cropImageWithData, cropModal } = useImageCrop(props.crop);
  const choose = (file: File) => {
    void (async () => {
      if (!isCroppable(file)) return void message.error(t('form.image_type'));
      const cropped = await cropImageWithData(file);
      if (!cropped) return;
      if (cropped.file.size > props.maxBytes) return void message.error(t('form.image_size', { max: props.maxMb }));
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
    <Flex align="center" gap={12} id={id} wrap data-testid={testId}>
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
