import { Flex } from 'antd';
import { useRef, useState, type RefObject } from 'react';
import Cropper, { type Area as CropperArea, type MediaSize, type Point } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/i18n.ts';
import { CROP_ASPECT, CROP_ROTATION, CROP_ZOOM, snap, startingAspect, type Area, type Size } from './crop-math.ts';
import { CropSlider } from './crop-slider.tsx';

/** What the modal needs to draw the chosen crop: the decoded photo and the area as percentages. */
export interface CropChoice {
  image: HTMLImageElement;
  natural: Size;
  /** Degrees, clockwise. */
  rotation: number;
  /** Percentages of the turned photo's bounding box, as react-easy-crop reports them. */
  area: Area;
  /** Whether the user moved, zoomed, turned or reshaped the crop since the photo was shown. */
  edited: boolean;
}

export interface CropEditorProps {
  /** An object URL of the chosen photo. */
  url: string;
  /** The aspect to start at; the photo's own (within spec 9's range) when not given. */
  aspect?: number;
  /**
   * Keep `aspect` as it is, with no aspect slider: an image the app shows at one shape only (a
   * fullscreen's 9:19.5), which may lie outside the slider's range.
   */
  aspectLocked?: boolean;
  onChange: (choice: CropChoice) => void;
  /** The browser could not decode the file. */
  onError: () => void;
}

/**
 * The cropping area (react-easy-crop: drag, wheel or pinch, arrow keys on the focused area) and
 * spec 9's three sliders. Loaded on demand by image-crop-modal.tsx, so no other screen carries
 * the library.
 */
export function CropEditor({ url, aspect: fixedAspect, aspectLocked = false, onChange, onError }: CropEditorProps) {
  const { t } = useTranslation('crop');
  const lang = useLang();
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(CROP_ZOOM.min);
  const [rotation, setRotation] = useState(0);
  const [aspect, setAspect] = useState(fixedAspect ?? 1);
  // The aspect the photo was shown at: a crop still at it (and at no zoom, turn or shift) is untouched.
  const [startAspect, setStartAspect] = useState(aspect);
  const imageRef = useRef<RefObject<HTMLImageElement> | null>(null);

  const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
  const reportArea = (area: CropperArea) => {
    const image = imageRef.current?.current;
    if (!image?.naturalWidth || !image.naturalHeight) return;
    const edited = zoom !== CROP_ZOOM.min || rotation !== 0 || aspect !== startAspect || crop.x !== 0 || crop.y !== 0;
    onChange({ image, natural: { width: image.naturalWidth, height: image.naturalHeight }, rotation, area, edited });
  };

  return (
    <Flex vertical gap={12}>
      <div style={{ position: 'relative', height: 320, background: '#262626', borderRadius: 8, overflow: 'hidden' }}>
        <Cropper
          image={url}
          crop={crop}
          zoom={zoom}
          rotation={rotation}
          aspect={aspect}
          minZoom={CROP_ZOOM.min}
          maxZoom={CROP_ZOOM.max}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          // A two-finger twist turns the photo too; the slider keeps to whole degrees in range.
          onRotationChange={(degrees) => setRotation(snap(degrees, CROP_ROTATION))}
          onCropComplete={reportArea}
          onMediaLoaded={(media: MediaSize) => {
            if (fixedAspect !== undefined) return;
            const own = startingAspect({ width: media.naturalWidth, height: media.naturalHeight });
            setAspect(own);
            setStartAspect(own);
          }}
          setImageRef={(ref) => {
            imageRef.current = ref;
          }}
          mediaProps={{ onError }}
          cropperProps={{ 'aria-label': t('area'), role: 'group' }}
        />
      </div>
      <CropSlider
        testId="crop-zoom"
        label={t('zoom')}
        range={CROP_ZOOM}
        value={zoom}
        onChange={setZoom}
        format={(value) => `${number.format(value)}×`}
      />
      <CropSlider
        testId="crop-rotation"
        label={t('rotation')}
        range={CROP_ROTATION}
        value={rotation}
        onChange={setRotation}
        format={(value) => `${number.format(value)}°`}
      />
      {!(aspectLocked && fixedAspect !== undefined) && (
        <CropSlider
          testId="crop-aspect"
          label={t('aspect')}
          range={CROP_ASPECT}
          value={aspect}
          onChange={setAspect}
          format={(value) => number.format(value)}
        />
      )}
    </Flex>
  );
}
