import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { InfrastructureItem } from '@evcms/contracts/catalog';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { CatalogItemsPreview } from './catalog-items-preview.tsx';
import { CatalogPickerField } from './catalog-picker-field.tsx';

const item = (id: number, title: string, active = true): InfrastructureItem => ({
  id,
  title,
  title_ru: title,
  title_en: title,
  title_ky: title,
  icon_path: `/media/surroundings/${id}.svg`,
  active,
});

describe('CatalogPickerField', () => {
  inEnglish();

  it('shows the titles it was given, looks up the rest once, and removes an item', async () => {
    const user = userEvent.setup({ delay: null });
    const api = stubFetch({
      'GET /common/surroundings/': () =>
        jsonResponse(200, {
          items: [item(1, 'Cafe'), item(7, 'Parking', false)],
          page: 1,
          pages: 1,
          size: 1000,
          total: 2,
        }),
    });
    const onChange = vi.fn();
    renderScreen(
      <CatalogPickerField kind="infrastructure" value={[1, 7]} onChange={onChange} initialItems={[item(1, 'Café')]} />,
    );

    expect(screen.getByText('Café')).toBeInTheDocument();
    expect(await screen.findByText('Parking')).toBeInTheDocument();
    const lookups = api.callsTo('GET /common/surroundings/');
    expect(lookups.map((call) => call.url.search)).toEqual(['?page=1&size=1000']);

    const cafe = screen.getByText('Café').closest('.ant-tag')!;
    expect(cafe.querySelector('img')).toHaveAttribute('src', '/media/surroundings/1.svg');
    await user.click(cafe.querySelector('.ant-tag-close-icon')!);
    expect(onChange).toHaveBeenCalledWith([7]);
  });
});

describe('CatalogItemsPreview', () => {
  inEnglish();

  it('shows the first item and a +N toggle that expands the rest', async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<CatalogItemsPreview items={[item(1, 'Cafe'), item(2, 'Parking'), item(3, 'Shop')]} />);
    expect(screen.getByText('Cafe')).toBeInTheDocument();
    expect(screen.queryByText('Parking')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show 2 more' }));
    expect(screen.getByText('Parking')).toBeInTheDocument();
    expect(screen.getByText('Shop')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.queryByText('Shop')).not.toBeInTheDocument();
  });
});
