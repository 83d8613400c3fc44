/**
 * In-page functions of the gate by effect. They run inside the page (serialised with
 * Function.prototype.toString and called with Runtime.callFunctionOn), so each is
 * self-contained: no imports, no outer variables.
 */

/** What the live DOM says an action on an element does. */
export interface PageJudgement {
  /** The action submits a form (a click on a submit control, Enter/Space on one, Enter in a field). */
  submits: boolean;
  /** A select/checkbox/radio change inside a form that has script handlers. */
  changeWithHandlers: boolean;
  /** The method the submission would use ('get', 'post', 'dialog'). */
  method: string;
  action: string;
  why: string;
  fields: Array<[string, string]>;
  /** Names, types and autocomplete hints of the form's controls (for classification). */
  hints: string;
  /** The document's title and first heading (for classification). */
  pageText: string;
  /** The focus sits in a cross-origin iframe: ask that frame's session. */
  crossFrame?: boolean;
  /** A link or a button outside any form whose name or link path says it deletes, pays or changes an account: the words it matched. */
  namedAct?: string;
}

/**
 * How an action on `start` would affect a form. `how` is 'click', 'change' or 'key:<key>'.
 * Crosses shadow roots upwards to find the control (a span inside a button is the button).
 */
export function judgeElement(start: Element | null, how: string): PageJudgement | null {
  if (!start) return null;
  const up = (n: Node): Element | null => {
    if (n.parentElement) return n.parentElement;
    const root = n.parentNode as (Node & { host?: Element }) | null;
    return root?.host ?? null;
  };
  let el: Element = start;
  for (let n: Element | null = start; n; n = up(n)) {
    const t = n.tagName;
    if (t === 'BUTTON' || t === 'INPUT' || t === 'SELECT' || t === 'TEXTAREA' || t === 'A') {
      el = n;
      break;
    }
    if (t === 'LABEL' && (n as HTMLLabelElement).control) {
      el = (n as HTMLLabelElement).control as Element;
      break;
    }
    if (t === 'FORM' || t === 'BODY') break;
  }
  const tag = el.tagName;
  const type = String((el as HTMLInputElement).type ?? '').toLowerCase();
  const key = how.startsWith('key:') ? how.slice(4) : '';
  const form = (el as HTMLInputElement).form ?? null;
  // the form's real method and address, through its own getters: a box named "method" or "action" shadows the properties
  const formProp = (k: 'method' | 'action'): string =>
    form ? String(Object.getOwnPropertyDescriptor(HTMLFormElement.prototype, k)?.get?.call(form) ?? '') : '';
  const doc = el.ownerDocument;
  const heading = doc.querySelector('h1')?.textContent ?? '';
  const pageText = `${doc.title} ${heading}`.replace(/\s+/g, ' ').trim().slice(0, 200);
  const submitControl = (tag === 'BUTTON' && type === 'submit') || (tag === 'INPUT' && (type === 'submit' || type === 'image'));
  const textLike = tag === 'INPUT' && !/^(button|submit|image|reset|checkbox|radio|file|hidden|range|color)$/.test(type);
  const toggles = tag === 'SELECT' || (tag === 'INPUT' && (type === 'checkbox' || type === 'radio'));
  const none: PageJudgement = {
    submits: false,
    changeWithHandlers: false,
    method: '',
    action: '',
    why: '',
    fields: [],
    hints: '',
    pageText,
  };
  if (!form) {
    // a state change can be sent as a GET (a "Delete" link): a link, or a button outside any form, whose name or
    // link path names a deleting, paying or account-changing verb acts whatever its method (ko/en; errs on asking)
    const actor = tag === 'A' || tag === 'BUTTON' || el.getAttribute('role') === 'button' || el.getAttribute('role') === 'link';
    if (how !== 'click' || !actor) return none;
    const name = `${el.getAttribute('aria-label') ?? ''} ${el.textContent ?? ''}`.replace(/\s+/g, ' ').trim().slice(0, 200);
    let path = '';
    try {
      path = tag === 'A' && (el as HTMLAnchorElement).href ? new URL((el as HTMLAnchorElement).href).pathname : '';
    } catch {
      path = '';
    }
    const verbs =
      /\b(delete|remove|unsubscribe|deactivate|withdraw|pay|purchase|buy|checkout|place order|cancel (?:my )?(?:order|subscription|booking|membership|account))\b|삭제|탈퇴|해지|수신\s*거부|결제|구매|주문하기|예약\s*취소|주문\s*취소/i;
    const hit = name.match(verbs) ?? path.replace(/[-_/]+/g, ' ').match(verbs);
    return hit
      ? { ...none, namedAct: `${hit[0]}${path ? ` (${path})` : ''}`, action: tag === 'A' ? (el as HTMLAnchorElement).href : '' }
      : none;
  }
  let submitter: HTMLElement | null = null;
  let why = '';
  if (submitControl && (how === 'click' || key === 'Enter' || key === ' ' || key === 'Space')) {
    submitter = el as HTMLElement;
    const tied = el.hasAttribute('form') ? ' (tied to its form by form=)' : '';
    why = `${how === 'click' ? 'a click on' : `${key === 'Enter' ? 'Enter' : 'Space'} on`} a submit ${type === 'image' ? 'image button' : 'control'}${tied}`;
  } else if (key === 'Enter' && textLike) {
    submitter =
      (Element.prototype.querySelector.call(
        form,
        'button:not([type]), button[type=submit], input[type=submit], input[type=image]',
      ) as HTMLElement | null) ?? null;
    why = 'Enter in a field submits its form (implicit submission)';
  }
  const controls = Object.getOwnPropertyDescriptor(HTMLFormElement.prototype, 'elements')?.get?.call(form) as HTMLFormControlsCollection;
  const hints = [...controls]
    .map((c) => [c.getAttribute('name'), c.getAttribute('type'), c.getAttribute('autocomplete')].filter(Boolean).join(':'))
    .join(' ')
    .slice(0, 1000);
  if (!why) {
    const changing = toggles && (how === 'change' || how === 'click' || key === ' ' || key === 'Space');
    if (!changing) return none;
    const handlers = ['onchange', 'oninput', 'onclick', 'onsubmit'].some(
      (h) => el.hasAttribute(h) || Element.prototype.hasAttribute.call(form, h),
    );
    // (a listener added by script that submits on a change is held by the network hold when it does)
    if (!handlers) return none;
    return {
      ...none,
      changeWithHandlers: true,
      method: formProp('method'),
      action: formProp('action'),
      why: 'a change in a form with script handlers',
      hints,
    };
  }
  const method = submitter?.hasAttribute('formmethod') ? (submitter as HTMLButtonElement).formMethod : formProp('method');
  const action = submitter?.hasAttribute('formaction') ? (submitter as HTMLButtonElement).formAction : formProp('action');
  if (submitter?.hasAttribute('formaction') || submitter?.hasAttribute('formmethod')) why += ' with its own formaction/formmethod';
  const fields: Array<[string, string]> = [];
  try {
    const data = new FormData(form, submitter && submitter.tagName === 'BUTTON' ? submitter : undefined);
    for (const [k, v] of data.entries()) fields.push([k, typeof v === 'string' ? v : (v as File).name]);
  } catch {
    // a submitter FormData does not accept: the form's own fields are enough
  }
  return { ...none, submits: true, method, action, why, fields: fields.slice(0, 50), hints };
}

