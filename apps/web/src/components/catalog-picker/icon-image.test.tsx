import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { InfrastructureItem, Tag } from '@evcms/contracts/catalog';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { CatalogItemsPreview } from './catalog-items-preview.tsx';
import { IconImage } from './icon-image.tsx';

const cafe: InfrastructureItem = {
  id: 1,
  title: 'Cafe',
  title_ru: 'Кафе',
  title_en: 'Cafe',
  title_ky: 'Кафе',
  icon_path: '/media/1.svg',
  active: true,
};
const wifi: Tag = { id: 2, title: 'Wi-Fi', title_ru: 'Wi-Fi', title_en: 'Wi-Fi', title_ky: 'Wi-Fi', active: true };

describe('IconImage', () => {
  it('swaps an image that fails to load for a neutral placeholder, and tries a new address again', () => {
    function Preview() {
      const [src, setSrc] = useState('/media/gone.svg');
      return (
        <>
          <IconImage src={src} size={24} alt="Icon preview" />
          <button onClick={() => setSrc('/media/other.svg')}>other</button>
        </>
      );
    }
    const { container } = renderScreen(<Preview />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'Icon preview' })).toHaveAttribute('data-testid', 'icon-placeholder');

    fireEvent.click(screen.getByText('other'));
    expect(container.querySelector('img')).toHaveAttribute('src', '/media/other.svg');
  });

  it('shows the placeholder when there is no address at all', () => {
    renderScreen(<IconImage src="" size={16} />);
    expect(screen.getByTestId('icon-placeholder')).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('catalogue item labels', () => {
  inEnglish();

  it('show the placeholder for an infrastructure icon that cannot load', () => {
    renderScreen(<CatalogItemsPreview items={[cafe]} />);
    fireEvent.error(screen.getByText('Cafe').closest('.ant-tag')!.querySelector('img')!);
    expect(screen.getByTestId('icon-placeholder')).toBeInTheDocument();
    expect(screen.getByText('Cafe')).toBeInTheDocument();
  });

  it('show no icon for a tag', () => {
    renderScreen(<CatalogItemsPreview items={[wifi]} />);
    expect(screen.getByText('Wi-Fi').closest('.ant-tag')!.querySelector('img')).toBeNull();
    expect(screen.queryByTestId('icon-placeholder')).not.toBeInTheDocument();
  });
});
