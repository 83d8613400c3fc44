import { describe, expect, it } from 'vitest';
import { fieldShows } from '../../../../src/main/agent/loop/verify.ts';
import { fieldOf } from '../page-model-parts.ts';

describe('a number the page writes its own way', () => {
  it('the same digits with other separators are the value typed', () => {
    expect(fieldShows(fieldOf('Mobile', { value: '010-9191-2828' }), '010 9191 2828')).toBe(true);
    expect(fieldShows(fieldOf('Mobile', { value: '(415) 555-0199' }), '415 555 0199')).toBe(true);
    expect(fieldShows(fieldOf('Mobile', { value: '010-9191-2829' }), '010 9191 2828')).toBe(false);
  });
});
