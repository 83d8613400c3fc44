import { describe, expect, it } from 'vitest';
import { readPiece } from '../../../../src/main/agent/offline/pieces.ts';
import { buttonOf, fieldOf, pageModelOf } from '../page-model-parts.ts';

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

describe('a name said alone, without "I am"', () => {
  const m = pageModelOf({
    fields: [fieldOf('Your name', { handle: '0:1', purpose: 'full_name' }), fieldOf('Phone', { handle: '0:2', purpose: 'phone' })],
    groups: [
      {
        label: 'Plan',
        kind: 'radio',
        form: 0,
        options: [
          { handle: '0:3', label: 'Harbor Basic', checked: false },
          { handle: '0:4', label: 'Harbor Plus', checked: false },
        ],
      },
    ],
  });

  it('two capitalised words go into the empty name field', () => {
    expect(readPiece('Mara Okafor', m)).toEqual([{ kind: 'fill', ref: 'Your name', value: 'Mara Okafor' }]);
  });

  it('words the page shows, a day or a month are not a name', () => {
    expect(readPiece('Harbor Plus', m)).not.toEqual([{ kind: 'fill', ref: 'Your name', value: 'Harbor Plus' }]);
    expect(readPiece('Next Friday', m)).toBeUndefined();
    expect(readPiece('the blue one', m)).toBeUndefined();
  });
});

describe('a phone number said the North American way', () => {
  const m = pageModelOf({
    fields: [fieldOf('Mobile', { handle: '0:1', purpose: 'phone' }), fieldOf('Name', { handle: '0:2', purpose: 'full_name' })],
  });

  it('goes into the phone box, with the name said before it', () => {
    expect(readPiece('(503) 555-0199', m)).toEqual([{ kind: 'fill', ref: 'Mobile', value: '(503) 555-0199' }]);
    expect(readPiece('Ines Moreau 503-555-0199', m)).toEqual([
      { kind: 'fill', ref: 'Name', value: 'Ines Moreau' },
      { kind: 'fill', ref: 'Mobile', value: '503-555-0199' },
    ]);
  });

  it('a date is no phone number', () => {
    expect(readPiece('2026-12-03', m)).not.toEqual([{ kind: 'fill', ref: 'Mobile', value: '2026-12-03' }]);
  });
});

describe('choices and counts said together', () => {
  const m = pageModelOf({
    fields: [
      fieldOf('Grown-ups', { handle: '0:1', kind: 'number', purpose: 'adults' }),
      fieldOf('Children (4-12)', { handle: '0:2', kind: 'number', purpose: 'children' }),
    ],
    buttons: [
      buttonOf('0:5', '도자기', { choice: true, cluster: 4 }),
      buttonOf('0:6', '염색', { choice: true, cluster: 4 }),
      buttonOf('0:7', '도자기 + 염색 패키지', { choice: true, cluster: 4 }),
    ],
  });

  it('two things said as one choice name the one option that holds both', () => {
    expect(readPiece('도자기랑 염색 같이 하는 걸로', m)).toEqual([{ kind: 'choose', option: '도자기 + 염색 패키지' }]);
  });

  it('a choice said before counts of people is read apart from them', () => {
    expect(readPiece('도자기만 어른 두 명', m)).toEqual([
      { kind: 'click', ref: '도자기' },
      { kind: 'count', ref: '어른', n: 2 },
    ]);
    expect(readPiece('어른 셋 애 둘', m)).toEqual([
      { kind: 'count', ref: '어른', n: 3 },
      { kind: 'count', ref: '애', n: 2 },
    ]);
  });
});

describe('a flat or suite said alone', () => {
  it('goes into the box for the rest of the address', () => {
    const m = pageModelOf({
      fields: [fieldOf('Address', { handle: '0:1', purpose: 'address' }), fieldOf('Apt / suite (optional)', { handle: '0:2' })],
    });
    expect(readPiece('Suite 210', m)).toEqual([{ kind: 'fill', ref: 'Apt / suite (optional)', value: 'Suite 210' }]);
    expect(readPiece('1203호', pageModelOf({ fields: [fieldOf('나머지 주소', { handle: '0:3' })] }))).toEqual([
      { kind: 'fill', ref: '나머지 주소', value: '1203호' },
    ]);
  });
});

describe('a choice said with a measure', () => {
  it('the choice, and the measure into the box its unit names', () => {
    const m = pageModelOf({
      fields: [
        fieldOf('Length to take up (cm)', { handle: '0:4', kind: 'number' }),
        fieldOf('Notes (e.g. keep the cuffs)', { handle: '0:5' }),
      ],
      groups: [
        {
          label: 'Job',
          kind: 'radio',
          form: 0,
          options: [
            { handle: '0:1', label: 'Shorten sleeves', checked: false },
            { handle: '0:2', label: 'Replace lining', checked: false },
          ],
        },
      ],
    });
    expect(readPiece('shorten my sleeves 2.5cm please', m)).toEqual([
      { kind: 'choose', option: 'Shorten sleeves', ref: 'Job' },
      { kind: 'fill', ref: 'Length to take up (cm)', value: '2.5' },
    ]);
    // (an example in a label names nothing: "cuffs" is no head for the notes box)
    expect(readPiece('cuffs tidy', m)).toBeUndefined();
  });
});

describe('words for the person, and a postcode said alone', () => {
  const m = pageModelOf({
    fields: [fieldOf('Your name', { handle: '0:1', purpose: 'full_name' }), fieldOf('Postcode', { handle: '0:2', purpose: 'postal_code' })],
  });

  it('"I …" or "we …" names no field: what follows is no name', () => {
    expect(readPiece('I need it back by the weekend', m)).toBeUndefined();
    expect(readPiece('we are three floors up', m)).toBeUndefined();
  });

  it('a British or Canadian postcode goes into the postcode box', () => {
    expect(readPiece('SE15 4QT', m)).toEqual([{ kind: 'fill', ref: 'Postcode', value: 'SE15 4QT' }]);
    expect(readPiece('postcode M5V 2T6', m)).toEqual([{ kind: 'fill', ref: 'Postcode', value: 'M5V 2T6' }]);
  });
});

describe('an address said after "from", and a name with an initial', () => {
  const m = pageModelOf({
    fields: [fieldOf('Pick-up point', { handle: '0:1', purpose: 'origin' }), fieldOf('Your name', { handle: '0:2', purpose: 'full_name' })],
  });

  it('"from 9 Willow Lane" goes into the box for where from when the page has no address box', () => {
    expect(readPiece('from 9 Willow Lane', m)).toEqual([{ kind: 'fill', ref: 'Pick-up point', value: '9 Willow Lane' }]);
  });

  it('"R. Okoye" is a name', () => {
    expect(readPiece('R. Okoye', m)).toEqual([{ kind: 'fill', ref: 'Your name', value: 'R. Okoye' }]);
  });
});
