import { useCallback, useState, type ReactNode } from 'react';
import type { CropData } from './crop-math.ts';
import { ImageCropModal } from './image-crop-modal.tsx';

/** A cropped photo and where its crop lies in the original. */
export interface CroppedImage {
  file: File;
  crop: CropData;
}

interface Pending {
  file: File;
  settle: (cropped: CroppedImage | null) => void;
}

export interface ImageCrop {
  /**
   * Opens the crop dialog for a photo and resolves with the cropped JPEG, or null when the user
   * cancelled. Calls made while the dialog is open wait their turn, so a choice of several photos
   * is cropped one after another.
   */
  cropImage: (file: File) => Promise<File | null>;
  /** The same, with the crop data, for an upload that sends them beside the image (promotions). */
  cropImageWithData: (file: File) => Promise<CroppedImage | null>;
  /** The dialog: render it once, anywhere in the component that calls `cropImage`. */
  cropModal: ReactNode;
}

export interface ImageCropOptions {
  /** The aspect to start at (width / height); the photo's own when not given. */
  aspect?: number;
  /** Keep `aspect`, even outside the slider's range (a fullscreen's 9:19.5): no aspect slider. */
  aspectLocked?: boolean;
}

/**
 * The crop dialog as a promise, for upload fields: in antd's `beforeUpload`, pass videos through
 * (`isCroppable`) and await `cropImage(file)` for photos.
 */
export function useImageCrop(options: ImageCropOptions = {}): ImageCrop {
  const [queue, setQueue] = useState<readonly Pending[]>([]);
  const cropImageWithData = useCallback(
    (file: File) => new Promise<CroppedImage | null>((settle) => setQueue((pending) => [...pending, { file, settle }])),
    [],
  );
  const cropImage = useCallback(
    async (file: File) => (await cropImageWithData(file))?.file ?? null,
    [cropImageWithData],
  );
  const head = queue[0];
  // Only the photo on show is settled, however often a button fires.
  const settle = (cropped: CroppedImage | null) => {
    if (!head) return;
    head.settle(cropped);
    setQueue((pending) => (pending[0] === head ? pending.slice(1) : pending));
  };
  const cropModal = (
    <ImageCropModal
      file={head?.file ?? null}
      open={head !== undefined}
      aspect={options.aspect}
      aspectLocked={options.aspectLocked}
      onCancel={() => settle(null)}
      onDone={(cropped, crop) => settle({ file: cropped, crop })}
    />
  );
  return { cropImage, cropImageWithData, cropModal };
}
