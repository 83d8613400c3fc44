import { randomUUID } from 'node:crypto';
import type { PlanInput, StepInput } from '../../../src/shared/plan.ts';

/** Plans as a pack would write them for the fixture sites (targets are semantic; no uids, no CSS unless a hint). */
export function plan(intent: string, steps: StepInput[], verify: PlanInput['verify'] = [], id = `plan-${randomUUID()}`): PlanInput {
  return { plan_id: id, intent, created_at: new Date().toISOString(), steps, verify };
}

export function flightSearchSteps(url: string, opts: { date?: string } = {}): StepInput[] {
  return [
    { id: 'open', type: 'navigate', url },
    { id: 'from', type: 'fill', target: { role: 'combobox', name: 'From' }, value: 'ICN', pick_suggestion: 'ICN' },
    { id: 'to', type: 'fill', target: { role: 'combobox', name: 'To' }, value: 'NRT', pick_suggestion: 'NRT' },
    { id: 'date', type: 'fill', target: { label: 'Departure date' }, value: opts.date ?? '2026-12-20' },
    { id: 'direct', type: 'fill', target: { role: 'checkbox', name: 'Direct flights only' }, value: 'true' },
    { id: 'search', type: 'click', target: { role: 'button', name: 'Search flights' } },
    { id: 'results', type: 'wait', text: 'flights found' },
    { id: 'check-from', type: 'assert', text: 'ICN', slot: 'from' },
    {
      id: 'rows',
      type: 'extract',
      container: { role: 'table', name: 'Flights' },
      fields: ['airline', 'depart_time', 'arrive_time', 'stops', 'price', 'url'],
    },
  ];
}

export function flightPlan(url: string): PlanInput {
  return plan('FlightSearch', flightSearchSteps(url), [
    { rule: 'results_exist', step: 'rows', min_rows: 1 },
    { rule: 'fields_plausible', step: 'rows', fields: ['price', 'depart_time', 'stops'] },
  ]);
}

/** From the search to the payment page; the Pay step is handed over to the person (the engine never pays). */
export function flightBookingPlan(url: string): PlanInput {
  return plan('FlightBooking', [
    ...flightSearchSteps(url),
    { id: 'pick', type: 'click', target: { role: 'link', name: 'Select', nth: 0 } },
    { id: 'booking', type: 'wait', url_includes: '/booking' },
    { id: 'last', type: 'fill', target: { role: 'textbox', name: 'Last name' }, value: 'KIM' },
    { id: 'first', type: 'fill', target: { role: 'textbox', name: 'First name' }, value: 'MINJI' },
    { id: 'birth', type: 'fill', target: { label: 'Date of birth' }, value: '1990-04-01' },
    { id: 'gender', type: 'select', target: { role: 'combobox', name: 'Gender' }, option: 'F' },
    { id: 'email', type: 'fill', target: { role: 'textbox', name: 'Email' }, value: 'minji.kim@example.com' },
    { id: 'phone', type: 'fill', target: { role: 'textbox', name: 'Mobile phone' }, value: '010-1234-5678' },
    { id: 'agree', type: 'click', target: { role: 'checkbox', name: 'I agree to the fare rules' } },
    { id: 'continue', type: 'click', target: { role: 'button', name: 'Continue to payment' } },
    { id: 'payment', type: 'wait', url_includes: '/payment' },
    {
      id: 'pay',
      type: 'click',
      description: 'Pay for the flight',
      target: { role: 'button', name: 'Pay now' },
      approval: { kind: 'payment', mode: 'hand_over', completion: { url_includes: '/confirmation' } },
    },
  ]);
}

export function hostileReadPlan(url: string): PlanInput {
  return plan(
    'ShoppingCompare',
    [
      { id: 'open', type: 'navigate', url },
      { id: 'title', type: 'wait', text: 'AirPods Pro 2' },
      { id: 'offer', type: 'extract', row_selector: 'article.card', fields: ['title', 'price'] },
      { id: 'shot', type: 'screenshot' },
    ],
    [{ rule: 'fields_plausible', step: 'offer', fields: ['price'] }],
  );
}

