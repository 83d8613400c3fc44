/**
 * FormFill through the real engine and the e-Visa fixture: the engine fills what it may type,
 * hands the passport number to the person, stops with an approval card showing what will be
 * submitted, and on approval submits, confirms the site's dialog and reads the reference.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyField } from '../../../src/main/packs/forms/classify.ts';
import { visaPlan } from '../../../src/main/packs/forms/pack.ts';
import { type BrowseWorld, PROFILE, startBrowseWorld } from './browse-harness.ts';

// a 1×1 PNG: the form accepts PNG/JPEG up to 2 MB
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let world: BrowseWorld;
let dir: string;
let profile: Record<string, string>;
beforeAll(async () => {
  world = await startBrowseWorld();
  dir = mkdtempSync(join(tmpdir(), 'steward-form-'));
  const photo = join(dir, 'photo.png');
  writeFileSync(photo, Buffer.from(PNG, 'base64'));
  profile = {
    ...PROFILE,
    passport_expiry: '2031-05-16',
    visit_purpose: 'tourism',
    arrival_date: '2026-12-20',
    stay_days: '10',
    photo,
  };
}, 120_000);
afterAll(async () => {
  await world?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const applications = () =>
  (world.sites.state('form') as { applications: Array<{ reference: string; data: Record<string, unknown> }> }).applications;

async function page(expression: string): Promise<unknown> {
  const p = world.driver.selectedPage();
  const r = await p.cdp.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true }, p.sessionId);
  return r.result.value;
}

/** The person types the passport number into the focused field of the browser view and ticks the declaration. */
async function personTypesPassport(): Promise<void> {
  const p = world.driver.selectedPage();
  expect(await page('document.activeElement?.id')).toBe('passport-number');
  await p.cdp.send('Input.insertText', { text: 'M12345678' }, p.sessionId);
  // the declaration is theirs to give too: they tab to it and tick it with the space bar
  const key = async (k: { key: string; code: string; windowsVirtualKeyCode: number; text?: string }) => {
    await p.cdp.send('Input.dispatchKeyEvent', { type: k.text ? 'keyDown' : 'rawKeyDown', ...k }, p.sessionId);
    await p.cdp.send(
      'Input.dispatchKeyEvent',
      { type: 'keyUp', key: k.key, code: k.code, windowsVirtualKeyCode: k.windowsVirtualKeyCode },
      p.sessionId,
    );
  };
  let tabs = 0;
  while ((await page('document.activeElement?.id')) !== 'declaration' && tabs < 40) {
    await key({ key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9 });
    tabs++;
  }
  await key({ key: ' ', code: 'Space', windowsVirtualKeyCode: 32, text: ' ' });
  expect(await page('document.querySelector("#declaration").checked')).toBe(true);
}

describe('FormFill plan', () => {
  it('classifies the visit fields, keeps the passport number and secrets for the person', () => {
    expect(classifyField({ name: 'passportExpiry', label: '여권 만료일 Passport expiry date', type: 'date' })).toMatchObject({
      key: 'passport_expiry',
      sensitive: false,
    });
    expect(classifyField({ name: 'photo', label: '증명사진 Passport photo', type: 'file' })).toMatchObject({ key: 'photo' });
    expect(classifyField({ name: 'passportNumber', label: '여권 번호 Passport number', type: 'text' }).sensitive).toBe(true);
    expect(classifyField({ name: 'statusPassword', label: 'Password to check', type: 'password' }).sensitive).toBe(true);
  });

  it('hands over before the approval, gates submit and the site confirmation, and never types a sensitive field', () => {
    const steps = visaPlan({ profiles: { default: { ...PROFILE, passport_number: 'M12345678', visit_purpose: 'tourism' } } }, 'http://x');
    const ids = steps.map((s) => s.id);
    expect(ids.indexOf('person_fields')).toBeLessThan(ids.indexOf('submit'));
    expect(ids.indexOf('review_shown')).toBeLessThan(ids.indexOf('submit'));
    expect(steps.find((s) => s.id === 'person_fields')).toMatchObject({ type: 'approve', approval: { mode: 'hand_over' } });
    expect(String(steps.find((s) => s.id === 'person_fields')?.summary)).toContain('Passport photo'); // no photo in this profile
    for (const id of ['submit', 'confirm_submit'])
      expect(steps.find((s) => s.id === id)).toMatchObject({ type: 'click', approval: { kind: 'submission', mode: 'execute' } });
    expect(JSON.stringify(steps)).not.toContain('M12345678');
  });
});

