import { describe, expect, it } from 'vitest';
import { readPiece } from '../../../../src/main/agent/offline/pieces.ts';
import { fieldOf, pageModelOf } from '../page-model-parts.ts';

describe('a piece read against the page: a head that names a field, then its value', () => {
  const m = pageModelOf({
    fields: [
      fieldOf('Street address', { handle: '0:1', purpose: 'address', texts: ['Street address', 'address'] }),
      fieldOf('Phone', { handle: '0:2', purpose: 'phone', texts: ['Phone', 'tel'] }),
    ],
  });

  it('a field named by its words takes the value after them', () => {
    expect(readPiece('address 12 Oak Street', m)).toEqual([{ kind: 'fill', ref: 'Street address', value: '12 Oak Street' }]);
  });

  it('a verb that starts a piece names no field, even one its letters begin ("add" is no "address")', () => {
    expect(readPiece('add a garment bag', m)).toBeUndefined();
    expect(readPiece('set up a call', m)).toBeUndefined();
  });
});
