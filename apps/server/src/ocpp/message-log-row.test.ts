import { describe, expect, it } from 'vitest';
import { EntryRow } from './message-log-row.ts';

/* A station's entries of one flush, kept as the UTF-8 text of their JSON array. */

const at = new Date('2026-11-24T10:00:00Z');
const entry = (text: string) => [JSON.stringify({ text })];

describe('EntryRow', () => {
  it('holds its entries as a JSON array, in any script, past its first buffer', () => {
    const row = new EntryRow(7, at);
    expect(JSON.parse(row.text())).toEqual([]);
    const texts = ['Станция 1', 'Кубаттоо ✓', 'emoji 😀', 'x'.repeat(20_000), 'ø'];
    for (const text of texts) row.add(entry(text), at);
    row.add(['{"text":', '"в частях"', '}'], at);
    expect(JSON.parse(row.text())).toEqual([...texts, 'в частях'].map((text) => ({ text })));
    expect(row.count).toBe(texts.length + 1);
    expect(row.size).toBe(Buffer.byteLength(row.text()) - 1);
  });

  it('answers the bytes each entry grew it by, the comma included, and keeps the last entry’s time', () => {
    const row = new EntryRow(7, at);
    expect(row.add(entry('first'), at)).toBe(Buffer.byteLength(JSON.stringify({ text: 'first' })));
    const later = new Date('2026-11-24T10:00:01Z');
    expect(row.add(entry('второй'), later)).toBe(1 + Buffer.byteLength(JSON.stringify({ text: 'второй' })));
    expect(row.size).toBe(Buffer.byteLength(row.text()) - 1);
    expect(row.at).toEqual(later);
  });

  it('hands its buffer on once done, to a row that starts empty', () => {
    const row = new EntryRow(7, at);
    row.add(entry('first'), at);
    expect(JSON.parse(row.done())).toEqual([{ text: 'first' }]);
    const next = new EntryRow(8, at);
    expect(JSON.parse(next.text())).toEqual([]);
    next.add(entry('second'), at);
    expect(JSON.parse(next.done())).toEqual([{ text: 'second' }]);
  });
});
