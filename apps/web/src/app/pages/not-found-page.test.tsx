import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/language.ts';
import { inEnglish, renderScreen } from '../../test/render-screen.tsx';
import { NotFoundPage } from './not-found-page.tsx';

inEnglish();

describe('the not-found page', () => {
  it("captions antd's 404 picture with the page's title, in the current language, and hides it from screen readers", async () => {
    renderScreen(<NotFoundPage />);
    const picture = screen.getByTestId('not-found').querySelector('svg')!;
    expect(picture).toHaveAttribute('aria-hidden', 'true');
    expect(picture.querySelector('title')).toHaveTextContent('Page not found');
    expect(screen.queryAllByRole('img')).toEqual([]);

    await act(() => changeLanguage('ky'));
    expect(picture.querySelector('title')).toHaveTextContent('Барак табылган жок');
    expect(document.body).not.toHaveTextContent('No Found');
  });
});
