import type { Purpose } from './purpose.ts';
import type { RawOption } from './raw.ts';
import type { TypedValues } from './values.ts';

/** A handle the runtime can act on: "<frame>:<index>" of one observation ("0:12"). */
export type Handle = string;

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'select'
  | 'checkbox'
  | 'radio'
  | 'date'
  | 'number'
  | 'range'
  | 'combobox'
  | 'editable'
  | 'file';

export interface Field {
  handle: Handle;
  kind: FieldKind;
  /** input type as written (e.g. "date", "text") */
  type: string;
  purpose: Purpose;
  /** the best human words for the field */
  label: string;
  /** every word the field is known by (label, placeholder, name, id …) */
  texts: string[];
  placeholder: string;
  value: string;
  checked: boolean | null;
  options: RawOption[] | null;
  required: boolean;
  disabled: boolean;
  readonly: boolean;
  invalid: boolean;
  /** index into PageModel.forms, -1 when the field belongs to no form */
  form: number;
  group: string;
  autocomplete: boolean;
  /** a button that opens a list of choices and shows the chosen one as its text: set by opening it and choosing */
  picker?: boolean;
  inView: boolean;
  regions: string[];
  min: string;
  max: string;
}

export type ButtonKind = 'button' | 'submit' | 'link' | 'tab' | 'option' | 'menuitem' | 'toggle' | 'cell';

export interface Button {
  handle: Handle;
  kind: ButtonKind;
  text: string;
  href: string;
  form: number;
  regions: string[];
  selected: boolean;
  /** one of a set of choices: it shows whether it is chosen (pressed, selected, marked apart from its kin) */
  choice?: boolean;
  expanded: boolean | null;
  disabled: boolean;
  inView: boolean;
  cluster: number;
  /** in a grid of rows × columns: its row's first words and its column's header */
  cell?: { row: string; col: string };
  /** a column header: how the rows run by it now, as its aria-sort says ('unmarked': it says nothing of it) */
  sorted?: 'ascending' | 'descending' | 'none' | 'unmarked';
}

export interface ChoiceGroup {
  kind: 'radio' | 'checkbox';
  label: string;
  form: number;
  options: Array<{ handle: Handle; label: string; checked: boolean }>;
}

export interface ResultRecord {
  handle: Handle;
  list: number;
  index: number;
  text: string;
  cells: string[];
  values: TypedValues;
  /** links and buttons inside the record */
  actions: Button[];
}

export interface ResultList {
  idx: number;
  handle: Handle;
  kind: 'table' | 'list';
  headers: string[];
  label: string;
  records: ResultRecord[];
}

export interface Dialog {
  idx: number;
  handle: Handle;
  kind: 'dialog' | 'overlay';
  text: string;
  modal: boolean;
  buttons: Button[];
}

export interface Calendar {
  idx: number;
  handle: Handle;
  /** the months shown, in order (month 1–12) */
  months: Array<{ year: number; month: number }>;
  days: Array<{ handle: Handle; day: number; label: string; disabled: boolean; dim: boolean; selected: boolean }>;
  prev: Handle | null;
  next: Handle | null;
}

export interface Stepper {
  label: string;
  value: number | null;
  dec: Handle | null;
  inc: Handle | null;
}

export interface Scrollable {
  idx: number;
  handle: Handle;
  label: string;
  atEnd: boolean;
  atStart: boolean;
}

export interface Form {
  idx: number;
  handle: Handle | null;
  name: string;
  method: string;
  fields: Field[];
  submit: Button | null;
}

export interface PageMessage {
  text: string;
  kind: 'alert' | 'status' | 'error' | 'invalid';
  /** a message about a missing or wrong value */
  problem: boolean;
}

export interface PageModel {
  url: string;
  title: string;
  lang: string;
  headings: string[];
  forms: Form[];
  fields: Field[];
  buttons: Button[];
  groups: ChoiceGroup[];
  lists: ResultList[];
  dialogs: Dialog[];
  calendars: Calendar[];
  tabs: Button[];
  steppers: Stepper[];
  scrollables: Scrollable[];
  pagination: { next: Handle | null; prev: Handle | null; pages: Array<{ n: number; handle: Handle; current: boolean }> };
  messages: PageMessage[];
  /** short texts that read as a date outside calendars and records: the day the page shows */
  dateTexts?: string[];
  scroll: { y: number; height: number; viewport: number; atEnd: boolean };
  /** changes whenever what a person sees changes (values, lists, dialogs, messages, URL) */
  fingerprint: string;
  textLength: number;
}
