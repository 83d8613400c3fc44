/** A JavaScript dialog (alert, confirm, prompt, beforeunload) that blocks a page. */
export interface OpenDialog {
  type: 'alert' | 'confirm' | 'prompt' | 'beforeunload';
  message: string;
  defaultPrompt?: string;
  url: string;
}

export function describeDialog(d: OpenDialog): string {
  return `${d.type} dialog "${d.message}"`;
}
