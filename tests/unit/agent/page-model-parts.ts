import type { Button, ChoiceGroup, Field, PageModel } from '../../../src/main/agent/page-model/types.ts';

/** A text field as the page model shows one; `o` sets what the test is about. */
export function fieldOf(label: string, o: Partial<Field> = {}): Field {
  return {
    handle: '0:1',
    kind: 'text',
    type: 'text',
    purpose: 'other',
    label,
    texts: [label],
    placeholder: '',
    value: '',
    checked: null,
    options: null,
    required: false,
    disabled: false,
    readonly: false,
    invalid: false,
    form: 0,
    group: '',
    autocomplete: false,
    inView: true,
    regions: [],
    min: '',
    max: '',
    ...o,
  };
}

/** A button as the page model shows one. */
export function buttonOf(handle: string, text: string, o: Partial<Button> = {}): Button {
  return {
    handle,
    kind: 'button',
    text,
    href: '',
    form: -1,
    regions: [],
    selected: false,
    expanded: null,
    disabled: false,
    inView: true,
    cluster: -1,
    ...o,
  };
}

/** A whole page model with nothing on it but what `parts` gives. */
export function pageModelOf(parts: Partial<PageModel> = {}): PageModel {
  return {
    url: '',
    title: '',
    lang: 'en',
    headings: [],
    forms: [],
    fields: [],
    buttons: [],
    groups: [],
    lists: [],
    dialogs: [],
    calendars: [],
    tabs: [],
    steppers: [],
    scrollables: [],
    pagination: { next: null, prev: null, pages: [] },
    messages: [],
    scroll: { y: 0, height: 0, viewport: 0, atEnd: true },
    fingerprint: parts.url ?? '',
    textLength: 0,
    ...parts,
  };
}

let radioHandles = 0;

/** A group of radio options as the page model shows one; `checked` names the option chosen already. */
export function radiosOf(label: string, options: string[], checked?: string): ChoiceGroup {
  return {
    kind: 'radio',
    label,
    form: 0,
    options: options.map((o) => ({ handle: `9:${++radioHandles}`, label: o, checked: o === checked })),
  };
}
