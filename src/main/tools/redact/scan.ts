/**
 * Hand-written scanners for the redaction rules a regular expression cannot run in linear time:
 * e-mail addresses (a regex restarts at every letter of a long run of letters and digits) and the
 * value shown in a snapshot line of a sensitive field (a lazy scan per quote). Each character of
 * the input is looked at a bounded number of times, whatever the input.
 */

const code = (s: string, i: number) => s.charCodeAt(i);
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isAlnum = (c: number) => isLetter(c) || (c >= 48 && c <= 57);
/** Characters of an address's local part: letters, digits and . _ % + - */
const isLocal = (c: number) => isAlnum(c) || c === 46 || c === 95 || c === 37 || c === 43 || c === 45;
/** Characters of a domain: letters, digits, dot and hyphen. */
const isDomain = (c: number) => isAlnum(c) || c === 46 || c === 45;

/**
 * E-mail addresses as `first letter***@domain`. The address is the longest run of local-part
 * characters before an `@` (from its first letter or digit) and the domain up to the last
 * `.` followed by at least two letters. Text between and after addresses is kept as it is.
 */
export function maskEmails(text: string): string {
  let out = '';
  let kept = 0;
  let from = 0;
  for (;;) {
    const at = text.indexOf('@', from);
    if (at < 0) break;
    from = at + 1;
    let start = at;
    while (start > kept && isLocal(code(text, start - 1))) start--;
    while (start < at && !isAlnum(code(text, start))) start++;
    if (start === at) continue;
    let run = at + 1;
    while (run < text.length && isDomain(code(text, run))) run++;
    let end = -1;
    for (let dot = run - 3; dot > at + 1; dot--) {
      if (code(text, dot) === 46 && isLetter(code(text, dot + 1)) && isLetter(code(text, dot + 2))) {
        end = dot + 3;
        while (end < run && isLetter(code(text, end))) end++;
        break;
      }
    }
    if (end < 0) continue;
    out += `${text.slice(kept, start)}${text[start]}***@${text.slice(at + 1, end)}`;
    kept = end;
    from = end;
  }
  return kept === 0 ? text : out + text.slice(kept);
}

/**
 * A snapshot line shows a field as `textbox "Name" … value="…"` (or `value=\"…\"` inside JSON).
 * When the quoted name of the line is sensitive, the value after it becomes [REDACTED].
 */
export function maskSnapshotValues(text: string, sensitive: (name: string) => boolean): string {
  if (!text.includes('value=')) return text;
  let out = '';
  let kept = 0;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const nl = text.indexOf('\n', lineStart);
    const lineEnd = nl < 0 ? text.length : nl;
    let pos = lineStart;
    while (pos < lineEnd) {
      const open = text.indexOf('"', pos);
      if (open < 0 || open >= lineEnd) break;
      const close = text.indexOf('"', open + 1);
      if (close < 0 || close >= lineEnd) break;
      let value = text.indexOf('value=', close + 1);
      if (value < 0 || value >= lineEnd) break;
      // the first `value="` or `value=\"` after the name
      for (;;) {
        const q = value + 6;
        const ok = text[q] === '"' || (text[q] === '\\' && text[q + 1] === '"');
        if (ok) break;
        value = text.indexOf('value=', value + 1);
        if (value < 0 || value >= lineEnd) break;
      }
      if (value < 0 || value >= lineEnd) break;
      const valueStart = value + 6 + (text[value + 6] === '\\' ? 2 : 1);
      let valueEnd = valueStart;
      while (valueEnd < lineEnd && text[valueEnd] !== '"' && text[valueEnd] !== '\\') valueEnd++;
      if (sensitive(text.slice(open + 1, close))) {
        out += `${text.slice(kept, valueStart)}[REDACTED]`;
        kept = valueEnd;
      }
      pos = valueEnd;
    }
    if (nl < 0) break;
    lineStart = nl + 1;
  }
  return kept === 0 ? text : out + text.slice(kept);
}
