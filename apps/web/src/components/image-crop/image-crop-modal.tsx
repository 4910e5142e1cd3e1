import { Alert, App, Button, Flex, Modal, Spin, Typography } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../confirm-modal.ts';
import { cropCanvas } from './crop-canvas.ts';
import type { CropChoice } from './crop-editor.tsx';
import { croppedFileName, pixelCrop, type CropData } from './crop-math.ts';

// The cropping library comes with the first photo to crop, not with any screen's code.
const CropEditor = lazy(() => import('./crop-editor.tsx').then((module) => ({ default: module.CropEditor })));

export interface ImageCropModalProps {
  /** The photo to crop: jpeg or png (`isCroppable`); a video is never passed here. */
  file: File | null;
  open: boolean;
  /** Closed without a result (Cancel, X, Esc, after asking once the crop was changed; or Close after an unreadable file). */
  onCancel: () => void;
  /** The crop as a JPEG named like the original with `.jpg`, and where it lies in the original (spec 3 'Crop data'). */
  onDone: (cropped: File, crop: CropData) => void;
  /** The aspect to start at (width / height); the photo's own when not given. */
  aspect?: number;
  /** Keep `aspect` (which may lie outside the slider's 0.5..2): no aspect slider is shown. */
  aspectLocked?: boolean;
}

/** An object URL of `file` for as long as it is shown; revoked when the file changes or goes. */
function useObjectUrl(file: File | null): string | null {
  const [shown, setShown] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    // The URL is a resource of the browser's, made and freed with this effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setShown({ file, url });
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return shown && shown.file === file ? shown.url : null;
}

/**
 * Spec 9's image crop: the photo in a cropping area with zoom, rotation and aspect sliders; Done
 * draws the chosen area on white and hands back a JPEG at quality 0.4. A file the browser cannot
 * decode gets a message instead of an empty cropper.
 */
export function ImageCropModal({ file, open, onCancel, onDone, aspect, aspectLocked }: ImageCropModalProps) {
  const { t } = useTranslation('crop');
  const { message } = App.useApp();
  const url = useObjectUrl(open ? file : null);
  // Both belong to the URL they were reported for, so a new file starts with neither.
  const [choice, setChoice] = useState<{ url: string; crop: CropChoice } | null>(null);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const current = url && choice?.url === url ? choice.crop : null;
  const failed = url !== null && failedUrl === url;
  const { confirmDiscard } = useConfirm();
  const editor = useRef<HTMLDivElement>(null);
  // The photo whose cropping area has been given the focus (once, so a later change does not pull it back).
  const focusedUrl = useRef<string | null>(null);

  const cancel = async () => {
    if (!current?.edited || (await confirmDiscard())) onCancel();
  };

  // The cropping area is the dialog's first field (arrow keys move the crop). It exists once the
  // photo is decoded, which may be before or after the dialog has finished opening (and focused
  // itself): it is focused at whichever comes last, and not again for the same photo.
  const focusArea = (opened = false) => {
    const area = editor.current?.querySelector<HTMLElement>('.reactEasyCrop_CropArea');
    if (!area || !url || editor.current?.contains(document.activeElement)) return;
    if (!opened && focusedUrl.current === url) return;
    focusedUrl.current = url;
    area.focus();
  };

  const done = async () => {
    if (!file || !current) return;
    setSaving(true);
    try {
      const area = pixelCrop(current.area, current.natural, current.rotation);
      const blob = await cropCanvas.toJpeg(current.image, current.natural, current.rotation, area);
      onDone(new File([blob], croppedFileName(file.name), { type: 'image/jpeg', lastModified: Date.now() }), {
        percent: current.area,
        pixels: area,
      });
    } catch {
      void message.error(t('failed'));
    } finally {
      setSaving(false);
    }
  };

  let body: ReactNode = null;
  if (failed && file) body = <Alert type="error" showIcon title={t('unreadable', { name: file.name })} />;
  else if (url)
    body = (
      <Suspense
        fallback={
          <Spin description={t('loading')}>
            <div style={{ height: 320 }} />
          </Spin>
        }
      >
        <CropEditor
          key={url}
          url={url}
          aspect={aspect}
          aspectLocked={aspectLocked}
          onChange={(crop) => {
            setChoice({ url, crop });
            focusArea();
          }}
          onError={() => setFailedUrl(url)}
        />
      </Suspense>
    );

  return (
    <Modal
      open={open}
      title={t('title')}
      width={560}
      onCancel={() => void (failed ? onCancel() : cancel())}
      afterOpenChange={(visible) => visible && focusArea(true)}
      // A stray click beside the cropping area must not throw the crop away.
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap="small">
          <Button onClick={() => void (failed ? onCancel() : cancel())}>{failed ? t('close') : t('cancel')}</Button>
          {!failed && (
            <Button
              type="primary"
              disabled={!current}
              loading={saving}
              onClick={() => void done()}
              data-testid="crop-done"
            >
              {t('done')}
            </Button>
          )}
        </Flex>
      }
    >
      <Flex vertical gap={12} ref={editor}>
        {file && <Typography.Text type="secondary">{file.name}</Typography.Text>}
        {body}
      </Flex>
    </Modal>
  );
}
