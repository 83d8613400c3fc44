/** The value a field takes, written the way the field shows it wants it (dates, phone numbers). */
import { CALLING_CODES } from './countries.ts';
import { dateAs, dateOf, isoDate } from './dates.ts';
import { phoneAs, phoneParts } from './phones.ts';

/**
 * The value as the field takes it: a date input gets an ISO date from any way of writing one, and a
 * text field whose placeholder shows a date or phone pattern gets the value in that pattern.
 * Anything else is typed as given.
 */
export function valueForField(value: string, field: { kind: string; type?: string; placeholder?: string }): string {
  if (field.kind === 'value' && field.type === 'date') {
    const d = dateOf(value);
    return d ? isoDate(d) : value;
  }
  if (field.kind !== 'text' || !field.placeholder) return value;
  const d = dateOf(value);
  const asDate = d ? dateAs(d, field.placeholder) : undefined;
  if (asDate) return asDate;
  const phone = phoneParts(value, [...new Set(Object.values(CALLING_CODES))]);
  return (phone && phoneAs(phone, field.placeholder)) || value;
}