/** The element that has focus, looked for through shadow roots and same-origin iframes (an iframe it cannot enter is returned as is). */
export function focusedElement(): Element | null {
  let a: Element | null = document.activeElement;
  for (let i = 0; a && i < 20; i++) {
    const inner: Element | null | undefined = a.shadowRoot?.activeElement;
    if (inner) {
      a = inner;
      continue;
    }
    if (a.tagName === 'IFRAME' || a.tagName === 'FRAME') {
      let doc: Document | null = null;
      try {
        doc = (a as HTMLIFrameElement).contentDocument;
      } catch {
        doc = null;
      }
      if (doc?.activeElement && doc.activeElement !== doc.body) {
        a = doc.activeElement;
        continue;
      }
      return a;
    }
    return a;
  }
  return a;
}

/** Whether a text field offers suggestions as one types: a combobox or search box, aria-autocomplete, or a datalist. */
export function offersSuggestions(el: Element | null): boolean {
  if (!el) return false;
  const role = (el.getAttribute('role') ?? '').toLowerCase();
  const auto = (el.getAttribute('aria-autocomplete') ?? '').toLowerCase();
  const type = el.tagName === 'INPUT' ? String((el as HTMLInputElement).type).toLowerCase() : '';
  return role === 'combobox' || role === 'searchbox' || (auto !== '' && auto !== 'none') || el.hasAttribute('list') || type === 'search';
}
