/**
 * Reading lists from the wire: a field typed as an array may still hold anything (or be absent).
 * Pure, framework-free; internal to the domain rules (not re-exported).
 */

/**
 * The list, or `[]` when the value is not an array (absent, `null` or a wrong wire type).
 *
 * `Array.isArray` on its own narrows a `readonly T[] | null | undefined` to `any[]`; this keeps
 * the element type.
 */
export function listOf<T>(value: readonly T[] | null | undefined): readonly T[] {
  return isList(value) ? value : [];
}

/** `Array.isArray`, as a guard that keeps the element type of a readonly array. */
function isList<T>(value: readonly T[] | null | undefined): value is readonly T[] {
  return Array.isArray(value);
}
