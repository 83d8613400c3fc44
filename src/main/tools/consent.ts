/**
 * Consent is the person's to give. A control that declares, agrees or consents — "I declare the
 * information above is true", "I agree to the fare rules", "개인정보 수집에 동의합니다" — is never
 * ticked or pressed by the engine, whatever the page or the plan: the policy turns it into a
 * hand-over. Judged by what the control is (a checkbox, switch or radio, or an unnamed role) and
 * what its words do (declare, agree, consent, certify, accept terms), in Korean and English.
 * The one exception is a step the person asked for in their own words ("동의 눌러", "tick I agree"):
 * such a step carries `consent: 'person'`, which only the person's request can set.
 */
import type { Step } from '../../shared/plan.ts';

const CONSENT_EN =
  /\b(?:i|we)\s+(?:hereby\s+)?(?:declare|agree|consent|accept|certify|confirm|acknowledge|understand)\b|\bagree(?:d|s)?\s+(?:to|with)\b|\bconsent\b|\bdeclaration\b|\bterms\s+(?:and|&)\s+conditions\b|\bprivacy\s+policy\b/;
const CONSENT_KO = /동의|사실임을\s*확인|사실과\s*다름없|서약|확약|약관/;

/** Roles a consent is given with; a target without a role is judged by its words alone. */
const CONSENT_ROLES = new Set(['checkbox', 'switch', 'radio', 'menuitemcheckbox']);

/** The consent words a control's text carries, if any. */
export function consentWords(text: string): string | undefined {
  const t = text.toLowerCase().replace(/\s+/g, ' ');
  return (CONSENT_EN.exec(t) ?? CONSENT_KO.exec(t))?.[0];
}

/** A plan step that would tick or press a consent control: its consent words. */
export function stepGivesConsent(step: Step): string | undefined {
  if ('consent' in step && step.consent === 'person') return undefined;
  if (step.type !== 'click' && step.type !== 'fill' && step.type !== 'select') return undefined;
  const t = step.target;
  if (!t) return undefined;
  if (t.role && !CONSENT_ROLES.has(t.role)) return undefined;
  if (step.type === 'fill' && t.role !== 'checkbox' && t.role !== 'switch') return undefined;
  return consentWords([t.name, t.label, t.text].filter(Boolean).join(' '));
}

/** A tool call on an element the browser describes as a consent checkbox (no plan step): its consent words. */
export function callGivesConsent(tool: string, described: string | undefined, step?: Step): string | undefined {
  if (step && 'consent' in step && step.consent === 'person') return undefined;
  if (!described || !/click|fill|check|press/.test(tool)) return undefined;
  if (!/\b(?:checkbox|switch|menuitemcheckbox)\b/i.test(described)) return undefined;
  return consentWords(described);
}

export const consentDecision = (words: string) => ({
  action: 'forbidden' as const,
  reason: `A declaration or consent ("${words}") is the person's to give; the engine never ticks it.`,
  rule: 'consent',
});
