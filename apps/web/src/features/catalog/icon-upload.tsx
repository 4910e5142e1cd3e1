import { UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ICON_MAX_KB } from '@evcms/contracts/catalog';
import { IconImage } from '../../components/catalog-picker/icon-image.tsx';

export interface IconUploadProps {
  /** The newly chosen file (a form field value); undefined keeps the current icon. */
  value?: File;
  onChange?: (file: File | undefined) => void;
  /** Where the saved icon is served, shown until another file is chosen. */
  currentPath?: string;
  /** Set by Form.Item, so the label points at the file input. */
  id?: string;
}

type Preview = { file: File; url: string };

/**
 * Picks one svg and keeps it in the browser until the form is sent (the upload is the form's
 * multipart request). The chosen file is previewed through an object URL, revoked when another
 * file replaces it, when it is removed and when the field goes away.
 */
export function IconUpload({ value, onChange, currentPath, id }: IconUploadProps) {
  const { t } = useTranslation('catalog');
  const [preview, setPreview] = useState<Preview | null>(null);
  const latest = useRef<Preview | null>(null);

  useEffect(
    () => () => {
      if (latest.current) URL.revokeObjectURL(latest.current.url);
    },
    [],
  );

  const choose = (file: File | undefined) => {
    if (latest.current) URL.revokeObjectURL(latest.current.url);
    latest.current = file ? { file, url: URL.createObjectURL(file) } : null;
    setPreview(latest.current);
    onChange?.(file);
  };

  // A value set from outside (a form reset) wins over a preview of an older choice.
  const chosen = preview && preview.file === value ? preview : null;
  const src = chosen?.url ?? currentPath;

  return (
    <Flex align="center" gap="middle" wrap>
      {src && (
        <IconImage
          testId="icon-preview"
          src={src}
          size={48}
          alt={t('form.icon_preview')}
          style={{ objectFit: 'contain', padding: 6, border: '1px solid var(--ant-color-border)', borderRadius: 8 }}
        />
      )}
      <Upload
        id={id}
        accept=".svg,image/svg+xml"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          choose(file);
          // Keep the file local: it goes with the form, not on its own.
          return false;
        }}
      >
        <Button icon={<UploadOutlined aria-hidden />}>{src ? t('form.replace_icon') : t('form.choose_icon')}</Button>
      </Upload>
      {chosen ? (
        <Flex align="center" gap="small">
          <Typography.Text type="secondary">{chosen.file.name}</Typography.Text>
          <Button type="link" size="small" onClick={() => choose(undefined)}>
            {t('form.remove_icon')}
          </Button>
        </Flex>
      ) : (
        <Typography.Text type="secondary">{t('form.icon_hint', { max: ICON_MAX_KB })}</Typography.Text>
      )}
    </Flex>
  );
}
