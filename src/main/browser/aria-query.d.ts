/** The part of aria-query (the WAI-ARIA role model as data) the snapshot reads. */
declare module 'aria-query' {
  interface RoleDefinition {
    nameFrom?: string[];
    prohibitedProps?: string[];
    superClass?: string[][];
  }
  export const roles: { entries(): Array<[string, RoleDefinition]> };
}
