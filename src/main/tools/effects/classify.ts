import type { ApprovalKind } from '../../../shared/plan.ts';
import { isSensitiveField, looksLikeCardNumber, redact } from '../redact/index.ts';
import type { ActingCall, Effect, OutgoingRequest } from './effect.ts';

/** Methods that only read. Everything else can change server state. */
export const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Words that name paying, matched as whole words of a URL path (Korean as substrings, which have no
 * word breaks). `checkout` and `order` name a purchase in a path, but as a field name `checkout` is a
 * hotel's departure date and `order` an order number, so field names use their own list.
 */
const PAY_PATH = new Set('pay payment payments checkout purchase purchases order orders billing charge charges card cards'.split(' '));
const PAY_PATH_KO = /결제|주문|구매|카드/;
/** Field names of a payment instrument (card number, security code, expiry of a card). */
const PAY_FIELD = new Set(['card', 'cardnumber', 'cardno', 'ccnum', 'ccnumber', 'cc', 'cvc', 'cvv', 'csc', 'cvn', 'iban', 'pan']);
const PAY_FIELD_KO = /카드|결제/;
/** Titles and headings that name a payment step: a page that only belongs to a checkout (delivery, basket) is not one. */
const PAY_PAGE = new Set(['pay', 'payment', 'payments', 'billing', 'card', 'cvc', 'cvv', 'csc']);
const PAY_PAGE_KO = /결제|카드/;
const ACCOUNT_PATH = new Set(
  'account accounts profile password passwd address addresses email phone delete remove unsubscribe withdraw settings'.split(' '),
);
const ACCOUNT_PATH_KO = /탈퇴|주소|비밀번호|회원|계정/;
/** Field names that change an account whatever the form is for (a password, closing the account). */
const ACCOUNT_FIELD = new Set(['password', 'passwd', 'pwd', 'unsubscribe', 'withdraw']);
const ACCOUNT_FIELD_KO = /비밀번호|탈퇴/;

/** The words of a name or path: split at anything not a letter or digit and at camelCase joins, lower-cased. */
function words(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

function names(text: string, set: Set<string>, ko: RegExp): boolean {
  return ko.test(text) || words(text).some((w) => set.has(w));
}

/** The fields of a request body: form-encoded, JSON (top level) or multipart; anything else as one `body` field. */
export function bodyFields(postData: string | undefined, contentType = ''): Record<string, string> {
  if (!postData) return {};
  const text = postData.length > 20_000 ? postData.slice(0, 20_000) : postData;
  if (/multipart\/form-data/i.test(contentType)) {
    const out: Record<string, string> = {};
    for (const m of text.matchAll(/name="([^"]{1,200})"\r?\n(?:[^\r\n]*\r?\n)*?\r?\n([^\r]{0,500})/g)) out[m[1] as string] = m[2] ?? '';
    return out;
  }
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      const entries = Array.isArray(parsed) ? parsed.map((v, i) => [String(i), v] as const) : Object.entries(parsed as object);
      return Object.fromEntries(entries.map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
    } catch {
      return { body: trimmed.slice(0, 500) };
    }
  }
  if (/^[^=&\s]+=[^&]*(&[^=&\s]+=[^&]*)*$/.test(trimmed)) return Object.fromEntries(new URLSearchParams(trimmed));
  return { body: trimmed.slice(0, 500) };
}

/** Field values as the person is shown them: the project's one redact(), and any field named like a secret masked whole. */
export function maskFields(fields: Record<string, string>): Record<string, string> {
  const masked = redact(fields);
  for (const k of Object.keys(masked)) if (isSensitiveField(k) && masked[k]) masked[k] = '[REDACTED]';
  return masked;
}

/**
 * Payment, account change or (by default) submission — from what the request carries: its path's
 * words, the names of its fields, a card number among its values, and a title or heading that
 * names a payment step. Words alone on the page never make a step that sends no payment a payment.
 */
export function classifyKind(req: { method: string; url: string; fields: Record<string, string> }, pageText = ''): ApprovalKind {
  let path = req.url;
  try {
    path = decodeURIComponent(new URL(req.url).pathname);
  } catch {
    // keep the raw text
  }
  const fieldNames = Object.keys(req.fields);
  if (names(path, PAY_PATH, PAY_PATH_KO)) return 'payment';
  if (fieldNames.some((n) => names(n, PAY_FIELD, PAY_FIELD_KO))) return 'payment';
  if (Object.values(req.fields).some((v) => looksLikeCardNumber(v))) return 'payment';
  if (names(path, ACCOUNT_PATH, ACCOUNT_PATH_KO)) return 'account_change';
  if (fieldNames.some((n) => names(n, ACCOUNT_FIELD, ACCOUNT_FIELD_KO))) return 'account_change';
  if (names(pageText, PAY_PAGE, PAY_PAGE_KO) || /\bcc-(?:number|exp|csc)/i.test(pageText)) return 'payment';
  if (req.method === 'DELETE' || req.method === 'PUT' || req.method === 'PATCH') return 'account_change';
  return 'submission';
}