/** The long e-Visa application: 15+ fields of every type; the password is the person's to type; submit needs approval. */
export function visaFormPlan(url: string, photo: string): PlanInput {
  return plan('FormFill', [
    { id: 'open', type: 'navigate', url },
    { id: 'surname', type: 'fill', target: { role: 'textbox', name: 'Surname' }, value: 'KIM' },
    { id: 'given', type: 'fill', target: { role: 'textbox', name: 'Given names' }, value: 'MINJI' },
    { id: 'name-ko', type: 'fill', target: { role: 'textbox', name: 'Name in Korean' }, value: '김민지' },
    { id: 'birth', type: 'fill', target: { label: 'Date of birth' }, value: '1990-04-01' },
    { id: 'sex', type: 'fill', target: { role: 'radio', name: 'Female' }, value: 'true' },
    { id: 'nationality', type: 'select', target: { role: 'combobox', name: 'Nationality' }, option: 'KOR' },
    { id: 'passport', type: 'fill', target: { role: 'textbox', name: 'Passport number' }, value: 'M12345678' },
    { id: 'expiry', type: 'fill', target: { label: 'Passport expiry date' }, value: '2031-01-31' },
    { id: 'email', type: 'fill', target: { role: 'textbox', name: 'Email' }, value: 'minji.kim@example.com' },
    { id: 'phone', type: 'fill', target: { role: 'textbox', name: 'Mobile phone' }, value: '010-1234-5678' },
    { id: 'home', type: 'fill', target: { role: 'textbox', name: 'Home address' }, value: '서울특별시 강남구 테헤란로 152' },
    { id: 'purpose', type: 'select', target: { role: 'combobox', name: 'Purpose of visit' }, option: 'tourism' },
    { id: 'arrival', type: 'fill', target: { label: 'Intended arrival date' }, value: '2026-12-20' },
    { id: 'stay', type: 'fill', target: { role: 'spinbutton', name: 'Length of stay' }, value: '5' },
    { id: 'stay-address', type: 'fill', target: { role: 'textbox', name: 'Address during your stay' }, value: 'Shinjuku 1-1, Tokyo' },
    { id: 'japan', type: 'fill', target: { role: 'checkbox', name: 'Japan' }, value: 'true' },
    { id: 'photo', type: 'fill', target: { label: 'Passport photo' }, value: photo },
    {
      id: 'password',
      type: 'fill',
      target: { role: 'textbox', name: 'Password to check your application later' },
      value: 'will-not-be-typed',
    },
    { id: 'declare', type: 'fill', target: { role: 'checkbox', name: 'I declare the information above is true' }, value: 'true' },
    { id: 'review', type: 'click', target: { role: 'button', name: 'Review application' } },
    {
      id: 'submit',
      type: 'click',
      target: { role: 'button', name: 'Submit application' },
      approval: { kind: 'submission', mode: 'execute' },
    },
    {
      id: 'confirm',
      type: 'click',
      target: { role: 'button', name: 'Confirm submission' },
      approval: { kind: 'submission', mode: 'execute' },
    },
    { id: 'done', type: 'wait', url_includes: '/success' },
  ]);
}

export function accountLoginPlan(url: string, phone: string): PlanInput {
  return plan('OrderChange', [
    { id: 'open', type: 'navigate', url },
    { id: 'phone', type: 'fill', target: { role: 'textbox', name: 'Mobile phone' }, value: phone },
    { id: 'send', type: 'click', target: { role: 'button', name: 'Send code' } },
    { id: 'sent', type: 'wait', target: { role: 'textbox', name: 'Verification code' } },
  ]);
}

