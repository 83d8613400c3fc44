import { describe, expect, it } from 'vitest';
import { placePieces } from '../../../../src/main/agent/offline/later.ts';
import { Later } from '../../../../src/main/agent/offline/later-errand.ts';
import type { Button, Field, PageModel } from '../../../../src/main/agent/page-model/types.ts';
import { buttonOf, fieldOf, pageModelOf, radiosOf } from '../page-model-parts.ts';

/** Pages of a three-step form as the page model would show them, one step at a time. */
let n = 0;
const field = (label: string, o: Partial<Field> = {}): Field => fieldOf(label, { handle: `0:${++n}`, required: true, ...o });
const button = (text: string, kind: Button['kind'] = 'button'): Button => buttonOf(`0:${++n}`, text, { kind, form: 0 });
const page = (url: string, fields: Field[], buttons: Button[], groups: PageModel['groups'] = []): PageModel =>
  pageModelOf({ url, fields, buttons, groups });

const who = page(
  'http://x/apply',
  [field('Given name', { purpose: 'given_name' }), field('Surname', { purpose: 'family_name' })],
  [button('Continue')],
);
const where = page(
  'http://x/apply',
  [field('Street', { purpose: 'address' }), field('Town', { purpose: 'city' }), field('ZIP', { purpose: 'postal_code' })],
  [button('Back'), button('Continue')],
);
const refund = field('Refund wanted', {});
const story = field('What went wrong', { kind: 'textarea', purpose: 'message', required: false });
const kinds = {
  kind: 'radio' as const,
  label: 'Problem',
  form: 0,
  options: ['Broken on arrival', 'Late delivery', 'Missing parts'].map((label) => ({ handle: `0:${++n}`, label, checked: false })),
};
const what = page('http://x/apply', [refund, story], [button('Back'), button('Send request', 'submit')], [kinds]);
const bare = page('http://x/done', [], [button('Home')]);

describe('pieces left for a later step', () => {
  it('a street, a town and a postcode said in one request wait for the step that has their fields', () => {
    expect(placePieces(['44 Quay Street', 'Daejeon', 'ZIP 34126'], who).clauses).toEqual([]);
    const r = placePieces(['44 Quay Street', 'Daejeon', 'ZIP 34126'], where);
    expect(r.left).toEqual([]);
    expect(r.clauses).toEqual([
      { kind: 'fill', ref: 'Street', value: '44 Quay Street' },
      { kind: 'fill', ref: 'Town', value: 'Daejeon' },
      { kind: 'fill', ref: 'ZIP', value: '34126' },
    ]);
  });

  it('a sum with its reason goes into the amount field and the box for what happened', () => {
    const r = placePieces(['asking for 75 dollars because the lid was cracked'], what);
    expect(r.clauses).toEqual([
      { kind: 'fill', ref: 'Refund wanted', value: '75' },
      { kind: 'fill', ref: 'What went wrong', value: 'The lid was cracked.' },
    ]);
  });

  it('a time and a seat number are the one button that shows each', () => {
    const times = page('http://x/bus', [], [button('Select 07:15'), button('Select 19:15'), button('Select 10:05')]);
    expect(placePieces(['10:05'], times).clauses).toEqual([{ kind: 'click', ref: 'Select 10:05' }]);
    // "7:15" fits both the morning and the evening bus: not placed by guesswork
    expect(placePieces(['7:15'], times).left).toEqual(['7:15']);
    const seats = page('http://x/bus', [], [button('Seat 1 (window)'), button('Seat 12'), button('Seat 2')]);
    expect(placePieces(['seat 12'], seats).clauses).toEqual([{ kind: 'click', ref: 'Seat 12' }]);
    expect(placePieces(['seat 4'], seats).left).toEqual(['seat 4']);
  });

  it('"add a child seat" ticks the box with those words; a town after an address with no town field ends that address', () => {
    const extras = page('http://x/rent', [field('Child seat (+₩5,000/day)', { kind: 'checkbox', required: false })], []);
    expect(placePieces(['add a child seat'], extras).clauses).toEqual([{ kind: 'check', ref: 'Child seat (+₩5,000/day)', checked: true }]);
    const one = page('http://x/pickup', [field('Pickup address', { purpose: 'address' })], []);
    expect(placePieces(['pickup address 3 Elm Road', 'Gwacheon'], one).clauses).toEqual([
      { kind: 'fill', ref: 'Pickup address', value: '3 Elm Road, Gwacheon' },
    ]);
  });
});

