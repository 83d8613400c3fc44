import { DATE_PURPOSES, purposeOfWords } from '../page-model/purpose.ts';
import type { PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { namedOptions } from './mention.ts';
import { peopleSaid } from './people-count.ts';
import { personNameIn } from './person-name.ts';
import { bareName, nameClauses, shownOnPage } from './piece-name.ts';
import { DATE, EMAIL, FOR_NAME, PHONE, PHONE_WORDS, POSTCODE, SIGNS_UP, STREET } from './piece-shapes.ts';
import { fillOf, labelOf, optionClause, textual } from './piece-target.ts';

/** How a whole piece is read, for the words around a value that are read on their own. */
export type ReadPiece = (piece: string, model: PageModel) => Clause[] | undefined;

/** A value alone whose shape says where it goes. */
export function typedClauses(p: string, model: PageModel, readPiece: ReadPiece): Clause[] | undefined {
  const fields = model.fields.filter(textual);
  // "최하람", "I'm Rosa Lind", "Priya Nair": a name alone goes into the page's empty name fields
  const person = personNameIn(p) ?? bareName(p, model);
  // (a word the page itself shows as an option or a button is that, not a name)
  if (person && !shownOnPage(person, model) && fields.some((f) => ['full_name', 'given_name'].includes(f.purpose) && !f.value.trim())) {
    const named = nameClauses(person, model);
    if (named.length) return named;
  }
  const email = EMAIL.exec(p)?.[0];
  // "reply by email to a@b.c": the address, and the words around it may be an option
  if (email && !SIGNS_UP.test(p)) {
    const rest = p
      .replace(email, ' ')
      .replace(/\b(?:to|at|is|with|by|:)\s*$/i, '')
      .trim();
    const f = fields.find((x) => x.purpose === 'email');
    const said = rest.replace(/^(?:and\s+)?/i, '');
    // "reply by email": the whole, else one of its words, may be an option
    const option = said
      ? (optionClause(said, model) ??
        said
          .split(/\s+/)
          .filter((w) => w.length >= 3 && !/^(?:and|the|for|with|from|reply|send|please)$/i.test(w))
          .map((w) => optionClause(w, model))
          .find(Boolean))
      : undefined;
    if (f && (!rest || option)) return [fillOf(f, email), ...(option ? [option] : [])];
    // "Jorge Ortiz j.ortiz@…": the person's name said with it
    const named = f && rest ? (personNameIn(rest) ?? bareName(rest, model)) : undefined;
    const names = named ? nameClauses(named, model) : [];
    if (f && names.length) return [...names, fillOf(f, email)];
  }
  // an address alone, or in a request to sign up / subscribe with it ("뉴스레터를 a@b.c로 구독해줘")
  const others = p
    .replace(email ?? '', ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (email && (others.length <= 1 || SIGNS_UP.test(p))) {
    const f = fields.find((x) => x.purpose === 'email');
    return f ? [fillOf(f, email)] : undefined;
  }
  // "delivered to 22 Harbor St", "bring it to 5 Elm Road": where it goes, after words that only say so
  const sentTo =
    /^(?:(?:please\s+)?(?:deliver(?:ed|y)?|send(?:\s+it)?|ship(?:ped)?|bring(?:\s+it)?|drop(?:\s+it)?\s+off)\s+)?(?:to|at)\s+(.+)$/i.exec(
      p,
    );
  if (sentTo?.[1] && sentTo[1] !== p && STREET.test(sentTo[1])) {
    // (with no address box, where it goes is the page's box for where to)
    const to = fields.some((x) => x.purpose === 'address') ? undefined : fields.find((x) => x.purpose === 'destination' && !x.value);
    return to ? [fillOf(to, sentTo[1])] : typedClauses(sentTo[1], model, readPiece);
  }
  // "from 9 Willow Lane": where something is collected from, into the address box or else the box for where from
  const from = /^from\s+(.+)$/i.exec(p)?.[1];
  if (from && STREET.test(from)) {
    const f = fields.find((x) => x.purpose === 'address' && !x.value) ?? fields.find((x) => x.purpose === 'origin' && !x.value);
    return f ? [fillOf(f, from)] : undefined;
  }
  if (STREET.test(p)) {
    const f = fields.find((x) => x.purpose === 'address' && !x.value) ?? fields.find((x) => x.purpose === 'address');
    if (!f) return undefined;
    // "월드컵로 45 경비실 옆에 둘게요": the address ends at its number (and unit); what the person says
    // after it is another detail, read on its own — never typed into the address
    const tail = /^(.*?(?:로|길|대로)\s*\d+(?:-\d+)?(?:\s*(?:\d+\s*(?:동|호|층)|[A-Z]?\d+호))*)\s+(.*(?:요|다|게|고|서))$/u.exec(p);
    if (tail?.[1] && tail[2]) {
      const rest = (readPiece(tail[2], model) ?? namedOptions(tail[2], model))?.filter((c) => !(c.kind === 'fill' && c.ref === labelOf(f)));
      return rest?.length ? [fillOf(f, tail[1]), ...rest] : undefined;
    }
    return [fillOf(f, p)];
  }
  // "M1 2AB" alone: the page's box for a postcode
  const code = p.replace(/^(?:(?:my|the|our)\s+)?(?:post\s?code|postal code|zip(?: code)?)\s*(?:is|:)?\s*/i, '').trim();
  if (POSTCODE.test(code)) {
    const f = fields.find((x) => x.purpose === 'postal_code');
    return f ? [fillOf(f, code)] : undefined;
  }
  const phone = PHONE.exec(p)?.[0];
  if (phone && !DATE.test(p)) {
    const f = fields.find((x) => x.purpose === 'phone');
    // "한유나고 010-…예요": the name said with it goes in too, never dropped with the rest of the piece
    // (only a name said as one: "한유나고", "한유나입니다" — not a field's word before the number)
    const before = p
      .replace(phone, ' ')
      .replace(/\s*(?:예요|이에요|입니다|이요|요)\s*$/, '')
      .trim();
    // (another value said before it — "차량번호 12가3456 … 연락처 010-…" — is not dropped with the rest: the piece is not read here)
    if (/\d/.test(before)) return undefined;
    const person =
      /(?:이고|입니다|이에요|예요|이요|,)$/.test(before) || /^\p{Lu}/u.test(before)
        ? (personNameIn(before) ?? bareName(before, model))
        : undefined;
    const named = person ? nameClauses(person, model) : [];
    if (person && !named.length) return undefined;
    if (!f) return undefined;
    // other words before it ("contact Sam Lee 010-…") are read on their own, never dropped with the number
    const other = before.replace(PHONE_WORDS, '').trim();
    if (!person && /\p{L}{2}/u.test(other)) {
      const read = readPiece(other, model)?.filter((c) => !(c.kind === 'fill' && c.ref === labelOf(f)));
      return read?.length ? [...read, fillOf(f, phone)] : undefined;
    }
    return [...named, fillOf(f, phone)];
  }
  const out: Clause[] = [];
  let rest = p;
  const name = FOR_NAME.exec(p)?.[1];
  if (name) {
    const cl = nameClauses(name, model);
    if (!cl.length) return undefined;
    out.push(...cl);
    rest = rest.replace(FOR_NAME, ' ');
  }
  const date = DATE.exec(rest)?.[0];
  if (date) {
    // a birthday goes to the field for one, never to the errand's day ("birthday June 2 1979")
    const birth =
      purposeOfWords(rest.replace(date, ' ')) === 'birth_date' || /^\s*생(?:\s|$)|\bborn\b|\bdob\b/i.test(rest.replace(date, ' '));
    const f = birth
      ? fields.find((x) => x.purpose === 'birth_date')
      : (fields.find((x) => DATE_PURPOSES.has(x.purpose) && x.purpose !== 'birth_date' && !x.value) ??
        fields.find((x) => x.kind === 'date' && x.purpose !== 'birth_date'));
    if (!f) return undefined;
    out.push(fillOf(f, date));
    rest = rest.replace(date, ' ');
  }
  if (!out.length) return undefined;
  // what is left ("dermatology … in the afternoon") may be options; a whole clause left unread is not
  // dropped with the name ("I'll return it to the north gate, it's for Ana Ruiz"): the piece is not read here
  let unread = 0;
  let counted = false;
  for (const w of rest.split(/\s*(?:,|\bon\b|\bin the\b|\bin\b|\bat\b|\bwith\b|\band\b)\s*/i).filter((x) => /\p{L}{2}/u.test(x))) {
    const c = optionClause(w.trim(), model);
    if (c) {
      out.push(c);
      continue;
    }
    const left = w
      .trim()
      .split(/\s+/)
      .filter(
        (x) => (/\p{L}{2}/u.test(x) || /\d/.test(x)) && !/^(?:it'?s|is|for|the|a|an|her|his|my|our|their|born|birthday|dob)$/i.test(x),
      );
    unread += left.length;
    // (a count or a number left — "두명", "1박", "3 nights" — is never dropped; a clock time is read apart)
    counted ||= left.some((x) => peopleSaid(x) !== undefined || (/\d/.test(x) && !/^\d{1,2}(?::\d{2})?(?:시|am|pm)?$/i.test(x)));
  }
  return unread > 3 || counted ? undefined : out;
}
