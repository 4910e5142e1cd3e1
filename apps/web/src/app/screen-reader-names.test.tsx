import { screen } from '@testing-library/react';
import { DatePicker, Input, Select, TimePicker } from 'antd';
import { describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import { inEnglish, renderScreen } from '../test/render-screen.tsx';
import { LanguageSelect } from './language-select.tsx';
import { ShellConfig } from './shell/shell-config.tsx';
import { SignedOutLayout } from './signed-out-layout.tsx';

/*
 * antd's icons tell screen readers their English names ("thunderbolt", "down"); decorative ones
 * are hidden from them. What is left named is named in the interface language.
 */
const imageNames = () => screen.queryAllByRole('img').map((image) => image.getAttribute('aria-label'));

inEnglish();

describe('names read by screen readers', () => {
  it('the signed-out frame reads no icon names', async () => {
    await i18n.changeLanguage('ky');
    renderScreen(
      <SignedOutLayout>
        <p>screen</p>
      </SignedOutLayout>,
    );
    expect(await screen.findByText('screen')).toBeInTheDocument();
    expect(imageNames()).toEqual([]);
  });

  it("the header's language select reads no arrow", () => {
    renderScreen(<LanguageSelect />);
    expect(screen.getByTestId('language-select')).toBeInTheDocument();
    expect(imageNames()).toEqual([]);
  });

  it("the signed-in screens' selects and pickers read no arrow, loading ring or calendar, and a password's eye is named", async () => {
    await i18n.changeLanguage('ky');
    renderScreen(
      <ShellConfig>
        <Select aria-label="select" options={[{ value: 1, label: 'one' }]} />
        <Select aria-label="several" mode="multiple" value={[1]} options={[{ value: 1, label: 'one' }]} />
        <Select aria-label="loading options" loading options={[]} />
        <DatePicker />
        <DatePicker.RangePicker />
        <TimePicker />
        <Input.Password aria-label="password" />
      </ShellConfig>,
    );
    expect(await screen.findByLabelText('password')).toBeInTheDocument();
    expect(imageNames()).toEqual(['Сырсөздү көрсөтүү']);
  });
});
