import type { MessageKey } from '../i18n/messages.ts';

/**
 * The fields of a profile as the person sees them, each stored under the name forms know it by
 * (the form classifier's keys: surname, given_names, birth_date…). The person never types a key.
 */
export interface ProfileField {
  key: string;
  kind: 'text' | 'date' | 'email' | 'tel' | 'number' | 'sex' | 'purpose';
  hint?: MessageKey;
  autoComplete?: string;
}

export const PROFILE_GROUPS: Array<{ id: 'identity' | 'contact' | 'travel'; fields: ProfileField[] }> = [
  {
    id: 'identity',
    fields: [
      { key: 'surname', kind: 'text', autoComplete: 'family-name' },
      { key: 'given_names', kind: 'text', autoComplete: 'given-name' },
      { key: 'name_ko', kind: 'text', autoComplete: 'name' },
      { key: 'birth_date', kind: 'date', autoComplete: 'bday' },
      { key: 'sex', kind: 'sex' },
      { key: 'nationality', kind: 'text', hint: 'profiles.hint.nationality', autoComplete: 'country' },
    ],
  },
  {
    id: 'contact',
    fields: [
      { key: 'email', kind: 'email', autoComplete: 'email' },
      { key: 'phone', kind: 'tel', hint: 'profiles.hint.phone', autoComplete: 'tel' },
      { key: 'home_address', kind: 'text', autoComplete: 'street-address' },
      { key: 'stay_address', kind: 'text' },
    ],
  },
  {
    id: 'travel',
    fields: [
      { key: 'passport_expiry', kind: 'date' },
      { key: 'visit_purpose', kind: 'purpose' },
      { key: 'arrival_date', kind: 'date' },
      { key: 'stay_days', kind: 'number' },
      { key: 'photo', kind: 'text' },
    ],
  },
];

export const fieldLabelKey = (key: string) => `profiles.field.${key}` as MessageKey;

export const SEXES = ['F', 'M', 'X'] as const;
export const PURPOSES = ['tourism', 'business', 'study', 'family'] as const;

/** Two names are the same profile when they differ only in case or surrounding spaces. */
export const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
