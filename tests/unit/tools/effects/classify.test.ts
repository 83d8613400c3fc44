import { describe, expect, it } from 'vitest';
import { bodyFields, classifyKind, maskFields, postThatReads } from '../../../../src/main/tools/effects/classify.ts';

const page = 'https://shop.example/search';
const req = (type: string, body: Record<string, string>, url = 'https://shop.example/api') => ({
  method: 'POST',
  url,
  type,
  fields: body,
  rawFields: body,
});

describe('POSTs that only read (the rule errs towards asking)', () => {
  it('a GraphQL query reads; a mutation, a subscription or a persisted query without its text asks', () => {
    const click = { tool: 'click', input: { uid: '1_2' } };
    expect(postThatReads(req('Fetch', { query: 'query Q { items { id } }' }), click, page)).toBe(true);
    expect(postThatReads(req('XHR', { query: '{ items { id } }' }), click, page)).toBe(true);
    expect(postThatReads(req('Fetch', { query: 'mutation { pay(amount: 5) { ok } }' }), click, page)).toBe(false);
    expect(postThatReads(req('Fetch', { query: 'subscription { x }' }), click, page)).toBe(false);
    expect(postThatReads(req('Fetch', { operationName: 'Q', extensions: '{"persistedQuery":{}}' }), click, page)).toBe(false);
    // a "query" hidden in a string does not make a mutation read
    expect(postThatReads(req('Fetch', { query: 'mutation { note(text: "query") { ok } }' }), click, page)).toBe(false); // a GraphQL-looking body with anything beside the GraphQL keys is not known to read
    expect(postThatReads(req('Fetch', { query: '{ items { id } }', action: 'delete', id: '3' }), click, page)).toBe(false);
    expect(
      postThatReads(req('Fetch', { query: '{ items { id } }', variables: '{}', operationName: 'Q', extensions: '{}' }), click, page),
    ).toBe(true);
  });

  it('never for a navigation, a beacon or a ping, whatever the body', () => {
    const click = { tool: 'click', input: { uid: '1_2' } };
    for (const type of ['Document', 'Ping', 'Other']) expect(postThatReads(req(type, { query: '{ a }' }), click, page)).toBe(false);
  });

  it('a suggestion call while typing into a combobox/search field reads: same origin, few fields, one holds the typed text', () => {
    const typing = { tool: 'fill', input: { uid: '1_3', value: 'Seo' } };
    expect(postThatReads(req('Fetch', { q: 'Seo', limit: '5' }), typing, page, true)).toBe(true);
    expect(postThatReads(req('Fetch', { q: 'Seo' }, 'https://other.example/api'), typing, page, true)).toBe(false);
    expect(postThatReads(req('Fetch', { q: 'Seo', a: '1', b: '2', c: '3' }), typing, page, true)).toBe(false);
    expect(postThatReads(req('Fetch', { q: 'Busan' }), typing, page, true)).toBe(false);
    // pressing a key that submits, or clicking, is not typing
    expect(postThatReads(req('Fetch', { q: 'Seo' }), { tool: 'type_text', input: { text: 'Seo', submitKey: 'Enter' } }, page, true)).toBe(
      false,
    );
    expect(postThatReads(req('Fetch', { q: 'Seo' }), { tool: 'click', input: {} }, page, true)).toBe(false);
    // typing into a plain field that autosaves is an account change, not a suggestion
    expect(postThatReads(req('Fetch', { nickname: 'Seo' }), typing, page, false)).toBe(false);
    expect(postThatReads(req('Fetch', { q: 'Seo', limit: '5' }), typing, page)).toBe(false);
  });
});

describe('what the person is shown', () => {
  it('fields from form, JSON and multipart bodies, secrets masked by the one redact()', () => {
    expect(bodyFields('a=1&b=two', 'application/x-www-form-urlencoded')).toEqual({ a: '1', b: 'two' });
    expect(bodyFields('{"x":1,"y":"z"}', 'application/json')).toEqual({ x: '1', y: 'z' });
    const multipart = '--B\r\nContent-Disposition: form-data; name="card_number"\r\n\r\n4111 1111 1111 1111\r\n--B--';
    expect(bodyFields(multipart, 'multipart/form-data; boundary=B')).toEqual({ card_number: '4111 1111 1111 1111' });
    const masked = maskFields({ card_number: '4111111111111111', cvc: '123', amount: '5000', note: 'card 4111 1111 1111 1111' });
    expect(JSON.stringify(masked)).not.toContain('4111 1111 1111 1111');
    expect(JSON.stringify(masked)).not.toContain('4111111111111111');
    expect(masked.cvc).not.toBe('123');
    expect(masked.amount).toBe('5000');
  });

  it('classifies payment, account change and submission from the request, not from a label', () => {
    expect(classifyKind({ method: 'POST', url: 'https://x.example/checkout', fields: {} })).toBe('payment');
    expect(classifyKind({ method: 'POST', url: 'https://x.example/s', fields: { cc_number: '' } })).toBe('payment');
    expect(classifyKind({ method: 'POST', url: 'https://x.example/me/address', fields: {} })).toBe('account_change');
    expect(classifyKind({ method: 'DELETE', url: 'https://x.example/item/3', fields: {} })).toBe('account_change');
    expect(classifyKind({ method: 'POST', url: 'https://x.example/feedback', fields: { text: 'hi' } })).toBe('submission');
  });

  it('a word that only looks like paying does not make a step a payment; what the request carries does', () => {
    const post = (url: string, fields: Record<string, string>, pageText = '') => classifyKind({ method: 'POST', url, fields }, pageText);
    // a hotel's check-out date and an order number are fields, not payments
    expect(post('https://h.example/reserve', { id: 'r2', checkin: '2027-01-08', checkout: '2027-01-11', guest: 'J P' })).toBe('submission');
    expect(post('https://h.example/returns', { order: 'HH-2041', reason: 'late' })).toBe('submission');
    // a delivery choice inside a checkout is not the payment step
    expect(post('https://s.example/delivery', { option: 'express' }, 'Delivery — Corner checkout How should we get it to you?')).toBe(
      'submission',
    );
    expect(post('https://s.example/ship', { option: 'express' }, '배송 방법 주문하기')).toBe('submission');
    // a card number under an opaque name, a payment page, a card autocomplete hint, a payment path
    expect(post('https://s.example/step3', { f1: '4242 4242 4242 4242', f2: '12/28' })).toBe('payment');
    expect(post('https://s.example/step3', { f1: 'x' }, 'Payment details')).toBe('payment');
    expect(post('https://s.example/step3', { f1: 'x' }, 'n1 cc-number n2 cc-exp 단계 3')).toBe('payment');
    expect(post('https://s.example/api/charge', { last4: '4242' })).toBe('payment');
    expect(post('https://s.example/%EA%B2%B0%EC%A0%9C', { a: '1' })).toBe('payment');
    expect(post('https://s.example/x', { cardNumber: '' })).toBe('payment');
    // a contact e-mail on a booking is a submission; a password or a profile path changes the account
    expect(post('https://h.example/book', { email: 'a@b.c', phone: '010' })).toBe('submission');
    expect(post('https://h.example/signup', { uid: 'm', pwd: 'x' })).toBe('account_change');
    expect(post('https://h.example/me/profile', { nick: 'm' })).toBe('account_change');
  });
});
