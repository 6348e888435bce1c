/**
 * Defines a custom element once: a second copy of the bundle (or a re-import) on the same page
 * must not throw.
 */
export function defineElement(tag: string, ctor: CustomElementConstructor): void {
  if (typeof customElements !== 'undefined' && !customElements.get(tag)) customElements.define(tag, ctor);
}
