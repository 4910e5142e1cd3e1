import { CloseOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Image, Tag, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMessage } from '@evcms/contracts/messages';
import { avatarProblem, MEDIA_FILES_MAX, mediaFileProblem, type MediaKind } from '@evcms/contracts/station-media';
import { isCroppable } from '../../components/image-crop/crop-math.ts';
import { useImageCrop } from '../../components/image-crop/use-image-crop.tsx';
import { currentLang } from '../../lib/i18n.ts';
import type { AvatarValue, MediaValue } from './station-form-values.ts';

/** The kind the browser reports; the server checks the bytes again. */
function kindOf(file: File): MediaKind | undefined {
  if (file.type === 'image/jpeg' || file.type === 'image/png') return 'photo';
  return file.type === 'video/mp4' ? 'video' : undefined;
}

/** Photos and videos kept and added, as a form value: at least one photo is needed (spec 5). */
export function hasPhoto(media: MediaValue | undefined): boolean {
  return Boolean(
    media?.kept.some((file) => file.kind === 'photo') || media?.added.some((file) => kindOf(file) === 'photo'),
  );
}

const ACCEPT_MEDIA = '.jpg,.jpeg,.png,.mp4,image/jpeg,image/png,video/mp4';
const ACCEPT_PHOTO = '.jpg,.jpeg,.png,image/jpeg,image/png';

/** What is wrong with a chosen file, in the interface language, or undefined. */
function problemText(problem: ReturnType<typeof mediaFileProblem>): string | undefined {
  return (
    problem && formatMessage(currentLang(), problem.message, problem.max === undefined ? {} : { max: problem.max })
  );
}

export interface StationMediaFieldProps {
  value?: MediaValue;
  onChange?: (value: MediaValue) => void;
  id?: string;
}

/**
 * The station's gallery: stored photos and videos with a remove button, files chosen here (photos
 * cropped first) by name; a wrong type, a file over its limit or an 11th file is refused at once
 * with the message the server would give.
 */
export function StationMediaField({ value = { kept: [], added: [] }, onChange, id }: StationMediaFieldProps) {
  const { t } = useTranslation('stations');
  const { message } = App.useApp();

  const { cropImage, cropModal } = useImageCrop();

  // antd calls this once per file of a choice; the whole choice is taken at its first file, so
  // three files chosen together are all added (and counted) against the same value. Photos are
  // cropped first, one after another; a photo whose cropping is cancelled is left out.
  const addChoice = (file: File, choice: readonly File[]) => {
    if (file === choice[0]) void addFiles(choice);
    // Kept by the form, not uploaded by antd.
    return false;
  };
  const addFiles = async (choice: readonly File[]) => {
    const added = [...value.added];
    for (const picked of choice) {
      const chosen = isCroppable(picked) ? await cropImage(picked) : picked;
      if (!chosen) continue;
      const problem = problemText(mediaFileProblem(kindOf(chosen), chosen.size));
      if (problem) void message.error(`${chosen.name}: ${problem}`);
      else if (value.kept.length + added.length >= MEDIA_FILES_MAX) {
        void message.error(formatMessage(currentLang(), 'media_files_max', { max: MEDIA_FILES_MAX }));
        break;
      } else added.push(chosen);
    }
    if (added.length > value.added.length) onChange?.({ ...value, added });
  };

  return (
    <Flex vertical gap={12} id={id} data-testid="media-field">
      {cropModal}
      <Flex wrap gap={12}>
        {value.kept.map((file, index) => (
          <Flex key={file.id} vertical align="center" gap={4}>
            {file.kind === 'photo' ? (
              <Image
                src={file.url}
                alt={t('detail.photo', { number: index + 1 })}
                width={120}
                height={90}
                style={{ objectFit: 'cover' }}
              />
            ) : (
              <video
                src={file.url}
                preload="metadata"
                width={120}
                height={90}
                aria-label={t('detail.video', { number: index + 1 })}
              />
            )}
            <Button
              size="small"
              danger
              aria-label={t('form.remove_media', { number: index + 1 })}
              icon={<CloseOutlined aria-hidden />}
              onClick={() => onChange?.({ ...value, kept: value.kept.filter((kept) => kept.id !== file.id) })}
            />
          </Flex>
        ))}
      </Flex>
      <Flex wrap gap={8}>
        {value.added.map((file, index) => (
          <Tag
            key={`${file.name}-${index}`}
            closable
            closeIcon={<CloseOutlined aria-label={t('form.remove_file', { name: file.name })} />}
            onClose={() => onChange?.({ ...value, added: value.added.filter((_, other) => other !== index) })}
          >
            {file.name}
          </Tag>
        ))}
      </Flex>
      <Upload accept={ACCEPT_MEDIA} multiple showUploadList={false} beforeUpload={addChoice}>
        <Button icon={<UploadOutlined aria-hidden />}>{t('form.add_media')}</Button>
      </Upload>
      <Typography.Text type="secondary">{t('form.media_hint', { max: MEDIA_FILES_MAX })}</Typography.Text>
    </Flex>
  );
}

export interface StationAvatarFieldProps {
  value?: AvatarValue;
  onChange?: (value: AvatarValue) => void;
  id?: string;
}

/** The avatar: the stored one shown, a new file named; it is sent only when a new one is chosen. */
export function StationAvatarField({ value = { url: null }, onChange, id }: StationAvatarFieldProps) {
  const { t } = useTranslation('stations');
  const { message } = App.useApp();
  const { cropImage, cropModal } = useImageCrop({ aspect: 1 });
  const choose = (file: File) => {
    void (async () => {
      const chosen = isCroppable(file) ? await cropImage(file) : file;
      if (!chosen) return;
      const problem = problemText(avatarProblem(kindOf(chosen), chosen.size));
      if (problem) void message.error(`${chosen.name}: ${problem}`);
      else onChange?.({ ...value, file: chosen });
    })();
    return false;
  };
  return (
    <Flex align="center" gap={12} id={id} wrap>
      {cropModal}
      {value.url && !value.file && (
        <Image src={value.url} alt={t('fields.avatar')} width={64} height={64} style={{ objectFit: 'cover' }} />
      )}
      {value.file && (
        <Tag
          closable
          onClose={() => onChange?.({ url: value.url })}
          closeIcon={<CloseOutlined aria-label={t('form.remove_file', { name: value.file.name })} />}
        >
          {value.file.name}
        </Tag>
      )}
      <Upload accept={ACCEPT_PHOTO} showUploadList={false} beforeUpload={choose}>
        <Button icon={<UploadOutlined aria-hidden />}>
          {value.url || value.file ? t('form.replace_avatar') : t('form.choose_avatar')}
        </Button>
      </Upload>
    </Flex>
  );
}