describe('readings a later page may need', () => {
  const plans = {
    kind: 'radio' as const,
    label: 'Cover',
    form: 0,
    options: ['Lite · ₩9,100', 'Plus · ₩15,800', 'Max · ₩31,000'].map((label) => ({ handle: `0:${++n}`, label, checked: false })),
  };
  const cover = page('http://x/cover', [field('Travelling to', { purpose: 'country' })], [], [plans]);

  it('"the cheapest plan" is the option whose own words show the lowest price; "the priciest" the highest', () => {
    expect(placePieces(['the cheapest plan'], cover).clauses).toEqual([{ kind: 'choose', option: 'Lite · ₩9,100', ref: 'Cover' }]);
    expect(placePieces(['가장 비싼 플랜'], cover).clauses).toEqual([{ kind: 'choose', option: 'Max · ₩31,000', ref: 'Cover' }]);
    // options with no price: no guess
    expect(placePieces(['the cheapest plan'], what).left).toEqual(['the cheapest plan']);
  });

  it('a place said after for / to goes into the empty field for a country or a destination', () => {
    expect(placePieces(['health cover for Portugal'], cover).clauses).toEqual([{ kind: 'fill', ref: 'Travelling to', value: 'Portugal' }]);
    expect(placePieces(['health cover for Portugal'], who).left).toEqual(['health cover for Portugal']);
  });
});

describe('an errand that goes on across steps', () => {
  it('starts with what fits, places the rest on each new step, moves on with Next and sends on the last', () => {
    const later = new Later();
    const first = later.start(
      {
        clauses: [{ kind: 'fill', ref: 'Given name', value: 'Ha' }, { kind: 'submit' }],
        unknown: ['44 Quay Street', 'Daejeon', 'ZIP 34126', 'asking for 75 dollars because the lid was cracked'],
      },
      'file a broken-on-arrival request for Ha Yoon, 44 Quay Street, Daejeon, ZIP 34126, asking for 75 dollars because the lid was cracked',
      who,
    );
    expect(first.unknown).toEqual([]);
    // "Continue" moves on: it is not a send for good, so the pieces still waiting do not stop it
    expect(
      later.beforeSend(
        { kind: 'submit' },
        { type: 'act', action: { kind: 'click', handle: '0:1' }, target: 'Continue', why: '', expect: { kind: 'change' } },
        who,
      ),
    ).toBeUndefined();
    const clauses: Parameters<Later['atEnd']>[0] = [];
    expect(later.atEnd(clauses, where)).toBe('more');
    expect(clauses.map((c) => c.kind)).toEqual(['fill', 'fill', 'fill', 'submit']);
    // the send is read when its turn comes: this step shows "Continue", so it moves on
    later.place(clauses, 3, where);
    expect(clauses[3]).toEqual({ kind: 'forward' });
    const last: Parameters<Later['atEnd']>[0] = [];
    expect(later.atEnd(last, what)).toBe('more');
    expect(last).toEqual([
      { kind: 'fill', ref: 'Refund wanted', value: '75' },
      { kind: 'fill', ref: 'What went wrong', value: 'The lid was cracked.' },
      // the words before the person's name are the option a later step shows
      { kind: 'choose', option: 'Broken on arrival', ref: 'Problem' },
      { kind: 'submit' },
    ]);
    expect(later.atEnd([], bare)).toBeUndefined();
  });

  it('a request said as sentences starts on the button it mentions, places a bare name, moves on for the rest and keeps a remark', () => {
    const visit = page('http://k/', [], [button('⟲ 처음으로'), button('처음 왔어요 · 첫 진료'), button('다시 왔어요 · 재진료')]);
    const who2 = page('http://k/', [field('성함', { purpose: 'full_name' })], [button('이전'), button('다음')]);
    const care = page(
      'http://k/',
      [],
      [button('이전'), button('접수하기', 'submit')],
      [
        {
          kind: 'radio',
          label: '진료 과목',
          form: 0,
          options: ['검진·미백', '충치 치료', '잇몸 치료'].map((label) => ({ handle: `0:${++n}`, label, checked: false })),
        },
      ],
    );
    const later = new Later();
    const first = later.start(
      { clauses: [{ kind: 'submit' }], unknown: ['재진료예요', '한소율', '충치 치료 받으러 왔어요', '이가 너무 아파서요'] },
      '재진료예요. 한소율. 충치 치료 받으러 왔어요. 이가 너무 아파서요. 접수해 주세요',
      visit,
    );
    expect(first.unknown).toEqual([]);
    expect(first.clauses[0]).toEqual({ kind: 'click', ref: '다시 왔어요 · 재진료' });
    expect(later.remarks).toEqual(['이가 너무 아파서요']);
    // the name's step: the name goes in; what is left belongs further on, so the errand moves on once
    const here: Parameters<Later['atEnd']>[0] = [];
    expect(later.atEnd(here, who2)).toBe('more');
    expect(here).toEqual([{ kind: 'fill', ref: '성함', value: '한소율' }, { kind: 'submit' }]);
    const on: Parameters<Later['atEnd']>[0] = [];
    expect(later.atEnd(on, who2)).toBe('more');
    expect(on).toEqual([{ kind: 'forward' }]);
    // the same step again (the page's check kept it there) is not moved on from twice
    expect((later.atEnd([], who2) as { type: string }).type).toBe('ask');
    const last: Parameters<Later['atEnd']>[0] = [];
    expect(later.atEnd(last, care)).toBe('more');
    expect(last[0]).toEqual({ kind: 'choose', option: '충치 치료', ref: '진료 과목' });
  });

  it('a piece no step has a place for is asked about by name, before a send for good and at the end', () => {
    const later = new Later();
    later.start(
      { clauses: [{ kind: 'fill', ref: 'Refund wanted', value: '75' }, { kind: 'submit' }], unknown: ['gift wrap it in red'] },
      '',
      what,
    );
    const held = later.beforeSend(
      { kind: 'submit' },
      { type: 'act', action: { kind: 'click', handle: '0:2' }, target: 'Send request', why: '', expect: { kind: 'change' } },
      what,
    );
    expect(held && 'type' in held ? held.type : held).toBe('ask');
    expect(JSON.stringify(held)).toContain('gift wrap it in red');
    const end = later.atEnd([], bare);
    expect(end !== 'more' && end?.type).toBe('ask');
  });

  it('a request with nothing this page can take is asked at once, as before', () => {
    const later = new Later();
    const r = later.start({ clauses: [{ kind: 'submit' }], unknown: ['gift wrap it in red'] }, '', who);
    expect(r.unknown).toEqual(['gift wrap it in red']);
  });
});

