/**
 * STEWARD_SITES='{"flights":"https://…","shopA":"https://…"}': where each pack recipe's site lives
 * (flights, hotels, shopA, shopB, form, account). Anything that is not a JSON object of http(s) URLs is ignored, with a warning.
 */
export function parseSites(raw: string | undefined, warn: (line: string) => void): Record<string, string> {
  if (!raw) return {};
  try {
    const v = JSON.parse(raw) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(Object.entries(v).filter(([, u]) => typeof u === 'string' && /^https?:\/\//.test(u))) as Record<
        string,
        string
      >;
    }
  } catch {
    // fall through to the warning
  }
  warn('STEWARD_SITES is not a JSON object of site → http(s) URL; ignored.');
  return {};
}
