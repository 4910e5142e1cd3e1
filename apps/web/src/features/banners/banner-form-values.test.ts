import { describe, expect, it } from 'vitest';
import { bannerFormData } from './banner-form-data.ts';
import { bannerProblems, changedFields, emptyBannerForm, formValuesOf, toBannerBody } from './banner-form-values.ts';
import { aBanner, aFullscreen } from './banner-test-data.ts';

describe('banner form values', () => {
  it("send only the type's own fields", () => {
    const body = toBannerBody({ ...aBannerValues(), type: 'fullscreen', category: 'maps', destination: 'browser' });
    expect(Object.keys(body)).toEqual([
      'type',
      'name',
      'link',
      'merchant',
      'start_at',
      'end_at',
      'status',
      'category',
      'destination',
    ]);
    expect(Object.keys(toBannerBody(aBannerValues()))).toContain('stations');
  });

  it("edit: only what changed; stations emptied are sent as one '' (multipart has no empty list)", () => {
    const before = formValuesOf(aBanner());
    expect(changedFields(before, { ...before })).toEqual({});
    const changes = changedFields(before, { ...before, stations: [], button_colour: '#000000' });
    expect(changes).toEqual({ button_colour: '#000000', stations: [] });
    expect([...bannerFormData(changes).entries()]).toEqual([
      ['button_colour', '#000000'],
      ['stations', ''],
    ]);
    const renamed = bannerFormData(changedFields(before, { ...before, name: 'Renamed' }));
    expect([...renamed.entries()]).toEqual([['name', 'Renamed']]);
  });

  it("say a banner's button and a fullscreen's category are required, and the end after the start, as the server does", () => {
    const banner = {
      ...emptyBannerForm('banner'),
      start_at: '2026-12-02T00:00:00+06:00',
      end_at: '2026-12-01T00:00:00+06:00',
    };
    expect(bannerProblems(banner).map((problem) => problem.field)).toEqual(['button_name', 'button_colour', 'end_at']);
    // A period not yet valid is not compared.
    expect(bannerProblems({ ...banner, end_at: null }).map((problem) => problem.field)).toEqual([
      'button_name',
      'button_colour',
    ]);
    const fullscreen = formValuesOf(aFullscreen());
    expect(bannerProblems(fullscreen)).toEqual([]);
    expect(bannerProblems({ ...fullscreen, destination: null })).toEqual([
      { field: 'destination', message: 'field_blank' },
    ]);
  });
});

function aBannerValues() {
  return formValuesOf(aBanner());
}
