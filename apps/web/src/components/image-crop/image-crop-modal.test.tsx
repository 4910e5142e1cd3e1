import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { discardQuestion, keepEditing } from '../../test/discard-question.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { cropCanvas } from './crop-canvas.ts';
import { ImageCropModal } from './image-crop-modal.tsx';
import { useImageCrop } from './use-image-crop.tsx';

/*
 * jsdom decodes no image, lays nothing out and has no 2D canvas. Stubbed here: object URLs, the
 * photo's decoding (its natural size set on react-easy-crop's <img>, then its load event), the
 * cropping area's measured size (getBoundingClientRect) and the canvas export
 * (cropCanvas.toJpeg, whose arithmetic crop-math.test.ts covers). Everything between the sliders,
 * react-easy-crop's own crop arithmetic and the file handed back runs for real.
 */
inEnglish();

const JPEG_BYTES = 'cropped jpeg bytes';
let toJpeg: MockInstance<typeof cropCanvas.toJpeg>;
let revoked: string[];

beforeAll(() => {
  URL.createObjectURL ??= () => '';
  URL.revokeObjectURL ??= () => undefined;
});

beforeEach(() => {
  let made = 0;
  revoked = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:photo-${++made}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
  // The cropping area is 480 x 320 on screen.
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({
    x: 0,
    y: 0,
    left: 0,
    top: 0,
    width: 480,
    height: 320,
    right: 480,
    bottom: 320,
    toJSON: () => ({}),
  });
  toJpeg = vi.spyOn(cropCanvas, 'toJpeg').mockResolvedValue(new Blob([JPEG_BYTES], { type: 'image/jpeg' }));
});

const aPhoto = (name = 'station.png') => new File(['png bytes'], name, { type: 'image/png' });

/** The browser decodes the photo shown in the cropper: 800 x 600 unless told. */
function textOf(file: File): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(file);
  });
}

async function decode(width = 800, height = 600) {
  const image = await waitFor(() => {
    const found = document.querySelector<HTMLImageElement>('img.reactEasyCrop_Image');
    expect(found).not.toBeNull();
    return found!;
  });
  Object.defineProperty(image, 'naturalWidth', { value: width, configurable: true });
  Object.defineProperty(image, 'naturalHeight', { value: height, configurable: true });
  fireEvent.load(image);
  return image;
}

// antd's slider reads keyCode, which user-event leaves at 0; a browser sets it.
const KEY_CODES = { ArrowRight: 39, Home: 36, End: 35 } as const;

/** Presses a key on the named slider's handle, as many times as told. */
function press(name: string, key: keyof typeof KEY_CODES, times = 1) {
  const handle = screen.getByRole('slider', { name });
  handle.focus();
  for (let i = 0; i < times; i++) {
    fireEvent.keyDown(handle, { key, keyCode: KEY_CODES[key] });
    fireEvent.keyUp(handle, { key, keyCode: KEY_CODES[key] });
  }
}

