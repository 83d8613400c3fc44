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
