/** node-postgres answers `{rows}`, PGlite an object with `rows` too; both carry the rows there. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