describe('ImageCropModal', () => {
  it('crops the photo with the chosen rotation and aspect into a JPEG named like the original', async () => {
    const onDone = vi.fn();
    renderScreen(<ImageCropModal file={aPhoto()} open onCancel={vi.fn()} onDone={onDone} />);
    const dialog = await screen.findByRole('dialog', { name: 'Crop the photo' });
    const apply = within(dialog).getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();

    const image = await decode();
    await waitFor(() => expect(apply).toBeEnabled());
    // The crop starts at the photo's own aspect, 800 / 600.
    expect(screen.getByRole('slider', { name: 'Aspect ratio' })).toHaveAttribute('aria-valuenow', '1.33');
    expect(screen.getByRole('slider', { name: 'Zoom' })).toHaveAttribute('aria-valuetext', '1×');

    press('Aspect ratio', 'Home');
    press('Rotation', 'ArrowRight', 10);
    expect(screen.getByRole('slider', { name: 'Rotation' })).toHaveAttribute('aria-valuetext', '10°');
    await userEvent.click(apply);

    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    // Turned by 10 degrees the 800 x 600 photo spans a box of 892 x 730; the tallest 1:2 crop,
    // 300 x 600, sits in its middle (unturned it would sit at 250, 0).
    expect(toJpeg).toHaveBeenCalledWith(image, { width: 800, height: 600 }, 10, {
      x: 296,
      y: 65,
      width: 300,
      height: 600,
    });
    const cropped = onDone.mock.calls[0]![0] as File;
    // Where the crop lies, as an upload sends it beside the image (spec 3 'Crop data').
    expect(onDone.mock.calls[0]![1]).toMatchObject({ pixels: { x: 296, y: 65, width: 300, height: 600 } });
    expect(cropped.name).toBe('station.jpg');
    expect(cropped.type).toBe('image/jpeg');
    expect(await textOf(cropped)).toBe(JPEG_BYTES);
  });

  it('zooms in by steps of 0.1 up to 3, cropping a smaller part of the photo', async () => {
    const onDone = vi.fn();
    renderScreen(<ImageCropModal file={aPhoto()} open aspect={1} onCancel={vi.fn()} onDone={onDone} />);
    await decode(600, 600);
    press('Zoom', 'ArrowRight');
    expect(screen.getByRole('slider', { name: 'Zoom' })).toHaveAttribute('aria-valuenow', '1.1');
    press('Zoom', 'End');
    expect(screen.getByRole('slider', { name: 'Zoom' })).toHaveAttribute('aria-valuenow', '3');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    // A third of the square photo each way.
    expect(toJpeg).toHaveBeenCalledWith(
      expect.anything(),
      { width: 600, height: 600 },
      0,
      expect.objectContaining({ width: 200, height: 200 }),
    );
  });

  it('keeps a locked aspect outside the slider range (a fullscreen: 9:19.5), with no aspect slider', async () => {
    const onDone = vi.fn();
    renderScreen(
      <ImageCropModal file={aPhoto()} open aspect={9 / 19.5} aspectLocked onCancel={vi.fn()} onDone={onDone} />,
    );
    await decode(800, 600);
    expect(screen.queryByRole('slider', { name: 'Aspect ratio' })).not.toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Zoom' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    // The tallest 9:19.5 crop of the 800 x 600 photo: 600 high, 277 wide.
    expect(toJpeg).toHaveBeenCalledWith(
      expect.anything(),
      { width: 800, height: 600 },
      0,
      expect.objectContaining({ width: 277, height: 600 }),
    );
  });

  it('focuses the cropping area once the photo shows, and closes on Esc at once while the crop is untouched', async () => {
    const onCancel = vi.fn();
    renderScreen(<ImageCropModal file={aPhoto()} open onCancel={onCancel} onDone={vi.fn()} />);
    await decode();
    await waitFor(() => expect(screen.getByRole('group', { name: /^Crop area/ })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
    expect(discardQuestion()).not.toBeInTheDocument();
  });

  it('asks before dropping a changed crop, on Esc and on Cancel, and keeps it on Cancel', async () => {
    const onCancel = vi.fn();
    renderScreen(<ImageCropModal file={aPhoto()} open onCancel={onCancel} onDone={vi.fn()} />);
    await decode();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled());
    press('Zoom', 'ArrowRight');
    await userEvent.keyboard('{Escape}');
    await keepEditing(userEvent);
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByRole('slider', { name: 'Zoom' })).toHaveAttribute('aria-valuenow', '1.1');

    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Crop the photo' })).getByRole('button', { name: 'Cancel' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(onCancel).toHaveBeenCalledOnce());
  });

  it('says a file the browser cannot decode cannot be opened, and offers only Close', async () => {
    const onCancel = vi.fn();
    renderScreen(<ImageCropModal file={aPhoto('broken.png')} open onCancel={onCancel} onDone={vi.fn()} />);
    const image = await waitFor(() => document.querySelector('img.reactEasyCrop_Image')!);
    fireEvent.error(image);

    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('“broken.png” cannot be opened as an image');
    expect(within(dialog).queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('slider')).not.toBeInTheDocument();
    // The footer's Close (the dialog's X is named Close too).
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('tells the user when the crop cannot be encoded, and keeps the dialog open', async () => {
    toJpeg.mockRejectedValue(new Error('No 2D canvas context'));
    const onDone = vi.fn();
    renderScreen(<ImageCropModal file={aPhoto()} open onCancel={vi.fn()} onDone={onDone} />);
    await decode();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText('The photo could not be cropped. Try again or choose another file.'),
    ).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('frees the preview URL once the dialog is closed', async () => {
    const file = aPhoto();
    const view = renderScreen(<ImageCropModal file={file} open onCancel={vi.fn()} onDone={vi.fn()} />);
    await decode();
    expect(revoked).toEqual([]);
    view.rerender(<ImageCropModal file={file} open={false} onCancel={vi.fn()} onDone={vi.fn()} />);
    await waitFor(() => expect(revoked).toContain('blob:photo-1'));
  });
});

/** An upload field's use of the hook: two photos chosen at once, results listed as they settle. */
function TwoPhotos({ files }: { files: File[] }) {
  const { cropImage, cropModal } = useImageCrop();
  const results: string[] = [];
  const choose = () => {
    for (const file of files)
      void cropImage(file).then((cropped) => {
        results.push(cropped ? cropped.name : `${file.name} skipped`);
        document.getElementById('results')!.textContent = results.join(', ');
      });
  };
  return (
    <>
      <button onClick={choose}>Choose</button>
      <output id="results" data-testid="results" />
      {cropModal}
    </>
  );
}

describe('useImageCrop', () => {
  it('crops the photos of one choice one after another, a cancelled one resolving to null', async () => {
    renderScreen(<TwoPhotos files={[aPhoto('front.png'), aPhoto('back.jpeg')]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Choose' }));

    expect(await screen.findByText('front.png')).toBeInTheDocument();
    await decode();
    await userEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('results')).toHaveTextContent('front.jpg'));

    expect(await screen.findByText('back.jpeg')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('results')).toHaveTextContent('front.jpg, back.jpeg skipped'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
