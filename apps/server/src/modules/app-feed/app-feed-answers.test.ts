import { describe, expect, it } from 'vitest';
import { chosenEncoding, createFeedAnswers, FRESH_MS, stillFresh } from './app-feed-answers.ts';
import type { AppFeedRecords } from './app-feed.service.ts';

const EMPTY: AppFeedRecords = { banners: [], promotions: [] };

describe('the feed held in memory', () => {
  it('reads once for the requests of FRESH_MS, whatever their language, then again', async () => {
    let clock = 1_000;
    let reads = 0;
    const answers = createFeedAnswers(
      async () => {
        reads += 1;
        return EMPTY;
      },
      () => clock,
    );
    const [ru, en, again] = await Promise.all([answers.answer('ru'), answers.answer('en'), answers.answer('ru')]);
    expect(reads).toBe(1);
    expect(again).toBe(ru);
    expect(en.etag).toMatch(/^W\/"/);
    clock += FRESH_MS - 1;
    await answers.answer('ky');
    expect(reads).toBe(1);
    clock += 1;
    await answers.answer('ru');
    expect(reads).toBe(2);
  });

  it('keeps no failed read: the next request reads again', async () => {
    let fail = true;
    const answers = createFeedAnswers(
      async () => {
        if (fail) throw new Error('database away');
        return EMPTY;
      },
      () => 0,
    );
    await expect(answers.answer('ru')).rejects.toThrow('database away');
    fail = false;
    await expect(answers.answer('ru')).resolves.toBeDefined();
  });
});

describe('what the request asked', () => {
  it('chooses br, then gzip, leaving out what q=0 refuses', () => {
    expect(chosenEncoding(undefined)).toBe('identity');
    expect(chosenEncoding('gzip, deflate, br')).toBe('br');
    expect(chosenEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chosenEncoding('gzip;q=0, deflate')).toBe('identity');
  });

  it('matches If-None-Match weakly, in a list, or as *', () => {
    expect(stillFresh(undefined, 'W/"a"')).toBe(false);
    expect(stillFresh('"a"', 'W/"a"')).toBe(true);
    expect(stillFresh('"b", W/"a"', 'W/"a"')).toBe(true);
    expect(stillFresh('*', 'W/"a"')).toBe(true);
    expect(stillFresh('"ab"', 'W/"a"')).toBe(false);
  });
});
