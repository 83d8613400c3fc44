/**
 * The trained intent classifier and the decision on top of it, on sentences written for this
 * test (not from any fixture set): requests without trigger words, questions that name a plane
 * or a sum, near neighbours, and follow-ups that start nothing.
 */
import { describe, expect, it } from 'vitest';
import { featurise, typedText } from '../../../../../src/main/agent/nlu/classifier/features.ts';
import { classify } from '../../../../../src/main/agent/nlu/classifier/model.ts';
import { parseUtterance } from '../../../../../src/main/agent/nlu/index.ts';
import { NOW, TZ } from '../helpers.ts';

const started = (text: string, state?: Parameters<typeof parseUtterance>[1]['state']) => {
  const r = parseUtterance(text, { now: NOW, tz: TZ, ...(state ? { state } : {}) });
  return r.commands.find((c) => c.type === 'start_task')?.intent ?? null;
};

describe('features', () => {
  it('stands places in as a type token and digits as one shape', () => {
    expect(typedText('Osaka 3박 120000원')).toBe('ⓟ 0박 0원');
  });
  it('is bounded: a megabyte of text featurises to a bounded list', () => {
    const feats = featurise('가'.repeat(1_000_000));
    expect(feats.length).toBeLessThan(2_000);
  });
});

describe('classifier', () => {
  it('gives calibrated probabilities that sum to one', () => {
    const p = classify('포항 가는 비행기표 좀');
    expect(p.ranked.reduce((a, b) => a + b.p, 0)).toBeCloseTo(1, 5);
    expect(p.label).toBe('FlightSearch');
  });
});

describe('intent decision', () => {
  it.each([
    ['담주에 여수 가는데 잘 데 있나', 'HotelSearch'],
    ['get my money back for the blender', 'RefundCancel'],
    ['환뷸 받고 싶어요', 'RefundCancel'],
    ['I need new running shoes, something under 100 bucks', 'ShoppingCompare'],
    ['my bank wants me to update my address on their form', 'FormFill'],
    ['the parcel should go to my office instead', 'OrderChange'],
    ['cancel my airbnb booking in Paris', 'RefundCancel'],
    ['기내에 라면 들고 타도 돼?', 'GenericTask'],
    ['how do I get from Narita airport to Shinjuku', 'GenericTask'],
    ['엔화 환율 지금 얼마야', 'GenericTask'],
    ['비행기 탈 때 액체 몇 ml까지 돼?', 'GenericTask'],
  ])('%s → %s', (text, intent) => {
    expect(started(text)).toBe(intent);
  });

  it('starts nothing for an answer, a laugh or a question to the assistant', () => {
    expect(started('ㅋㅋㅋㅋ')).toBeNull();
    expect(started('what can you do?')).toBeNull();
    expect(started('12월 20일로', { activeIntent: 'FlightSearch', expecting: 'date_start', slots: {} })).toBeNull();
  });

  it('a question under way is asked, not a new task', () => {
    const r = parseUtterance('수하물은 몇 kg까지 돼?', { now: NOW, tz: TZ, state: { activeIntent: 'FlightSearch', slots: {} } });
    expect(r.commands.some((c) => c.type === 'start_task')).toBe(false);
    expect(r.commands.some((c) => c.type === 'ask_question')).toBe(true);
  });
});

describe('under way', () => {
  it('another task named outright starts it', () => {
    expect(started('그리고 숙소도 알아봐줘', { activeIntent: 'FlightSearch', slots: {} })).toBe('HotelSearch');
    expect(started('never mind the flight, find me a hotel instead', { activeIntent: 'FlightSearch', slots: {} })).toBe('HotelSearch');
  });
  it('a lone ㅇㅇ / ㄴㄴ is a yes / no (the letters survive normalisation)', () => {
    const act = (text: string) =>
      parseUtterance(text, { now: NOW, tz: TZ, state: { activeIntent: 'FlightSearch', expecting: 'confirmation' } }).commands[0]?.type;
    expect(act('ㅇㅇ')).toBe('confirm');
    expect(act('ㄴㄴ')).toBe('deny');
  });
});
