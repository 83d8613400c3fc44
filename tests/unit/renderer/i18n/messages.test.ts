import { describe, expect, it } from 'vitest';
import { en, ko } from '../../../../src/renderer/src/i18n/messages.ts';

/** A Korean particle written both ways ("을(를)", "(으)로"): the renderer fills values in without choosing one. */
const BOTH_WAYS = /[을이은과]\([를가는와]\)|으로\(로\)|\((?:으|은|이|을|과)\)/;

describe('the UI texts', () => {
  it('every Korean text reads whole: no particle left written both ways', () => {
    const unresolved = Object.entries(ko).filter(([, text]) => BOTH_WAYS.test(text));
    expect(unresolved).toEqual([]);
  });

  it('every English key has its Korean text', () => {
    const missing = Object.keys(en).filter((k) => !(k in ko) || !ko[k as keyof typeof ko]);
    expect(missing).toEqual([]);
  });
});