describe('FormFill: hand-over for the passport number, then approve-then-execute submission', () => {
  it('stops for the person, then for approval of exactly what is submitted; approved → submitted with a reference (ko)', async () => {
    const c = world.chat({ profiles: { default: profile } });
    const before = applications().length;
    try {
      let r = await c.say('비자 신청서 내 프로필로 채워줘');
      expect(r.stage).toBe('AWAITING_APPROVAL');
      expect(r.approval).toMatchObject({ stepId: 'form.person_fields', mode: 'hand_over' });
      expect(r.reply).toContain('여권 번호 Passport number');
      expect(r.reply).not.toContain('M12345678');
      const typed = JSON.parse(
        String(await page('JSON.stringify({s: surname.value, p: document.querySelector("#passport-number").value, n: nationality.value})')),
      );
      expect(typed).toEqual({ s: 'KIM', p: '', n: 'KOR' });

      await personTypesPassport();
      r = await c.conv.handOverDone(c.conv.state().pendingApproval?.approvalId ?? '');
      expect(r.stage).toBe('AWAITING_APPROVAL');
      expect(r.approval).toMatchObject({ stepId: 'form.submit', mode: 'execute' });
      // the approval shows what will be submitted; nothing is submitted yet
      const summary = String((r.approval as { summary?: string }).summary);
      expect(summary).toContain('KIM');
      expect(summary).toContain('관광 Tourism');
      expect(summary).toContain('photo.png');
      expect(r.reply).toContain('KIM');
      expect(applications().length).toBe(before);
      expect(await page('location.pathname')).toBe('/');
      expect(await page('document.querySelector("#review").hidden')).toBe(false);

      r = await c.conv.approve(c.conv.state().pendingApproval?.approvalId ?? '');
      expect(r.stage, r.reply).toBe('DONE');
      expect(r.outcome).toBe('done');
      expect(r.reply).toMatch(/접수 번호: VA-2026-\d+/);
      const app = applications().at(-1);
      expect(applications().length).toBe(before + 1);
      expect(r.reply).toContain(String(app?.reference));
      expect(app?.data).toMatchObject({ surname: 'KIM', passportNumber: 'M12345678', purpose: 'tourism', declaration: 'yes' });
      expect(await page('location.pathname')).toBe('/success');
      // one yes from the person, recorded for the submit click and the site's confirmation, each through the gate
      expect(c.ofType('approval_granted').map((e) => e.data.step_id)).toEqual(['form.submit', 'form.confirm_submit']);
      expect(c.ofType('POLICY_DECISION').some((e) => e.data.covered_by === 'submit')).toBe(true);
      expect(c.ofType('hand_over_completed').map((e) => e.data.step_id)).toEqual(['form.person_fields']);
      // the engine never typed the passport number
      expect(JSON.stringify(c.conv)).not.toContain('M12345678');
      const fills = c.ofType('step_started').map((e) => String(e.data.step_id));
      expect(fills.some((id) => /passport_?number/i.test(id))).toBe(false);
    } finally {
      c.close();
    }
  }, 180_000);

  it('a rejected approval ends cleanly with the reason and submits nothing (en)', async () => {
    const c = world.chat({ profiles: { default: profile } });
    const before = applications().length;
    try {
      let r = await c.say('fill in the visa application with my profile');
      expect(r.approval).toMatchObject({ stepId: 'form.person_fields', mode: 'hand_over' });
      await personTypesPassport();
      r = await c.conv.handOverDone(c.conv.state().pendingApproval?.approvalId ?? '');
      expect(r.approval).toMatchObject({ stepId: 'form.submit', mode: 'execute' });
      r = await c.conv.reject(c.conv.state().pendingApproval?.approvalId ?? '', 'the arrival date is wrong');
      expect(r.stage).not.toBe('AWAITING_APPROVAL');
      expect(r.outcome).toBe('declined');
      // the person's own reason reaches the reply, the approval row and the events
      expect(r.reply).toMatch(/did not run that step.*\(reason: the arrival date is wrong\)/);
      expect(r.reply).not.toContain('the person said no');
      expect(c.ofType('approval_denied').map((e) => e.data.step_id)).toEqual(['form.submit']);
      // committed to the store: the denied approval with the reason, plan_rejected, the plan's final status
      const [plan, ...more] = c.store.records.plans(c.conv.sessionId);
      expect(more).toHaveLength(0);
      expect(plan?.status).toBe('rejected');
      const planId = plan?.plan.plan_id as string;
      const denied = c.store.runs.approvals(c.conv.sessionId).filter((a) => a.status === 'denied');
      expect(denied.map((a) => [a.step_id, a.reason])).toEqual([['form.submit', 'the arrival date is wrong']]);
      const stored = c.store.events.forSession(c.conv.sessionId);
      expect(stored.filter((e) => e.type === 'approval_denied').map((e) => e.data.reason)).toEqual(['the arrival date is wrong']);
      const ended = stored.filter((e) => e.type === 'plan_rejected');
      expect(ended).toHaveLength(1);
      expect(ended[0]?.data).toMatchObject({ plan_id: planId, step_id: 'form.submit', reason: 'the arrival date is wrong' });
      expect(stored.some((e) => e.type === 'step_started' && e.data.step_id === 'form.submit')).toBe(false);
      expect(c.store.runs.execution(planId, 'form.submit')?.status).toBe('denied');
      expect(c.store.runs.execution(planId, 'form.confirm_submit')).toBeUndefined();
      expect(applications().length).toBe(before);
      expect(await page('location.pathname')).toBe('/');
      expect(await page('document.querySelector("#confirm-dialog").open')).toBe(false);
    } finally {
      c.close();
    }
  }, 180_000);
  it('ko: the reason given with the reject button is said back; a plain "아니요" ends the plan too, without a made-up reason', async () => {
    const before = applications().length;
    const upToSubmit = async (c: ReturnType<typeof world.chat>) => {
      let r = await c.say('비자 신청서 내 프로필로 채워줘');
      expect(r.approval).toMatchObject({ stepId: 'form.person_fields', mode: 'hand_over' });
      await personTypesPassport();
      r = await c.conv.handOverDone(c.conv.state().pendingApproval?.approvalId ?? '');
      expect(r.approval).toMatchObject({ stepId: 'form.submit', mode: 'execute' });
    };
    const button = world.chat({ profiles: { default: profile } });
    try {
      await upToSubmit(button);
      const r = await button.conv.reject(button.conv.state().pendingApproval?.approvalId ?? '', '  도착일을 다시 확인할게요 ');
      expect(r).toMatchObject({ stage: 'DONE', outcome: 'declined' });
      expect(r.reply).toBe('알겠어요. 그 단계는 실행하지 않았어요. (사유: 도착일을 다시 확인할게요)');
      expect(button.store.records.plans(button.conv.sessionId).map((p) => p.status)).toEqual(['rejected']);
      expect(button.store.runs.approvals(button.conv.sessionId).find((a) => a.status === 'denied')?.reason).toBe(
        '도착일을 다시 확인할게요',
      );
    } finally {
      button.close();
    }
    const typed = world.chat({ profiles: { default: profile } });
    try {
      await upToSubmit(typed);
      const r = await typed.say('아니요');
      expect(r).toMatchObject({ stage: 'DONE', outcome: 'declined' });
      expect(r.reply).toBe('알겠어요. 그 단계는 실행하지 않았어요.');
      expect(typed.store.records.plans(typed.conv.sessionId).map((p) => p.status)).toEqual(['rejected']);
      const ended = typed.store.events.forSession(typed.conv.sessionId).filter((e) => e.type === 'plan_rejected');
      expect(ended.map((e) => [e.data.step_id, e.data.reason])).toEqual([['form.submit', 'the person said no']]);
    } finally {
      typed.close();
    }
    expect(applications().length).toBe(before);
  }, 240_000);
});
