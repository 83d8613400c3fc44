/** Handles of one document: the same element keeps its number across passes (held by the engine, not by the page). */
export interface HandleRegistry {
  ids: WeakMap<Element, number>;
  els: Array<WeakRef<Element>>;
}
