import { useCallback, useState, type ReactNode } from 'react';
import { ImageCropModal } from './image-crop-modal.tsx';

interface Pending {
  file: File;
  settle: (cropped: File | null) => void;
}

export interface ImageCrop {
  /**
   * Opens the crop dialog for a photo and resolves with the cropped JPEG, or null when the user
   * cancelled. Calls made while the dialog is open wait their turn, so a choice of several photos
   * is cropped one after another.
   */
  cropImage: (file: File) => Promise<File | null>;
  /** The dialog: render it once, anywhere in the component that calls `cropImage`. */
  cropModal: ReactNode;
}

/**
 * The crop dialog as a promise, for upload fields: in antd's `beforeUpload`, pass videos through
 * (`isCroppable`) and await `cropImage(file)` for photos.
 */
export function useImageCrop(options: { aspect?: number } = {}): ImageCrop {
  const [queue, setQueue] = useState<readonly Pending[]>([]);
  const cropImage = useCallback(
    (file: File) => new Promise<File | null>((settle) => setQueue((pending) => [...pending, { file, settle }])),
    [],
  );
  const head = queue[0];
  // Only the photo on show is settled, however often a button fires.
  const settle = (cropped: File | null) => {
    if (!head) return;
    head.settle(cropped);
    setQueue((pending) => (pending[0] === head ? pending.slice(1) : pending));
  };
  const cropModal = (
    <ImageCropModal
      file={head?.file ?? null}
      open={head !== undefined}
      aspect={options.aspect}
      onCancel={() => settle(null)}
      onDone={(cropped) => settle(cropped)}
    />
  );
  return { cropImage, cropModal };
}
