import type { SQLOutputValue } from "node:sqlite";

export type Row = Record<string, SQLOutputValue>;

// node:sqlite types every column as a generic SQL value; these narrow one column and fail loudly
// when the schema and the query disagree, instead of passing a wrong type to the wire.
export function integerColumn(row: Row, column: string): number {
  const value = row[column];
  if (typeof value !== "number" || !Number.isSafeInteger(value)) {
    throw new TypeError(`Column ${column} is not an integer.`);
  }
  return value;
}

export function textColumn(row: Row, column: string): string {
  const value = row[column];
  if (typeof value !== "string") {
    throw new TypeError(`Column ${column} is not text.`);
  }
  return value;
}

export function nullableTextColumn(row: Row, column: string): string | null {
  const value = row[column];
  if (value === null) {
    return null;
  }
  if (typeof value !== "string") {
    throw new TypeError(`Column ${column} is not text or NULL.`);
  }
  return value;
}

export function insertedId(result: { readonly lastInsertRowid: number | bigint }): number {
  const id = Number(result.lastInsertRowid);
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new TypeError("The insert did not return a row id.");
  }
  return id;
}
