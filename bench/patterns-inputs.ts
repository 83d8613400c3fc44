/**
 * Adversarial text for the pattern bench and the hang-guard tests: the shapes that make a
 * backtracking regex slow — long runs of letters and digits, repeated separators and labels,
 * near-miss e-mails, card and phone numbers, quotes without an end. Each is `bytes` long.
 */

function fill(unit: string, bytes: number): string {
  return unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);
}

export const ADVERSARIAL: Record<string, (bytes: number) => string> = {
  alnum_run: (n) => fill('a1B2c3D4e5', n),
  digit_run: (n) => fill('1234567890', n),
  spaces_after_label: (n) => `otp${fill(' ', n - 3)}`,
  repeated_separators: (n) => fill('- . - . ', n),
  dotted_digits: (n) => fill('1.2.', n),
  near_miss_email: (n) => fill('abcdefghij.k@example.c1 ', n),
  local_part_run: (n) => `${fill('x', n / 2)}@${fill('y', n / 2 - 1)}`,
  at_run: (n) => fill('a@', n),
  near_miss_card: (n) => fill('4111 1111 1111 111 ', n),
  near_miss_phone: (n) => fill('010-1234-567 ', n),
  labels_without_values: (n) => fill('password is  token: otp code is passport no ', n),
  quotes_without_end: (n) => `value=\n${fill('"a" ', n - 7)}`,
  snapshot_states: (n) => `  1_1 button "x" [${fill(']', n - 19)}`,
  money_spaces: (n) => `₩${fill(' ', n - 1)}`,
};