describe('an errand said without a verb', () => {
  it('filled from its pieces but never told to send: asked whether to send, not claimed done', () => {
    const plans = {
      kind: 'radio' as const,
      label: 'Cover',
      form: 0,
      options: ['Lite · ₩9,100', 'Max · ₩31,000'].map((label) => ({ handle: `0:${++n}`, label, checked: false })),
    };
    const to = field('Travelling to', { purpose: 'country' });
    const apply = button('Apply now');
    const cover = {
      ...page('http://x/cover', [to], [apply], [plans]),
      forms: [{ idx: 0, handle: '0:0', name: '', method: 'post', fields: [to], submit: null }],
    };
    const later = new Later();
    const r = later.start(
      { clauses: [{ kind: 'form', slots: { date_start: '2026-12-20' } }], unknown: ['health cover for Portugal', 'the cheapest plan'] },
      '',
      cover,
    );
    expect(r.clauses.map((c) => c.kind)).toEqual(['form', 'fill', 'choose']);
    const filled = {
      index: 0,
      source: 'decided' as const,
      action: { kind: 'fill' as const, handle: to.handle, value: 'Portugal' },
      target: to.label,
      why: '',
      ok: true,
      observed: '',
    };
    const asked = later.unsent(cover, [filled]);
    expect(asked?.type).toBe('ask');
    expect(JSON.stringify(asked)).toContain('Apply now');
    // once its send was pressed, or when the request said to send, there is nothing to ask
    const pressed = { ...filled, action: { kind: 'click' as const, handle: apply.handle }, target: apply.text };
    expect(later.unsent(cover, [filled, pressed])).toBeUndefined();
    const told = new Later();
    told.start(
      { clauses: [{ kind: 'form', slots: { date_start: '2026-12-20' } }, { kind: 'submit' }], unknown: ['health cover for Portugal'] },
      '',
      cover,
    );
    expect(told.unsent(cover, [filled])).toBeUndefined();
  });
});

describe('a booking said without a verb, whose time waited for the day', () => {
  it('the time placed on a later page still makes the unsent form a question, not done', () => {
    const party = field('Party size');
    const reserve = button('Reserve a table');
    const table = {
      ...page('http://x/table', [party], [reserve]),
      forms: [{ idx: 0, handle: '0:0', name: '', method: 'post', fields: [party], submit: null }],
    };
    const later = new Later();
    later.start({ clauses: [{ kind: 'form', slots: { date_start: '2026-12-03' } }], unknown: [], later: ['19:15'] }, '', table);
    const slots = { ...table, buttons: [button('18:45'), button('19:15'), reserve] };
    const placed: Parameters<Later['atEnd']>[0] = [];
    expect(later.atEnd(placed, slots)).toBe('more');
    expect(placed).toEqual([{ kind: 'click', ref: '19:15' }]);
    const filled = {
      index: 0,
      source: 'decided' as const,
      action: { kind: 'fill' as const, handle: party.handle, value: '3' },
      target: party.label,
      why: '',
      ok: true,
      observed: '',
    };
    expect(later.unsent(slots, [filled])?.type).toBe('ask');
  });
});

describe("a wizard's way on is not a calendar's or a list's paging", () => {
  it('"Next", "Continue →", "다음 단계" move on; "Next week", "다음 달", "Next page" do not', async () => {
    const { isOnward } = await import('../../../../src/main/agent/offline/wizard-step.ts');
    expect(['Next', 'Continue →', '다음 단계'].map(isOnward)).toEqual([true, true, true]);
    expect(['Next week', '다음 달', 'Next page'].map(isOnward)).toEqual([false, false, false]);
  });
});

describe('a remark that names a choice', () => {
  it('"it\'s a flat" beside Flat | Detached house is that choice, not a remark', () => {
    const kind = radiosOf('Home type', ['Flat', 'Detached house']);
    const m = page('http://x/visit', [field('Your name', { purpose: 'full_name' })], [button('Book', 'submit')], [kind]);
    const later = new Later();
    const r = later.start({ clauses: [{ kind: 'submit' }], unknown: ["it's a flat"] }, "it's a flat", m);
    expect(r.clauses).toContainEqual({ kind: 'choose', option: 'Flat', ref: 'Home type' });
    expect(later.remarks).toEqual([]);
  });
});