export function accountAddressPlan(code: string, orderId: string, query: string): PlanInput {
  return plan('OrderChange', [
    { id: 'code', type: 'fill', target: { role: 'textbox', name: 'Verification code' }, value: code },
    { id: 'verify', type: 'click', target: { role: 'button', name: 'Verify' } },
    { id: 'orders', type: 'wait', text: orderId },
    { id: 'order', type: 'click', target: { role: 'link', name: orderId } },
    { id: 'change', type: 'click', target: { role: 'link', name: 'Change shipping address' } },
    { id: 'query', type: 'fill', target: { role: 'textbox', name: 'Search road-name address' }, value: query },
    { id: 'search', type: 'click', target: { role: 'button', name: 'Search', nth: 0 } },
    { id: 'results', type: 'wait', target: { role: 'radio', text: query.split(' ')[0] as string } },
    { id: 'detail', type: 'fill', target: { role: 'textbox', name: 'Address detail' }, value: '3층 301호' },
    {
      id: 'save',
      type: 'click',
      target: { role: 'button', name: 'Save new address' },
      approval: { kind: 'account_change', mode: 'execute' },
    },
    { id: 'saved', type: 'wait', text: query.split(' ')[0] as string },
  ]);
}

export function shopAPlan(url: string, query: string): PlanInput {
  return plan(
    'ShoppingCompare',
    [
      { id: 'open', type: 'navigate', url },
      { id: 'query', type: 'fill', target: { role: 'searchbox', name: 'Search products' }, value: query },
      { id: 'search', type: 'click', target: { role: 'button', name: 'Search' } },
      { id: 'listed', type: 'wait', url_includes: '/search' },
      { id: 'rows', type: 'extract', container: { role: 'list', name: 'Products' }, fields: ['title', 'price', 'shipping', 'url'] },
    ],
    [
      { rule: 'results_exist', step: 'rows', min_rows: 1 },
      { rule: 'fields_plausible', step: 'rows', fields: ['title', 'price'] },
    ],
  );
}

export function shopBPlan(url: string, query: string): PlanInput {
  return plan(
    'ShoppingCompare',
    [
      { id: 'open', type: 'navigate', url },
      { id: 'query', type: 'fill', target: { role: 'textbox', name: 'Keyword' }, value: query },
      { id: 'find', type: 'click', target: { role: 'button', name: 'Find' } },
      { id: 'listed', type: 'wait', url_includes: 'keyword=' },
      { id: 'rows', type: 'extract', container: { role: 'table', name: 'Goods' }, fields: ['title', 'price', 'shipping', 'url'] },
    ],
    [
      { rule: 'results_exist', step: 'rows', min_rows: 1 },
      { rule: 'fields_plausible', step: 'rows', fields: ['title', 'price'] },
    ],
  );
}

export function hotelPlan(url: string): PlanInput {
  return plan(
    'HotelSearch',
    [
      { id: 'open', type: 'navigate', url },
      { id: 'city', type: 'fill', target: { label: 'Destination' }, value: 'Tokyo' },
      { id: 'checkin', type: 'fill', target: { label: 'Check-in' }, value: '2026-12-20' },
      { id: 'checkout', type: 'fill', target: { label: 'Check-out' }, value: '2026-12-23' },
      { id: 'guests', type: 'fill', target: { role: 'spinbutton', name: 'Guests' }, value: '2' },
      { id: 'search', type: 'click', target: { role: 'button', name: 'Search hotels' } },
      { id: 'listed', type: 'wait', url_includes: '/search' },
      { id: 'rows', type: 'extract', container: { role: 'list', name: 'Stays' }, fields: ['title', 'price', 'rating', 'location', 'url'] },
    ],
    [
      { rule: 'results_exist', step: 'rows', min_rows: 1 },
      { rule: 'fields_plausible', step: 'rows', fields: ['price', 'rating'] },
      { rule: 'slot_applied', slot: 'city', target: { text: 'Tokyo' }, expected: 'Tokyo' },
    ],
  );
}
