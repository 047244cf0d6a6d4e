import { shownValue } from "../../../app/domain/csv.ts";

// Text as the tests read it: a literal in a regular expression, an HTML document's words,
// an attribute's escapes undone, a CSV file as a spreadsheet shows it.

/** `text` as a regular expression matching it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** React escapes these in attribute values; a hidden field's value is read back through them. */
export function unescapeHtml(text: string): string {
  return text
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** The words of a document, without its markup, scripts or styles. */
export function textOf(html: string): string {
  const body = html.replace(/<(script|style)\b[^]*?<\/\1>/g, " ").replace(/<[^>]+>/g, " ");
  return unescapeHtml(body).replace(/\s+/g, " ").trim();
}

export type CsvFile = { bom: boolean; lineEnds: string[]; rows: string[][] };

/**
 * RFC 4180 read by hand: fields in double quotes may hold commas, quotes ("") and line breaks.
 * Each field as a spreadsheet shows it.
 */
export function readCsv(text: string): CsvFile {
  const bom = text.startsWith("\uFEFF");
  const source = bom ? text.slice(1) : text;
  const rows: string[][] = [];
  const lineEnds: string[] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < source.length; index += 1) {
    const char = source.charAt(index);
    if (quoted) {
      if (char === '"' && source.charAt(index + 1) === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" || char === "\n") {
      const end = char === "\r" && source.charAt(index + 1) === "\n" ? "\r\n" : char;
      index += end.length - 1;
      row.push(field);
      rows.push(row);
      lineEnds.push(end);
      row = [];
      field = "";
    } else field += char;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
    lineEnds.push("");
  }
  return { bom, lineEnds, rows: rows.map((fields) => fields.map(shownValue)) };
}
