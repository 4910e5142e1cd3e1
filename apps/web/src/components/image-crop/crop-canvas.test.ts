import { describe, expect, it, vi } from 'vitest';
import { cropCanvas } from './crop-canvas.ts';
import { cropTransform } from './crop-math.ts';

/*
 * jsdom's canvas has no 2D context and encodes nothing: a recording context stands in for it, so
 * this checks what is asked of the canvas (size, white fill, transform, JPEG at 0.4), not pixels.
 */
function recordCanvas(blob: Blob | null = new Blob(['jpeg'], { type: 'image/jpeg' })) {
  const calls: unknown[][] = [];
  const context = {
    fillStyle: '',
    imageSmoothingQuality: 'low',
    fillRect: (...args: unknown[]) => calls.push(['fillRect', context.fillStyle, ...args]),
    setTransform: (...args: unknown[]) => calls.push(['setTransform', ...args]),
    drawImage: (...args: unknown[]) => calls.push(['drawImage', ...args]),
  };
  const getContext = vi
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockReturnValue(context as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done, ...args) => {
    calls.push(['toBlob', ...args]);
    done(blob);
  });
  // The canvas drawn on is the `this` of its getContext call.
  return { calls, canvas: () => getContext.mock.contexts[0] as HTMLCanvasElement };
}

describe('cropCanvas.toJpeg', () => {
  it('fills the crop with white, draws the turned photo into it and encodes a JPEG at quality 0.4', async () => {
    const { calls, canvas } = recordCanvas();
    const image = document.createElement('img');
    const natural = { width: 800, height: 600 };
    const crop = { x: 296, y: 65, width: 300, height: 600 };

    const blob = await cropCanvas.toJpeg(image, natural, 10, crop);

    expect(blob.type).toBe('image/jpeg');
    expect(canvas().width).toBe(300);
    expect(canvas().height).toBe(600);
    expect(calls).toEqual([
      ['fillRect', '#ffffff', 0, 0, 300, 600],
      ['setTransform', ...cropTransform(natural, 10, crop)],
      ['drawImage', image, 0, 0, 800, 600],
      ['toBlob', 'image/jpeg', 0.4],
    ]);
  });

  it('fails when the browser cannot encode the canvas', async () => {
    recordCanvas(null);
    await expect(
      cropCanvas.toJpeg(document.createElement('img'), { width: 10, height: 10 }, 0, {
        x: 0,
        y: 0,
        width: 10,
        height: 10,
      }),
    ).rejects.toThrow();
  });
});
