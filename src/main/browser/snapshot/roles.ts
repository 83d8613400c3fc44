/** Which accessibility roles a snapshot shows, hides or folds into one line. */
import { createRequire } from 'node:module';

/** Roles an agent acts on: they always get a uid. */
export const ACTIONABLE = new Set([
  'button',
  'link',
  'textbox',
  'searchbox',
  'checkbox',
  'radio',
  'combobox',
  'listbox',
  'option',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'tab',
  'switch',
  'slider',
  'spinbutton',
  'treeitem',
  'Iframe',
  'PopUpButton',
  'ToggleButton',
  'DisclosureTriangle',
  'textField',
]);

/** Wrapper roles that carry nothing an agent needs: their children take their place. */
export const TRANSPARENT = new Set([
  'generic',
  'none',
  'presentation',
  'paragraph',
  'Section',
  'LabelText',
  'InlineTextBox',
  'strong',
  'emphasis',
  'mark',
  'superscript',
  'subscript',
  'time',
  'code',
  'Abbr',
  'Pre',
  'Ruby',
  'insertion',
  'deletion',
  'blockquote',
  'LayoutTable',
  'LayoutTableRow',
  'LayoutTableCell',
  'rowgroup',
  'group',
  'list',
  'DescriptionList',
  'figure',
  'Canvas',
]);

/** Containers printed as one line of text, with only their actionable parts below them. */
export const INLINE_CONTAINERS = new Set([
  'row',
  'listitem',
  'article',
  'cell',
  'gridcell',
  'term',
  'definition',
  'DescriptionListTerm',
  'DescriptionListDetail',
  'caption',
  'legend',
  'note',
  'status',
  'alert',
  'tooltip',
  'label',
  'ListMarker',
  'Legend',
  'columnheader',
  'rowheader',
]);

export const TEXT_ROLES = new Set(['StaticText', 'text']);

/** Date and time inputs are filled as one value; their inner spin fields are noise. */
export const DATE_ROLES = new Set(['Date', 'DateTime', 'InputTime', 'date', 'time']);

/**
 * Roles an in-page snapshot always names, since their name comes from their content (aria-query's
 * role model: nameFrom 'contents'), plus Chromium's names for frames and date/time/colour fields.
 * Any other element is named only when its markup names it (aria-label, aria-labelledby, title,
 * a label, legend, caption or alt): computing a name costs a walk of the content.
 */
let named: string[] | undefined;

/** (aria-query is loaded on the first snapshot, not when the tools load: building its role maps takes a while.) */
export function namedRoles(): string[] {
  if (named) return named;
  const { roles } = createRequire(import.meta.url)('aria-query') as typeof import('aria-query');
  named = [
    ...roles
      .entries()
      // Chromium does not name a table row from its content either: its cells follow on its line
      .filter(([role, def]) => (def.nameFrom ?? []).includes('contents') && role !== 'row' && role !== 'rowgroup')
      .map(([role]) => role),
    'Iframe',
    'Date',
    'DateTime',
    'InputTime',
    'ColorWell',
  ];
  return named;
}
