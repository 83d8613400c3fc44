import { describe, expect, it } from 'vitest';
import { UidRegistry } from '../../../src/main/browser/uids.ts';

const node = (backendNodeId: number, loaderId = 'L1') => ({ sessionId: 's', frameId: 'F', loaderId, backendNodeId });

describe('uids', () => {
  it('are "<page>_<n>" with n in base 36, the same for the same node, never given twice', () => {
    const uids = new UidRegistry('1');
    const given = Array.from({ length: 40 }, (_, i) => uids.uidFor(node(i + 1)));
    expect(given.slice(0, 3)).toEqual(['1_1', '1_2', '1_3']);
    expect(given[9]).toBe('1_a');
    expect(given[35]).toBe('1_10');
    expect(new Set(given).size).toBe(40);
    expect(uids.uidFor(node(10))).toBe('1_a');
    // the same backend id in a newer document is another node
    expect(uids.uidFor(node(10, 'L2'))).toBe('1_15');
  });

  it('a uid of another page, or one never given, is named as such', () => {
    const uids = new UidRegistry('1');
    uids.uidFor(node(1));
    expect(uids.lookup('1_1', () => 'L1')).toMatchObject({ backendNodeId: 1 });
    expect(() => uids.lookup('2_a', () => 'L1')).toThrow(/belongs to page 2/);
    expect(() => uids.lookup('1_zz', () => 'L1')).toThrow(expect.objectContaining({ code: 'ELEMENT_NOT_FOUND' }));
    expect(() => uids.lookup('1_1', () => 'L2')).toThrow(expect.objectContaining({ code: 'STALE_UID' }));
  });
});
