import { StewardError } from '../../shared/errors.ts';
import type { Target } from '../../shared/plan.ts';
import { UID_PATTERN } from '../browser/uids.ts';

/**
 * Resolves a plan's semantic target (role + accessible name, label, placeholder, text) against a
 * fresh snapshot of the page. The CSS selector hint is NOT used here; the executor falls back to
 * it only when no node matches.
 */
export interface SnapshotNode {
  uid?: string;
  role: string;
  name: string;
  states: string[];
  value?: string;
  text: string;
  depth: number;
  /** Index of the line in the snapshot (document order). */
  index: number;
}

// `1_3 textbox "From" [focused, value="ICN"]: extra | text` (the uid leads a line bare)
const LINE = new RegExp(`^(\\s*)(?:(${UID_PATTERN}) )?([A-Za-z][\\w-]*)(?: ("(?:[^"\\\\]|\\\\.)*"))?(?: \\[(.*?)\\])?(?:: (.*))?$`);
// `  "Application received #1"`: a plain text line (role text), the words the page shows outside any control
const TEXT_LINE = new RegExp(`^(\\s*)(?:(${UID_PATTERN}) )?("(?:[^"\\\\]|\\\\.)*")$`);
// `• ₩12,000 In stock`: a list item that is only words
const ITEM_LINE = /^(\s*)• (.*)$/;

function unquote(quoted: string): string {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return quoted.slice(1, -1);
  }
}

/** Every line of a snapshot as a node — controls, containers and plain text lines alike. */

export function parseSnapshot(text: string): SnapshotNode[] {
  const out: SnapshotNode[] = [];
  for (const [index, raw] of text.split('\n').entries()) {
    const t = TEXT_LINE.exec(raw);
    if (t) {
      const [, indent = '', uid, quoted = '""'] = t;
      out.push({ ...(uid ? { uid } : {}), role: 'text', name: unquote(quoted), states: [], text: '', depth: indent.length, index });
      continue;
    }
    const item = ITEM_LINE.exec(raw);
    if (item) {
      const [, indent = '', words = ''] = item;
      out.push({ role: 'listitem', name: '', states: [], text: words, depth: indent.length, index });
      continue;
    }
    const m = LINE.exec(raw);
    if (!m) continue;
    const [, indent = '', uid, role = '', nameJson, statesText, extra] = m;
    const name = nameJson ? unquote(nameJson) : '';
    const states: string[] = [];
    let value: string | undefined;
    for (const s of splitStates(statesText ?? '')) {
      if (s.startsWith('value=')) {
        try {
          value = JSON.parse(s.slice(6)) as string;
        } catch {
          value = s.slice(6);
        }
      } else if (s) states.push(s);
    }
    out.push({
      ...(uid ? { uid } : {}),
      role,
      name,
      states,
      ...(value !== undefined ? { value } : {}),
      text: extra ?? '',
      depth: indent.length,
      index,
    });
  }
  return out;
}

function splitStates(s: string): string[] {
  const parts: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (c === '"' && s[i - 1] !== '\\') quoted = !quoted;
    if (c === ',' && !quoted) {
      parts.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  if (cur.trim()) parts.push(cur.trim());
  return parts;
}

const FAMILIES: string[][] = [
  ['textbox', 'searchbox', 'combobox', 'textField', 'spinbutton'],
  ['button', 'PopUpButton', 'ToggleButton', 'link', 'menuitem'],
  ['combobox', 'listbox', 'PopUpButton', 'MenuListPopup'],
  ['checkbox', 'switch', 'menuitemcheckbox'],
  ['list', 'table', 'grid', 'listbox', 'region', 'group'],
];

export function norm(s: string | undefined): string {
  return (s ?? '').normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

function textScore(hay: string, needle: string | undefined): number {
  if (!needle) return 0;
  const h = norm(hay);
  const n = norm(needle);
  if (!n) return 0;
  if (h === n) return 4;
  if (h.startsWith(n) || h.endsWith(n)) return 3;
  if (h.includes(n)) return 2;
  return -1;
}

/** How well a node matches a target; negative = not a match. */
export function scoreNode(node: SnapshotNode, t: Target): number {
  let score = 0;
  // a plain text line is never a labelled field; it answers a target only by its words
  if (node.role === 'text' && t.role !== 'text' && (t.role || t.label || t.placeholder)) return -1;
  if (node.role === 'text') score -= 1;
  if (t.role) {
    if (node.role === t.role) score += 3;
    else if (FAMILIES.some((f) => f.includes(t.role as string) && f.includes(node.role))) score += 1;
    else return -1;
  }
  const named = [t.name, t.label, t.placeholder].filter((x): x is string => Boolean(x));
  for (const n of named) {
    const s = textScore(node.name, n);
    if (s < 0) return -1;
    score += s;
  }
  if (t.text) {
    const s = Math.max(textScore(node.text, t.text), textScore(node.name, t.text), textScore(node.value ?? '', t.text));
    if (s < 0) return -1;
    score += s;
  }
  if (node.states.includes('disabled')) score -= 2;
  return score;
}

/** The node a target means, from a fresh snapshot; ELEMENT_NOT_FOUND with near misses otherwise. */
export function resolveTarget(nodes: SnapshotNode[], target: Target, opts: { needUid?: boolean } = {}): SnapshotNode {
  const needUid = opts.needUid ?? true;
  const scored = nodes
    .filter((n) => !needUid || n.uid)
    .map((n) => ({ n, s: scoreNode(n, target) }))
    .filter((x) => x.s > 0 && (target.role || target.name || target.label || target.placeholder || target.text))
    .sort((a, b) => b.s - a.s || a.n.index - b.n.index);
  const best = scored[0]?.s;
  const top = scored.filter((x) => x.s === best).sort((a, b) => a.n.index - b.n.index);
  const hit = top[target.nth ?? 0]?.n;
  if (hit) return hit;
  throw new StewardError('ELEMENT_NOT_FOUND', `No element matches ${describeTarget(target)}.`, {
    details: { target, near: nearMisses(nodes, target) },
    suggestions: ['Check the page shows the expected screen; update the target or its CSS hint.'],
  });
}

export function describeTarget(t: Target): string {
  const parts = [
    t.role,
    t.name && `"${t.name}"`,
    t.label && `label "${t.label}"`,
    t.placeholder && `placeholder "${t.placeholder}"`,
    t.text && `text "${t.text}"`,
  ];
  return parts.filter(Boolean).join(' ') || `selector ${t.selector}`;
}

function nearMisses(nodes: SnapshotNode[], t: Target): string[] {
  const want = norm(t.name ?? t.label ?? t.placeholder ?? t.text ?? '');
  const words = want.split(' ').filter((w) => w.length > 1);
  return nodes
    .filter((n) => n.uid && (!t.role || n.role === t.role || words.some((w) => norm(n.name).includes(w))))
    .slice(0, 8)
    .map((n) => `${n.role} "${n.name}"`);
}

/** The node's current value as the page shows it (for "the From field shows ICN"). */
export function shownValue(node: SnapshotNode): string {
  return node.value ?? '';
}
