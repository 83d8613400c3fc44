/**
 * What the in-page pass returns: plain facts about what a person sees, before any inference.
 * Every element the engine may act on gets a handle `h` (an index into the pass's element
 * list, kept in the page until the next pass); the purpose of fields, the type of record cells
 * and the meaning of buttons are inferred outside the page (purpose.ts, values.ts).
 */

export interface RawOption {
  label: string;
  value: string;
  selected: boolean;
  /** an option the list shows but will not take (a slot already full) */
  disabled?: boolean;
}

export interface RawControl {
  h: number;
  tag: string;
  /** input type (lower case) or '' */
  type: string;
  /** explicit ARIA role or '' */
  role: string;
  name: string;
  id: string;
  autocomplete: string;
  placeholder: string;
  /** label[for], wrapping label, aria-labelledby */
  label: string;
  aria: string;
  /** text just before the control (a caption in a cell, a span before an input) */
  nearby: string;
  /** visible text of a button or link */
  text: string;
  title: string;
  value: string;
  checked: boolean | null;
  disabled: boolean;
  readonly: boolean;
  required: boolean;
  invalid: boolean;
  options: RawOption[] | null;
  min: string;
  max: string;
  href: string;
  expanded: string;
  selected: string;
  haspopup: string;
  /** in a column header: the header's aria-sort ('unmarked' when it has none), '' elsewhere */
  sorted: string;
  /** fieldset legend, radiogroup label, or the name shared by radios */
  group: string;
  /** form index (explicit or implicit form), -1 none */
  form: number;
  /** container path: 'dialog:0', 'rec:1:3', 'nav', 'tablist:2', 'listbox:0', 'cal:0', 'scroll:1' (innermost first) */
  regions: string[];
  /** index of the parent element among small control groups (a stepper's − and + share it), -1 none */
  cluster: number;
  clusterText: string;
  inView: boolean;
  rect: [number, number, number, number];
  /** the control was found inside a shadow root or an iframe */
  depth: 'doc' | 'shadow' | 'frame';
  /** in a grid of rows × columns: its row's first words and its column's header */
  cell?: [string, string];
}

export interface RawForm {
  idx: number;
  h: number;
  explicit: boolean;
  name: string;
  method: string;
  action: string;
  role: string;
}

export interface RawDialog {
  idx: number;
  h: number;
  text: string;
  modal: boolean;
  /** 'dialog' (role/dialog element) or 'overlay' (a fixed banner with buttons) */
  kind: 'dialog' | 'overlay';
}

export interface RawRecord {
  h: number;
  cells: string[];
  text: string;
}

export interface RawList {
  idx: number;
  h: number;
  kind: 'table' | 'list';
  headers: string[];
  label: string;
  records: RawRecord[];
}

export interface RawCalendar {
  idx: number;
  h: number;
  /** month captions found around the grid, e.g. "2026년 12월", "December 2026" */
  headings: string[];
  days: Array<{ h: number; day: number; label: string; disabled: boolean; dim: boolean; selected: boolean }>;
  rect: [number, number, number, number];
}

export interface RawScrollable {
  idx: number;
  h: number;
  label: string;
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

export interface RawMessage {
  text: string;
  kind: 'alert' | 'status' | 'error' | 'invalid';
}

export interface RawPage {
  url: string;
  title: string;
  lang: string;
  headings: string[];
  controls: RawControl[];
  forms: RawForm[];
  dialogs: RawDialog[];
  lists: RawList[];
  calendars: RawCalendar[];
  scrollables: RawScrollable[];
  messages: RawMessage[];
  /** short texts that read as a date, outside calendars and records (the day a page shows) */
  dateTexts?: string[];
  scroll: { y: number; height: number; viewport: number };
  /** visible text length of the body, a cheap change signal */
  textLength: number;
}
