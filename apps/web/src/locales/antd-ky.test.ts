import ruRU from 'antd/es/locale/ru_RU';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import ky from './antd-ky.ts';

function leaves(value: unknown, path = ''): [string, unknown][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [[path, value]];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, path ? `${path}.${key}` : key));
}

describe('antd Kyrgyz locale', () => {
  it('covers every text antd ru_RU covers', () => {
    const ours = new Map(leaves(ky));
    const missing = leaves(ruRU)
      .map(([path]) => path)
      .filter((path) => !ours.has(path));
    expect(missing).toEqual([]);
  });

  it('has no empty text and is not Russian copied over', () => {
    const russian = new Map(leaves(ruRU));
    for (const [path, value] of leaves(ky)) {
      if (path === 'Transfer.titles') continue; // antd's own default is two empty titles
      const texts = Array.isArray(value) ? value : [value];
      for (const text of texts) {
        if (typeof text === 'string') expect(text, path).not.toBe('');
      }
      // Formats, codes and "OK" may coincide; a sentence may not.
      if (typeof value === 'string' && value.includes(' ')) expect(value, path).not.toBe(russian.get(path));
    }
  });

  it('names the locale ky and gives the date picker the Kyrgyz dayjs locale', () => {
    expect(ky.locale).toBe('ky');
    expect(ky.DatePicker?.lang.locale).toBe('ky_KG');
    expect(dayjs('2024-05-06').locale('ky').format('dddd, D MMMM')).toBe('Дүйшөмбү, 6 май');
  });
});
