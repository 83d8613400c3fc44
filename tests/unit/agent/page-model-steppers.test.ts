import { describe, expect, it } from 'vitest';
import type { RawControl, RawPage } from '../../../src/main/agent/page-model/raw.ts';
import { steppersOf } from '../../../src/main/agent/page-model/steppers.ts';
import { buttonOf } from './page-model-parts.ts';

const raw = (controls: Array<Pick<RawControl, 'cluster' | 'clusterText'>>): RawPage[] => [
  {
    url: '',
    title: '',
    lang: 'ko',
    headings: [],
    controls: controls as RawControl[],
    forms: [],
    dialogs: [],
    lists: [],
    calendars: [],
    scrollables: [],
    messages: [],
    scroll: { y: 0, height: 0, viewport: 0 },
    textLength: 0,
  },
];

describe('counters per kind of person', () => {
  it('a − 0 + box known by the words of its row (the in-page pass puts them before the count)', () => {
    const buttons = [
      buttonOf('0:1', '−', { cluster: 0 }),
      buttonOf('0:2', '+', { cluster: 0 }),
      buttonOf('0:3', '−', { cluster: 1 }),
      buttonOf('0:4', '+', { cluster: 1 }),
    ];
    const frames = raw([
      { cluster: 0, clusterText: '어른 − 2 +' },
      { cluster: 1, clusterText: 'Children (2–12) − 0 +' },
    ]);
    expect(steppersOf(buttons, [], frames)).toEqual([
      { label: '어른', value: 2, dec: '0:1', inc: '0:2' },
      { label: 'Children ( )', value: 0, dec: '0:3', inc: '0:4' },
    ]);
  });
});