/** The keys of a GraphQL request body: anything else beside them is not known to read. */
const GRAPHQL_KEYS = new Set(['query', 'variables', 'operationName', 'extensions']);

/**
 * Requests that use POST only to read. The rule errs towards asking; a POST is a read only when
 * it is a script request (fetch/XHR — never a navigation, a beacon or a ping) AND either
 *  (a) its body is GraphQL — no keys but query, variables, operationName and extensions — whose
 *      every operation is a query (the text holds no `mutation` or `subscription`; a persisted
 *      query without its text is not known to read, so it asks), or
 *  (b) the action in flight is typing (fill/type_text without a key that submits) into a field
 *      that offers suggestions (`suggestField`: a combobox or search box, aria-autocomplete, a
 *      datalist), the request goes to the page's own origin, and its body is at most three
 *      fields, one of which holds the typed text — a search-suggestion call. Typing into any
 *      other field that POSTs is an autosave: it asks.
 * Everything else that is not GET/HEAD/OPTIONS asks.
 */
export function postThatReads(
  req: OutgoingRequest & { rawFields: Record<string, string> },
  call: ActingCall,
  pageUrl: string,
  suggestField = false,
): boolean {
  if (req.type !== 'Fetch' && req.type !== 'XHR') return false;
  const query = req.rawFields.query;
  if (typeof query === 'string' && query.trim()) {
    if (!Object.keys(req.rawFields).every((k) => GRAPHQL_KEYS.has(k))) return false;
    const text = query.replace(/#[^\n]*/g, '').replace(/"(?:[^"\\]|\\.)*"/g, '""');
    return !/\b(mutation|subscription)\b/.test(text) && /^\s*(query\b|\{)/.test(text);
  }
  const typing = (call.tool === 'fill' || call.tool === 'type_text') && !call.input.submitKey;
  const typed = String(call.input.value ?? call.input.text ?? '').trim();
  if (!typing || !typed || !suggestField) return false;
  let sameOrigin = false;
  try {
    sameOrigin = new URL(req.url).origin === new URL(pageUrl).origin;
  } catch {
    sameOrigin = false;
  }
  const values = Object.values(req.rawFields);
  return sameOrigin && values.length <= 3 && values.some((v) => v.includes(typed));
}

/** Fields whose value changes on every load (tokens, nonces, timestamps): an approval does not pin them. */
const VOLATILE = /csrf|xsrf|token|nonce|timestamp|^_?ts$/i;

function place(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return url;
  }
}

/**
 * Whether a request is the one the person approved: the same method, origin and path, and the
 * same fields with the same values (masked values and tokens aside). A form the page judged may
 * gain fields the browser adds on submission (an image button's x/y); a script request may not.
 */
export function sameRequest(approved: OutgoingRequest, r: OutgoingRequest): boolean {
  if (approved.method.toUpperCase() !== r.method.toUpperCase() || place(approved.url) !== place(r.url)) return false;
  const keys = Object.keys(approved.fields);
  if (!keys.length && approved.type === 'Document') return true;
  if (approved.type !== 'Document' && Object.keys(r.fields).length !== keys.length) return false;
  return keys.every((k) => {
    if (!(k in r.fields)) return false;
    const v = approved.fields[k] ?? '';
    return VOLATILE.test(k) || v.includes('REDACTED') || v === r.fields[k];
  });
}

/** One line per request for an approval card: `POST https://…/pay — amount=412000, card_number=[REDACTED]`. */
export function describeRequests(requests: OutgoingRequest[]): string {
  return requests
    .map((r) => {
      const fields = Object.entries(r.fields)
        .slice(0, 12)
        .map(([k, v]) => `${k}=${v.length > 60 ? `${v.slice(0, 60)}…` : v}`)
        .join(', ');
      return `${r.method} ${r.url}${fields ? ` — ${fields}` : ''}`;
    })
    .join('; ');
}

const STRICTNESS: ApprovalKind[] = ['payment', 'account_change', 'submission'];

/** The effect of requests a call sent: the strictest kind among them. */
export function networkEffect(requests: OutgoingRequest[], pageText: string): Effect {
  const kinds = requests.map((r) => classifyKind(r, pageText));
  const kind = STRICTNESS.find((k) => kinds.includes(k)) ?? 'submission';
  return { kind, source: 'network', reason: `the action tried to send ${describeRequests(requests)}`, requests };
}
