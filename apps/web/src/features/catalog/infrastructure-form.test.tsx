import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { InfrastructureFormModal } from './infrastructure-form.tsx';

beforeAll(() => {
  // jsdom has no object URLs; the preview only needs a string it can put in <img src>.
  URL.createObjectURL ??= () => 'blob:preview';
  URL.revokeObjectURL ??= () => undefined;
});

inEnglish();

describe('infrastructure form', { timeout: 60_000 }, () => {
  it('sends the titles and the icon as multipart and puts a server error on the icon field, with the generic alert', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      'POST /common/surroundings/': () => jsonResponse(400, { icon: ['The icon must be an SVG image'] }),
    });
    renderScreen(<InfrastructureFormModal onClose={() => undefined} />);

    const fill = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await screen.findByLabelText('Title in Kyrgyz');
    fill('Title in Kyrgyz', ' Кафе ');
    await user.click(screen.getByTestId('stepper-next'));
    fill('Title in Russian', 'Кафе');
    await user.click(screen.getByTestId('stepper-next'));
    fill('Title in English', 'Cafe');
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'cafe.svg', { type: 'image/svg+xml' });
    await user.upload(screen.getByLabelText('Icon'), svg);
    expect(await screen.findByText('cafe.svg')).toBeInTheDocument();
    expect(screen.getByTestId('icon-preview')).toHaveAttribute('src', expect.stringMatching(/^blob:/));

    await user.click(screen.getByTestId('stepper-submit'));
    await waitFor(() => expect(api.callsTo('POST /common/surroundings/')).toHaveLength(1));
    const body = api.callsTo('POST /common/surroundings/')[0]!.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string'))).toEqual({
      title_ky: 'Кафе',
      title_ru: 'Кафе',
      title_en: 'Cafe',
      active: 'true',
    });
    expect((form.get('icon') as File).name).toBe('cafe.svg');

    // On the field, pointed at by the generic alert.
    expect(await screen.findByText('Incorrectly filled field')).toBeInTheDocument();
    expect(screen.getByLabelText('Icon').closest('.ant-form-item')).toHaveTextContent('The icon must be an SVG image');
    expect(screen.getAllByText('The icon must be an SVG image')).toHaveLength(1);
  });
});
